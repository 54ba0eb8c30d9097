import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionEvent } from '../../src/protocol/messages.js';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionHost, inThreadBackend } from '../../src/host/session-host.js';

// The session opens a copy of a demo trace (a reader may leave -wal/-shm files beside what it opened).
const dir = mkdtempSync(join(tmpdir(), 'ws-main-'));
copyFileSync('traces/hello.trace', join(dir, 'hello.trace'));
copyFileSync('examples/hello.cu', join(dir, 'hello.cu'));
writeFileSync(join(dir, 'notes.txt'), 'not a program\n');

/*
 * The main process with Electron mocked at its edge and a real session (in this thread): the
 * window is locked down, the page's commands are validated and reach the session, its events
 * reach the page, and File > Open opens what the dialog chose.
 */

type Handler = (...args: unknown[]) => void;
type MenuItem = { label?: string; enabled?: boolean; click?: () => void; submenu?: MenuItem[] };
const m = vi.hoisted(() => {
  const sent: unknown[] = [];
  const webContents = { send: (channel: string, e: unknown) => sent.push([channel, e]), on: () => {}, setWindowOpenHandler: () => {} };
  return { sent, webContents, windows: [] as { options: Record<string, unknown> }[], ipc: new Map<string, Handler>(), menu: [] as MenuItem[], dialogPath: '', userData: '' };
});

vi.mock('electron', () => ({
  app: { whenReady: () => Promise.resolve(), on: () => {}, quit: () => {}, getPath: (name: string) => (name === 'userData' ? m.userData : '/nowhere') },
  BrowserWindow: class {
    webContents = m.webContents;
    constructor(options: Record<string, unknown>) {
      m.windows.push({ options });
    }
    loadFile(): Promise<void> {
      return Promise.resolve();
    }
    loadURL(): Promise<void> {
      return Promise.resolve();
    }
    isDestroyed(): boolean {
      return false;
    }
    on(): void {}
  },
  ipcMain: { on: (channel: string, h: Handler) => m.ipc.set(channel, h) },
  dialog: { showOpenDialog: () => Promise.resolve({ canceled: false, filePaths: [m.dialogPath] }) },
  Menu: { buildFromTemplate: (t: typeof m.menu) => (m.menu = t), setApplicationMenu: () => {} },
}));

const events = (): SessionEvent[] => m.sent.map((x) => (x as [string, SessionEvent])[1]);
const settle = async (until: () => boolean): Promise<void> => {
  for (let i = 0; i < 200 && !until(); i++) await new Promise((r) => setTimeout(r, 10));
};

const fileMenu = (): MenuItem[] => m.menu.find((x) => x.label === 'File')!.submenu!;
const recentItems = (): MenuItem[] => fileMenu().find((x) => x.label === 'Open Recent')!.submenu!;
const openedCount = (): number => events().filter((e) => e.kind === 'opened').length;

beforeAll(async () => {
  m.userData = mkdtempSync(join(tmpdir(), 'ws-userdata-'));
  const { startApp } = await import('../../src/main/app.js');
  await startApp(() => new SessionHost(inThreadBackend(undefined, dir)), '/app/out/main');
});

describe('main process', () => {
  it('opens one window with context isolation and sandbox on, node integration off, and the preload', () => {
    expect(m.windows).toHaveLength(1);
    const prefs = m.windows[0]!.options['webPreferences'] as Record<string, unknown>;
    expect(prefs).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, preload: '/app/out/preload/index.js' });
  });

  it('File > Open opens the file the dialog chose, and the page hears it', async () => {
    m.dialogPath = join(dir, 'hello.trace');
    const open = m.menu.find((x) => x.label === 'File')!.submenu!.find((x) => x.label === 'Open…')!;
    open.click!();
    await settle(() => events().some((e) => e.kind === 'opened'));
    expect(events().find((e) => e.kind === 'opened')).toMatchObject({ kind: 'opened', mode: 'replay', mainFile: 'examples/hello.cu' });
  });

  it('passes the page’s valid commands to the session and answers bad ones with an error', async () => {
    const command = m.ipc.get('warpscope:command')!;
    command({ sender: m.webContents }, { kind: 'console', line: 'run' });
    await settle(() => events().some((e) => e.kind === 'exited'));
    expect(events()).toContainEqual({ kind: 'command', line: 'run' });
    expect(events()).toContainEqual({ kind: 'exited', status: 0 });
    command({ sender: m.webContents }, { kind: 'console', line: 42 });
    expect(events().at(-1)).toMatchObject({ kind: 'error' });
    command({ sender: m.webContents }, { kind: 'open', target: { kind: 'source', path: '/etc/passwd.cu' } });
    expect(events().at(-1)).toEqual({ kind: 'open-failed', message: 'files are opened with File > Open' });
  });

  it('ignores messages from any other page', () => {
    const before = m.sent.length;
    m.ipc.get('warpscope:command')!({ sender: {} }, { kind: 'console', line: 'info breakpoints' });
    expect(m.sent.length).toBe(before);
  });

  it('keeps the files opened in File > Open Recent, persisted under userData, and opens one from there', async () => {
    // The File > Open test opened hello.trace: it is the one recent file.
    const saved = JSON.parse(readFileSync(join(m.userData, 'recent-files.json'), 'utf8')) as string[];
    expect(saved).toEqual([join(dir, 'hello.trace')]);
    expect(recentItems()[0]!.label).toBe(`hello.trace  —  ${dir}`);
    m.dialogPath = join(dir, 'hello.cu');
    const before = openedCount();
    fileMenu().find((x) => x.label === 'Open…')!.click!();
    await settle(() => openedCount() > before);
    // Most recent first; the menu was rebuilt.
    await settle(() => recentItems().length === 4);
    expect(recentItems().map((x) => x.label)).toEqual([`hello.cu  —  ${dir}`, `hello.trace  —  ${dir}`, undefined, 'Clear Recently Opened']);
    recentItems()[1]!.click!();
    await settle(() => openedCount() > before + 1);
    expect(events().filter((e) => e.kind === 'opened').at(-1)).toMatchObject({ mode: 'replay' });
    expect(JSON.parse(readFileSync(join(m.userData, 'recent-files.json'), 'utf8'))).toEqual([join(dir, 'hello.trace'), join(dir, 'hello.cu')]);
  });

  it('answers the page’s Open menu with the recent files and opens only those by path', async () => {
    const command = m.ipc.get('warpscope:command')!;
    command({ sender: m.webContents }, { kind: 'list-files' });
    expect(events().at(-1)).toEqual({ kind: 'file-list', listing: { folder: null, files: [], recent: [join(dir, 'hello.trace'), join(dir, 'hello.cu')] } });
    const before = openedCount();
    command({ sender: m.webContents }, { kind: 'open', target: { kind: 'source', path: join(dir, 'hello.cu') } });
    await settle(() => openedCount() > before);
    expect(events().filter((e) => e.kind === 'opened').at(-1)).toMatchObject({ mode: 'live', title: 'hello.cu' });
    command({ sender: m.webContents }, { kind: 'open', target: { kind: 'source', path: join(dir, 'other.cu') } });
    expect(events().at(-1)).toEqual({ kind: 'open-failed', message: 'files are opened with File > Open' });
    command({ sender: m.webContents }, { kind: 'upload', files: [{ name: 'x.cu', text: 'int main() { return 0; }' }] });
    expect(events().at(-1)).toMatchObject({ kind: 'open-failed' });
  });

  it('opens a file dropped on the window by the path the preload read, and refuses other drops', async () => {
    const drop = m.ipc.get('warpscope:drop')!;
    const before = openedCount();
    drop({ sender: m.webContents }, join(dir, 'hello.trace'));
    await settle(() => openedCount() > before);
    expect(events().filter((e) => e.kind === 'opened').at(-1)).toMatchObject({ mode: 'replay', mainFile: 'examples/hello.cu' });
    drop({ sender: m.webContents }, join(dir, 'notes.txt'));
    expect(events().at(-1)).toEqual({ kind: 'open-failed', message: "only .cu and .trace files can be opened, not 'notes.txt'" });
    drop({ sender: m.webContents }, '');
    expect(events().at(-1)).toEqual({ kind: 'open-failed', message: 'only files from disk can be dropped here' });
    drop({ sender: m.webContents }, 'relative/prog.cu');
    expect(events().at(-1)).toEqual({ kind: 'open-failed', message: 'a dropped file needs an absolute path' });
    const n = m.sent.length;
    drop({ sender: {} }, join(dir, 'hello.trace'));
    expect(m.sent.length).toBe(n);
  });

  it('Clear Recently Opened empties the list and its file', () => {
    recentItems().find((x) => x.label === 'Clear Recently Opened')!.click!();
    expect(recentItems()[0]).toMatchObject({ label: 'No recent files', enabled: false });
    expect(existsSync(join(m.userData, 'recent-files.json')) && JSON.parse(readFileSync(join(m.userData, 'recent-files.json'), 'utf8'))).toEqual([]);
  });
});
