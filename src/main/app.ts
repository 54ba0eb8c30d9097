import { app, BrowserWindow, dialog, ipcMain, Menu, type IpcMainEvent, type MenuItemConstructorOptions } from 'electron';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { CHANNELS } from '../protocol/bridge.js';
import type { SessionCommand, SessionEvent } from '../protocol/messages.js';
import { parseCommand } from '../protocol/validate.js';
import type { SessionHost } from '../host/session-host.js';
import { OpenTracker, RecentFiles, targetOf } from '../host/recent-files.js';
import { droppedTarget, recentMenu } from './files.js';

/*
 * The desktop app's main process: one window, one session service (in a child process of the
 * system Node, so the window never freezes and better-sqlite3's addon loads), and the IPC
 * between them. The page can only send validated session commands and hear events; which
 * files it opens is the user's choice (File > Open, a recent file, a file dropped on the
 * window), never a path the page makes up.
 */

/** The window's security settings: the page gets the preload's bridge and nothing of Node. */
export const WEB_PREFERENCES = { contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true } as const;

function createWindow(dir: string): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    title: 'Warpscope',
    backgroundColor: '#1e1e1e',
    webPreferences: { ...WEB_PREFERENCES, preload: join(dir, '../preload/index.js') },
  });
  if (process.env['ELECTRON_RENDERER_URL']) void win.loadURL(process.env['ELECTRON_RENDERER_URL']);
  else void win.loadFile(join(dir, '../renderer/index.html'));
  // The page never navigates away or opens windows of its own.
  win.webContents.on('will-navigate', (e) => e.preventDefault());
  win.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  return win;
}

/** The menu: File > Open, and the Debug actions with their keys (the page handles the keys themselves). */
function menu(open: () => void, recent: MenuItemConstructorOptions, send: (cmd: SessionCommand) => void, running: () => boolean): MenuItemConstructorOptions[] {
  const item = (label: string, accelerator: string, cmd: () => SessionCommand): MenuItemConstructorOptions => ({ label, accelerator, registerAccelerator: false, click: () => send(cmd()) });
  return [
    { label: 'File', submenu: [{ label: 'Open…', accelerator: 'CmdOrCtrl+O', click: open }, recent, { type: 'separator' }, { role: 'quit' }] },
    {
      label: 'Debug',
      submenu: [
        item('Run / Continue', 'F5', () => ({ kind: 'motion', motion: running() ? 'continue' : 'run' })),
        item('Next', 'F10', () => ({ kind: 'motion', motion: 'next' })),
        item('Step', 'F11', () => ({ kind: 'motion', motion: 'step' })),
        item('Finish', 'Shift+F11', () => ({ kind: 'motion', motion: 'finish' })),
        { type: 'separator' },
        item('Reverse Step', 'CmdOrCtrl+F11', () => ({ kind: 'motion', motion: 'reverse-step' })),
        item('Reverse Next', 'CmdOrCtrl+F10', () => ({ kind: 'motion', motion: 'reverse-next' })),
        item('Reverse Continue', 'CmdOrCtrl+Shift+F5', () => ({ kind: 'motion', motion: 'reverse-continue' })),
        { type: 'separator' },
        item('Pause', 'CmdOrCtrl+C', () => ({ kind: 'interrupt' })),
        item('Stop', 'Shift+F5', () => ({ kind: 'console', line: 'kill', button: true })),
      ],
    },
    { role: 'viewMenu' },
  ];
}

/** Starts the app: `makeHost` gives the session (in a child process of Node); `dir` is where the built main script lives. */
export function startApp(makeHost: () => SessionHost, dir: string): Promise<void> {
  app.on('window-all-closed', () => app.quit());
  return app.whenReady().then(() => {
    const host = makeHost();
    const win = createWindow(dir);
    let running = false;
    // Recent files live with the user's settings, so every window and folder shares them.
    const recent = new RecentFiles(join(app.getPath('userData'), 'recent-files.json'));
    const setMenu = (): void => Menu.setApplicationMenu(Menu.buildFromTemplate(menu(() => void open(), recentMenu(recent.list(), openPath, clearRecent), (cmd) => conn.send(cmd), () => running)));
    const tracker = new OpenTracker((path) => {
      recent.add(path);
      setMenu();
    });
    const toPage = (e: SessionEvent): void => {
      if (e.kind === 'stopped') running = e.stop !== null;
      tracker.event(e);
      if (!win.isDestroyed()) win.webContents.send(CHANNELS.event, e);
    };
    const conn = host.connect(toPage);
    const openPath = (path: string): void => {
      const target = targetOf(path);
      tracker.requested(target);
      host.send({ kind: 'open', target });
    };
    const clearRecent = (): void => {
      recent.clear();
      setMenu();
    };
    ipcMain.on(CHANNELS.command, (ev: IpcMainEvent, raw: unknown) => {
      // Only this window's page speaks for the session.
      if (ev.sender !== win.webContents) return;
      const p = parseCommand(raw);
      if (!p.ok) return toPage({ kind: 'error', message: p.error });
      const cmd = p.command;
      // The page's Open menu offers the recent files; any other path is the dialog's to choose.
      if (cmd.kind === 'list-files') return toPage({ kind: 'file-list', listing: { folder: null, files: [], recent: recent.list().filter((f) => existsSync(f)) } });
      if (cmd.kind === 'open') return recent.list().includes(cmd.target.path) ? openPath(cmd.target.path) : toPage({ kind: 'open-failed', message: 'files are opened with File > Open' });
      if (cmd.kind === 'upload') return toPage({ kind: 'open-failed', message: 'drop the file on the window: it opens where it is' });
      conn.send(cmd);
    });
    ipcMain.on(CHANNELS.drop, (ev: IpcMainEvent, raw: unknown) => {
      if (ev.sender !== win.webContents) return;
      const target = droppedTarget(raw);
      if (typeof target === 'string') return toPage({ kind: 'open-failed', message: target });
      openPath(target.path);
    });
    const open = async (): Promise<void> => {
      const r = await dialog.showOpenDialog(win, { properties: ['openFile'], filters: [{ name: 'CUDA programs and traces', extensions: ['cu', 'trace'] }] });
      const path = r.canceled ? undefined : r.filePaths[0];
      if (path) openPath(path);
    };
    setMenu();
    win.on('closed', () => {
      conn.close();
      void host.close();
    });
  });
}
