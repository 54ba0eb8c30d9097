import { app, BrowserWindow, dialog, ipcMain } from 'electron';
import { Worker } from 'node:worker_threads';
import { basename, join } from 'node:path';
import { defaultRunOptions, type EngineCommand, type EngineEvent } from '../engine/api.js';

/*
 * The desktop app's main process: owns the window and runs engine commands in a worker,
 * forwarding their events to the renderer through the preload's narrow API.
 */

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1200,
    height: 800,
    title: 'Warpscope',
    webPreferences: { preload: join(__dirname, '../preload/index.js'), contextIsolation: true, sandbox: true, nodeIntegration: false },
  });
  if (process.env['ELECTRON_RENDERER_URL']) void win.loadURL(process.env['ELECTRON_RENDERER_URL']);
  else void win.loadFile(join(__dirname, '../renderer/index.html'));
  return win;
}

/** Runs a program in a worker thread, sending each event to the window that asked. */
function runInWorker(win: BrowserWindow, file: string, args: readonly string[]): void {
  const cmd: EngineCommand = { kind: 'run', file, argv: [basename(file, '.cu'), ...args], options: defaultRunOptions };
  const worker = new Worker(join(__dirname, 'engine-worker.js'), { workerData: cmd });
  worker.on('message', (e: EngineEvent) => win.webContents.send('warpscope:event', e));
  worker.on('error', (err) => win.webContents.send('warpscope:event', { kind: 'stderr', text: `warpscope: internal error: ${err.message}\n` } satisfies EngineEvent));
}

void app.whenReady().then(() => {
  const win = createWindow();
  ipcMain.handle('warpscope:open', async () => {
    const r = await dialog.showOpenDialog(win, { properties: ['openFile'], filters: [{ name: 'CUDA source', extensions: ['cu'] }] });
    return r.canceled ? null : (r.filePaths[0] ?? null);
  });
  ipcMain.handle('warpscope:run', (_e, file: unknown, args: unknown) => {
    if (typeof file !== 'string' || !Array.isArray(args) || !args.every((a) => typeof a === 'string')) return false;
    runInWorker(win, file, args);
    return true;
  });
});

app.on('window-all-closed', () => app.quit());
