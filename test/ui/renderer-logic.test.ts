import { describe, expect, it, vi } from 'vitest';
import { highlight } from '../../src/renderer/src/source/highlight.js';
import { LineEditor, PROMPT } from '../../src/renderer/src/console/line-editor.js';
import { initialState, reduce, runningNote, RUNNING_AFTER_MS, SessionStore, type SessionState } from '../../src/renderer/src/store/session-store.js';
import { socketUrl, webSocketClient, type SocketLike } from '../../src/renderer/src/client/ws-client.js';
import { actionForKey, ACTIONS } from '../../src/renderer/src/actions.js';
import { cellsThatFit } from '../../src/renderer/src/console/fit.js';
import type { SessionEvent } from '../../src/protocol/messages.js';

/* The renderer's logic without a browser: highlighting, line editing, the store, the WebSocket client, the keymap. */

describe('highlight', () => {
  it('colours CUDA code, with block comments across lines', () => {
    const [a, b, c, d] = highlight('__global__ void k(float *A) { int i = threadIdx.x; /* two\nlines */ A[i] = 1.5f; }\n#include <stdio.h> // io\nprintf("%d\\n", 0x1F);');
    expect(a!.filter((t) => t.kind !== 'plain').map((t) => `${t.kind}:${t.text}`)).toEqual(['keyword:__global__', 'type:void', 'type:float', 'type:int', 'builtin:threadIdx', 'comment:/* two']);
    expect(b!.map((t) => `${t.kind}:${t.text}`)).toEqual(['comment:lines */', 'plain: A[i] = ', 'number:1.5f', 'plain:; }']);
    expect(c!.map((t) => t.kind)).toEqual(['preproc', 'comment']);
    expect(d!.filter((t) => t.kind !== 'plain').map((t) => t.kind)).toEqual(['builtin', 'string', 'number']);
    expect(highlight('a\nb\n').map((l) => l.map((t) => t.text).join(''))).toEqual(['a', 'b', '']);
  });
});

describe('console line editor', () => {
  it('edits, submits, and repeats the last command on an empty line (as gdb does)', () => {
    const e = new LineEditor();
    expect(e.input('prnt').echo.endsWith(`${PROMPT}prnt`)).toBe(true);
    e.input('\x1b[D\x1b[Di');
    expect(e.line).toBe('print');
    expect(e.input('\x1b[F x\r').actions).toEqual([{ kind: 'submit', line: 'print x' }]);
    expect(e.input('\r').actions).toEqual([{ kind: 'submit', line: 'print x' }]);
  });

  it('browses history with up and down, keeping the draft', () => {
    const e = new LineEditor();
    e.input('next\r');
    e.input('step\r');
    e.input('inf');
    e.input('\x1b[A');
    expect(e.line).toBe('step');
    e.input('\x1b[A\x1b[A');
    expect(e.line).toBe('next');
    e.input('\x1b[B\x1b[B');
    expect(e.line).toBe('inf');
  });

  it('completes a unique word, extends a common prefix, lists the rest', () => {
    const e = new LineEditor();
    e.input('info cu\t');
    expect(e.complete('info cu', ['cuda'])).toContain('info cuda ');
    expect(e.line).toBe('info cuda ');
    const f = new LineEditor();
    f.input('rev');
    f.complete('rev', ['reverse-next', 'reverse-step']);
    expect(f.line).toBe('reverse-');
    expect(f.complete('reverse-', ['reverse-next', 'reverse-step'])).toContain('reverse-next  reverse-step');
    expect(f.complete('stale', ['x'])).toBe('');
  });

  it('turns Ctrl-C into an interrupt', () => {
    expect(new LineEditor().input('\x03').actions).toEqual([{ kind: 'interrupt' }]);
  });
});

describe('session store', () => {
  it('follows the stop into its file and clears the exit when the program runs again', () => {
    let s: SessionState = reduce(initialState, { kind: 'opened', mode: 'live', title: 'a.cu', mainFile: 'a.cu', files: [{ path: 'a.cu', text: '' }, { path: 'b.h', text: '' }] });
    s = reduce(s, { kind: 'exited', status: 3 });
    expect(s.exit).toEqual({ status: 3 });
    s = reduce(s, { kind: 'stopped', stop: { step: 5, focus: { kind: 'host' }, file: 'b.h', line: 2 } });
    expect(s.viewFile).toBe('b.h');
    expect(s.exit).toBeNull();
    s = reduce(s, { kind: 'program-output', reset: false, chunks: [{ stream: 'stdout', text: 'x' }] });
    s = reduce(s, { kind: 'program-output', reset: true, chunks: [] });
    expect(s.output).toEqual([]);
  });

  it('gives panels state and the console every event', () => {
    let emit: (e: SessionEvent) => void = () => {};
    const sent: unknown[] = [];
    const store = new SessionStore({ send: (c) => sent.push(c), onEvent: (l) => (emit = l), onConnection: (l) => l('open') });
    const states: SessionState[] = [];
    const heard: SessionEvent[] = [];
    store.subscribe((s) => states.push(s));
    store.listen((e) => heard.push(e));
    emit({ kind: 'busy', busy: true });
    emit({ kind: 'output', text: 'hi' });
    expect(states.map((s) => s.busy)).toEqual([false, true]);
    expect(heard.map((e) => e.kind)).toEqual(['busy', 'output']);
    store.send({ kind: 'sync' });
    expect(sent).toEqual([{ kind: 'sync' }]);
  });

  it('says the program is running once a command goes on, with the steps recorded so far', () => {
    vi.useFakeTimers();
    try {
      let emit: (e: SessionEvent) => void = () => {};
      const store = new SessionStore({ send: () => {}, onEvent: (l) => (emit = l), onConnection: (l) => l('open') });
      emit({ kind: 'opened', mode: 'live', title: 'a.cu', mainFile: 'a.cu', files: [] });
      // A command that answers at once is not the program running.
      emit({ kind: 'busy', busy: true });
      emit({ kind: 'busy', busy: false });
      vi.advanceTimersByTime(RUNNING_AFTER_MS * 2);
      expect(runningNote(store.current)).toBeNull();
      emit({ kind: 'busy', busy: true });
      emit({ kind: 'timeline', timeline: { bars: [], steps: 12345, complete: false } });
      vi.advanceTimersByTime(RUNNING_AFTER_MS);
      expect(store.current.running).toBe(true);
      expect(runningNote(store.current)).toBe('Running… 12,345 steps recorded (pause to inspect)');
      emit({ kind: 'busy', busy: false });
      expect(runningNote(store.current)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells a classroom viewer the presenter\'s program runs, and not a presenter\'s quick command', () => {
    vi.useFakeTimers();
    try {
      let emit: (e: SessionEvent) => void = () => {};
      const store = new SessionStore({ send: () => {}, onEvent: (l) => (emit = l), onConnection: (l) => l('open') });
      emit({ kind: 'role', role: 'viewer' });
      emit({ kind: 'opened', mode: 'replay', title: 'a.trace', mainFile: 'a.cu', files: [] });
      emit({ kind: 'presenter-busy', busy: true });
      emit({ kind: 'presenter-busy', busy: false });
      vi.advanceTimersByTime(RUNNING_AFTER_MS * 2);
      expect(store.current.running).toBe(false);
      emit({ kind: 'presenter-busy', busy: true });
      // The viewer's own command (following a stop) ends while the presenter's still runs.
      emit({ kind: 'busy', busy: true });
      emit({ kind: 'busy', busy: false });
      vi.advanceTimersByTime(RUNNING_AFTER_MS);
      expect(store.current).toMatchObject({ busy: false, presenterBusy: true, running: true });
      expect(runningNote(store.current)).toBe('Running… (the presenter runs the program)');
      emit({ kind: 'presenter-busy', busy: false });
      expect(store.current.running).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('WebSocket client', () => {
  it('connects to /ws with the page token and holds commands until the socket opens', () => {
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:9000', search: '?token=a-b_c' })).toBe('ws://127.0.0.1:9000/ws?token=a-b_c');
    const listeners = new Map<string, (ev: { data?: unknown }) => void>();
    const out: string[] = [];
    const sock: SocketLike = { readyState: 0, send: (d) => out.push(d), addEventListener: (t, l) => listeners.set(t, l) };
    const c = webSocketClient({ protocol: 'http:', host: 'h', search: '?token=t' }, () => sock);
    const states: string[] = [];
    const events: SessionEvent[] = [];
    c.onConnection((s) => states.push(s));
    c.onEvent((e) => events.push(e));
    c.send({ kind: 'sync' });
    expect(out).toEqual([]);
    listeners.get('open')!({});
    expect(out).toEqual(['{"kind":"sync"}']);
    listeners.get('message')!({ data: '{"kind":"busy","busy":false}' });
    listeners.get('message')!({ data: 'garbage' });
    listeners.get('close')!({});
    expect(events).toEqual([{ kind: 'busy', busy: false }]);
    expect(states).toEqual(['connecting', 'open', 'closed']);
  });
});

describe('keys and toolbar', () => {
  const key = (k: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean }> = {}) => ({ key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });
  const stopped: SessionState = { ...initialState, connection: 'open', mode: 'live', stop: { step: 1, focus: { kind: 'host' }, file: 'a.cu', line: 1 } };

  it('maps VS Code’s keys to the debugger’s motions', () => {
    expect(actionForKey(key('F5'))?.command({ ...stopped, stop: null })).toEqual({ kind: 'motion', motion: 'run' });
    expect(actionForKey(key('F5'))?.command(stopped)).toEqual({ kind: 'motion', motion: 'continue' });
    expect(actionForKey(key('F10'))?.command(stopped)).toEqual({ kind: 'motion', motion: 'next' });
    expect(actionForKey(key('F11'))?.command(stopped)).toEqual({ kind: 'motion', motion: 'step' });
    expect(actionForKey(key('F11', { shiftKey: true }))?.command(stopped)).toEqual({ kind: 'motion', motion: 'finish' });
    expect(actionForKey(key('F11', { ctrlKey: true }))?.command(stopped)).toEqual({ kind: 'motion', motion: 'reverse-step' });
    expect(actionForKey(key('a'))).toBeNull();
  });

  it('offers nothing but Pause and Stop while a command runs, and no stepping before the program runs', () => {
    const busy = { ...stopped, busy: true };
    expect(ACTIONS.filter((a) => a.command(busy) !== null).map((a) => a.id)).toEqual(['interrupt', 'kill']);
    // Stop works at any time, as VS Code's does: a program running from the start has no stop yet.
    expect(actionForKey(key('F5', { shiftKey: true }))?.command({ ...busy, stop: null })).toEqual({ kind: 'console', line: 'kill', button: true });
    expect(ACTIONS.filter((a) => a.command({ ...stopped, stop: null }) !== null).map((a) => a.id)).toEqual(['continue']);
  });
});

describe('console fit', () => {
  it('fits whole cells left of the scrollbar', () => {
    // xterm 6's scrollbar is 14 pixels: two 7-pixel columns, not one, stop short of it.
    expect(cellsThatFit({ width: 700, height: 300 }, { width: 7, height: 15 }, 14)).toEqual({ cols: 98, rows: 20 });
    expect(cellsThatFit({ width: 700, height: 300 }, { width: 7, height: 15 })).toEqual({ cols: 100, rows: 20 });
    expect(cellsThatFit({ width: 700, height: 300 }, { width: 0, height: 0 })).toEqual({ cols: 80, rows: 24 });
  });
});
