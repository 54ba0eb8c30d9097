import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { WarpscopeBridge } from '../../src/protocol/bridge.js';
import type { SessionEvent } from '../../src/protocol/messages.js';

/*
 * The preload with Electron mocked at its edge: it exposes one bridge, which only sends session
 * commands on the command channel and delivers events from the event channel.
 */

const exposed = new Map<string, unknown>();
const handlers = new Map<string, ((e: unknown, msg: SessionEvent) => void)[]>();
const sent: [string, unknown][] = [];

const paths = new Map<unknown, string>();

vi.mock('electron', () => ({
  webUtils: { getPathForFile: (f: unknown) => paths.get(f) ?? '' },
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) },
  ipcRenderer: {
    send: (channel: string, msg: unknown) => sent.push([channel, msg]),
    on: (channel: string, h: (e: unknown, msg: SessionEvent) => void) => handlers.set(channel, [...(handlers.get(channel) ?? []), h]),
    removeListener: (channel: string, h: (e: unknown, msg: SessionEvent) => void) => handlers.set(channel, (handlers.get(channel) ?? []).filter((x) => x !== h)),
  },
}));

beforeAll(async () => {
  await import('../../src/preload/index.js');
});

describe('preload', () => {
  it('exposes only the bridge, with only send and onEvent', () => {
    expect([...exposed.keys()]).toEqual(['warpscope']);
    expect(Object.keys(exposed.get('warpscope') as object).sort()).toEqual(['onEvent', 'openFile', 'send']);
  });

  it('sends commands on the command channel and delivers events until unsubscribed', () => {
    const bridge = exposed.get('warpscope') as WarpscopeBridge;
    bridge.send({ kind: 'console', line: 'print i' });
    expect(sent).toEqual([['warpscope:command', { kind: 'console', line: 'print i' }]]);
    const got: SessionEvent[] = [];
    const stop = bridge.onEvent((e) => got.push(e));
    const emit = (e: SessionEvent): void => (handlers.get('warpscope:event') ?? []).forEach((h) => h({ sender: 'main' }, e));
    emit({ kind: 'busy', busy: true });
    stop();
    emit({ kind: 'busy', busy: false });
    expect(got).toEqual([{ kind: 'busy', busy: true }]);
  });

  it('sends a dropped file’s path, as Electron gives it, on the drop channel (main checks it)', () => {
    const bridge = exposed.get('warpscope') as WarpscopeBridge;
    const file = new File(['__global__ void k() {}'], 'k.cu');
    paths.set(file, '/home/u/k.cu');
    sent.length = 0;
    bridge.openFile(file);
    bridge.openFile(new File([''], 'pasted.cu'));
    expect(sent).toEqual([['warpscope:drop', '/home/u/k.cu'], ['warpscope:drop', '']]);
  });
});
