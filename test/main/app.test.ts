import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionEvent } from '../../src/protocol/messages.js';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionHost, inThreadBackend } from '../../src/host/session-host.js';

// The session opens a copy of a demo trace (a reader may leave -wal/-shm files beside what it opened).
const dir = mkdtempSync(join(tmpdir(), 'ws-main-'));
copyFileSync('traces/hello.trace', join(dir, 'hello.trace'));

/*
 * The main process with Electron mocked at its edge and a real session (in this thread): the
 * window is locked down, the page's commands are validated and reach the session, its events
 * reach the page, and File > Open opens what the dialog chose.
 */

type Handler = (...args: unknown[]) => void;
const m = vi.hoisted(() => {
  const sent: unknown[] = [];
  const webContents = { send: (channel: string, e: unknown) => sent.push([channel, e]), on: () => {}, setWindowOpenHandler: () => {} };
  return { sent, webContents, windows: [] as { options: Record<string, unknown> }[], ipc: new Map<string, Handler>(), menu: [] as { label?: string; submenu?: { label?: string; click?: () => void }[] }[], dialogPath: '' };
});

vi.mock('electron', () => ({
  app: { whenReady: () => Promise.resolve(), on: () => {}, quit: () => {} },
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

beforeAll(async () => {
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
});
