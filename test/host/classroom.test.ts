import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionHost, inThreadBackend, type HostConnection } from '../../src/host/session-host.js';
import { Classroom } from '../../src/host/classroom.js';
import { nodeServiceEnv } from '../../src/host/node-env.js';
import type { SessionEvent } from '../../src/protocol/messages.js';
import { until } from './until.js';
import { MASK, snapshotWords } from '../../src/protocol/views.js';

/*
 * A classroom as `warpscope serve --classroom` wires it (in this thread): a presenter's session
 * and viewers following it. A viewer follows the presenter to the program's end, whether it
 * watched the run or joined after it, and a line it may not run is answered in its console.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-classroom-'));
copyFileSync('examples/avgfilter.cu', join(dir, 'avgfilter.cu'));
copyFileSync('examples/avgfilter_barrier_bug.cu', join(dir, 'barrier_bug.cu'));
writeFileSync(join(dir, 'fault.cu'), '__global__ void k(int *a) {\n  int i = threadIdx.x;\n  a[i + 100000000] = 1;\n}\nint main() {\n  int *d;\n  cudaMalloc(&d, 128);\n  k<<<1, 32>>>(d);\n  cudaDeviceSynchronize();\n  return 0;\n}\n');
writeFileSync(join(dir, 'broken.cu'), '__global__ void k(int *a) {\n  a[0] = 1 +;\n}\nint main() { return 0; }\n');

/** A viewer's page: the events it heard, and its link to send lines. */
type Viewer = SessionEvent[] & { conn: HostConnection };

/** A presenter at avgfilter.cu's first stop at line 27, and a classroom following it. */
async function presenting(): Promise<{ presenter: SessionHost; p: SessionEvent[]; room: Classroom; enter: () => Viewer }> {
  const presenter = new SessionHost(inThreadBackend(undefined, dir));
  const p: SessionEvent[] = [];
  presenter.connect((e) => p.push(e));
  const room = new Classroom(presenter, nodeServiceEnv());
  presenter.send({ kind: 'open', target: { kind: 'source', path: join(dir, 'avgfilter.cu') } });
  presenter.send({ kind: 'console', line: 'break 27' });
  presenter.send({ kind: 'motion', motion: 'run' });
  await until(p, (e) => e.kind === 'stopped' && e.stop !== null);
  const enter = (): Viewer => {
    const events: SessionEvent[] = [];
    const conn = room.connect((e) => events.push(e));
    conn.send({ kind: 'sync' });
    return Object.assign(events, { conn });
  };
  return { presenter, p, room, enter };
}

describe('a classroom', () => {
  it('takes its viewers to the end of the presenter\'s program, and one joining after it too', async () => {
    const { presenter, p, room, enter } = await presenting();
    const early = enter();
    await until(early, (e) => e.kind === 'stopped' && e.stop?.line === 27);
    presenter.send({ kind: 'console', line: 'delete' });
    presenter.send({ kind: 'console', line: 'y' });
    presenter.send({ kind: 'motion', motion: 'continue' });
    await until(p, (e) => e.kind === 'exited');
    expect(await until(early, (e) => e.kind === 'exited')).toEqual({ kind: 'exited', status: 0 });
    const late = enter();
    expect(await until(late, (e) => e.kind === 'exited')).toEqual({ kind: 'exited', status: 0 });
    for (const v of [early, late]) {
      expect(v.filter((e) => e.kind === 'stopped').pop()).toEqual({ kind: 'stopped', stop: null });
      expect(v.some((e) => e.kind === 'output' && e.text.includes('exited normally'))).toBe(true);
    }
    room.close();
    await presenter.close();
  });

  it('takes a viewer joining after a program that faulted under memcheck to its end, past the stops the presenter went past', async () => {
    for (const setup of ['set cuda memcheck on', null]) {
      const presenter = new SessionHost(inThreadBackend(undefined, dir));
      const p: SessionEvent[] = [];
      presenter.connect((e) => p.push(e));
      const room = new Classroom(presenter, nodeServiceEnv());
      presenter.send({ kind: 'open', target: { kind: 'source', path: join(dir, 'fault.cu') } });
      if (setup) presenter.send({ kind: 'console', line: setup });
      presenter.send({ kind: 'motion', motion: 'run' });
      await until(p, (e) => e.kind === 'stopped' && e.stop !== null);
      presenter.send({ kind: 'motion', motion: 'continue' });
      const exit = await until(p, (e) => e.kind === 'exited');
      const v: SessionEvent[] = [];
      room.connect((e) => v.push(e)).send({ kind: 'sync' });
      expect(await until(v, (e) => e.kind === 'exited')).toEqual(exit);
      room.close();
      expect(v.filter((e) => e.kind === 'stopped').pop()).toEqual({ kind: 'stopped', stop: null });
      await presenter.close();
    }
  });

  it('stops its viewers\' program when the presenter kills it', async () => {
    const { presenter, p, room, enter } = await presenting();
    const v = enter();
    await until(v, (e) => e.kind === 'stopped' && e.stop?.line === 27);
    v.length = 0;
    presenter.send({ kind: 'console', line: 'kill' });
    presenter.send({ kind: 'console', line: 'y' });
    await until(p, (e) => e.kind === 'output' && e.text.includes('killed'));
    await until(v, (e) => e.kind === 'output' && e.text.includes('killed'));
    expect(v.filter((e) => e.kind === 'stopped').pop()).toEqual({ kind: 'stopped', stop: null });
    room.close();
    await presenter.close();
  });

  it('stops its viewers at the presenter\'s CUDA exception as the debugger does, and not at a goto to its step', async () => {
    const presenter = new SessionHost(inThreadBackend(undefined, dir));
    const p: SessionEvent[] = [];
    presenter.connect((e) => p.push(e));
    const room = new Classroom(presenter, nodeServiceEnv());
    presenter.send({ kind: 'open', target: { kind: 'source', path: join(dir, 'fault.cu') } });
    presenter.send({ kind: 'motion', motion: 'run' });
    const at = (await until(p, (e) => e.kind === 'stopped' && e.stop !== null)) as Extract<SessionEvent, { kind: 'stopped' }>;
    expect(at.stop).toMatchObject({ line: 3, exception: true });
    const v: SessionEvent[] = [];
    room.connect((e) => v.push(e)).send({ kind: 'sync' });
    await until(v, (e) => e.kind === 'stopped' && e.stop !== null);
    await until(v, (e) => e.kind === 'diagnostics' && e.diagnostics.length === 1);
    expect(v.filter((e) => e.kind === 'stopped').pop()).toEqual(at);
    expect(v.some((e) => e.kind === 'output' && e.text.includes('CUDA Exception: Warp Illegal Address'))).toBe(true);
    // The presenter goes back and to the same step by goto: no exception is raised there now.
    presenter.send({ kind: 'console', line: 'start' });
    presenter.send({ kind: 'console', line: 'y' });
    presenter.send({ kind: 'console', line: `goto ${at.stop!.step}` });
    const again = (await until(p, (e) => e.kind === 'stopped' && e !== at && e.stop?.step === at.stop!.step)) as Extract<SessionEvent, { kind: 'stopped' }>;
    expect(again.stop!.exception).toBeUndefined();
    room.close();
    await presenter.close();
  });

  it('stops its viewers where the presenter\'s deadlocked kernel hangs, past the last statement no goto reaches', async () => {
    const presenter = new SessionHost(inThreadBackend(undefined, dir));
    const p: SessionEvent[] = [];
    presenter.connect((e) => p.push(e));
    const room = new Classroom(presenter, nodeServiceEnv());
    presenter.send({ kind: 'open', target: { kind: 'source', path: join(dir, 'barrier_bug.cu') } });
    presenter.send({ kind: 'motion', motion: 'run' });
    const at = (await until(p, (e) => e.kind === 'stopped' && e.stop !== null)) as Extract<SessionEvent, { kind: 'stopped' }>;
    expect(at.stop).toMatchObject({ line: 26, focus: { label: 'block (0,0,0) thread (1,0,0)' } });
    const v: SessionEvent[] = [];
    room.connect((e) => v.push(e)).send({ kind: 'sync' });
    await until(v, (e) => e.kind === 'stopped' && e.stop !== null);
    await until(v, (e) => e.kind === 'diagnostics' && e.diagnostics.length === 1);
    expect(v.filter((e) => e.kind === 'stopped').pop()).toEqual(at);
    expect(v.some((e) => e.kind === 'output' && e.text.includes('received signal SIGINT, Interrupt.'))).toBe(true);
    expect(v.some((e) => e.kind === 'output' && e.text.includes('goto:'))).toBe(false);
    room.close();
    await presenter.close();
  });

  it('shows its viewers the presenter\'s breakpoints and tells them while its commands run', async () => {
    const { presenter, p, room, enter } = await presenting();
    const v = enter();
    await until(v, (e) => e.kind === 'stopped' && e.stop?.line === 27);
    // Set before the viewer joined: it is told at once, as the page's gutter shows it.
    expect(v.filter((e) => e.kind === 'breakpoints').pop()).toMatchObject({ breakpoints: [{ num: 1, line: 27, enabled: true }] });
    expect(v.filter((e) => e.kind === 'presenter-busy').pop()).toEqual({ kind: 'presenter-busy', busy: false });
    v.length = 0;
    p.length = 0;
    presenter.send({ kind: 'console', line: 'break 34' });
    await until(v, (e) => e.kind === 'breakpoints' && e.breakpoints.length === 2);
    presenter.send({ kind: 'motion', motion: 'continue' });
    await until(p, (e) => e.kind === 'command' && e.line === 'continue');
    await until(p, (e) => e.kind === 'busy' && !e.busy && p.indexOf(e) > p.findIndex((x) => x.kind === 'command' && x.line === 'continue'));
    const busy = v.filter((e) => e.kind === 'presenter-busy');
    expect(busy.slice(-4)).toEqual([true, false, true, false].map((b) => ({ kind: 'presenter-busy', busy: b })));
    // The viewer's own console was never made to wait for the presenter's commands.
    expect(v.some((e) => e.kind === 'busy' && e.busy && !v.some((x) => x.kind === 'command'))).toBe(false);
    room.close();
    await presenter.close();
  });

  it('stops its viewers at the presenter\'s memcheck stop with its report and faulted lane, as the presenter stopped', async () => {
    const presenter = new SessionHost(inThreadBackend(undefined, dir));
    const p: SessionEvent[] = [];
    presenter.connect((e) => p.push(e));
    const room = new Classroom(presenter, nodeServiceEnv());
    presenter.send({ kind: 'open', target: { kind: 'source', path: join(dir, 'fault.cu') } });
    presenter.send({ kind: 'console', line: 'set cuda memcheck on' });
    presenter.send({ kind: 'motion', motion: 'run' });
    const at = (await until(p, (e) => e.kind === 'stopped' && e.stop !== null)) as Extract<SessionEvent, { kind: 'stopped' }>;
    expect(at.stop).toMatchObject({ line: 3, sanitizer: true });
    const v: SessionEvent[] = [];
    room.connect((e) => v.push(e)).send({ kind: 'sync' });
    await until(v, (e) => e.kind === 'stopped' && e.stop !== null);
    expect(v.filter((e) => e.kind === 'stopped').pop()).toEqual(at);
    await until(v, (e) => e.kind === 'output' && e.text.includes('Invalid __global__ write of size 4 bytes'));
    const lanes = (await until(v, (e) => e.kind === 'lane-states' && e.snapshot !== null)) as Extract<SessionEvent, { kind: 'lane-states' }>;
    const mine = (await until(p, (e) => e.kind === 'lane-states' && e.snapshot !== null)) as Extract<SessionEvent, { kind: 'lane-states' }>;
    expect(lanes.snapshot).toEqual(mine.snapshot);
    // Block 0's warp 0 (its only warp): one faulted lane, as the grid colours it.
    expect(snapshotWords(lanes.snapshot!)[MASK.faulted]).not.toBe(0);
    room.close();
    await presenter.close();
  });

  it('shows its viewers the presenter\'s next program and its errors when it does not compile', async () => {
    const { presenter, p, room, enter } = await presenting();
    const early = enter();
    await until(early, (e) => e.kind === 'stopped' && e.stop !== null);
    const broken = join(dir, 'broken.cu');
    presenter.send({ kind: 'open', target: { kind: 'source', path: broken } });
    await until(p, (e) => e.kind === 'opened' && e.mainFile === broken);
    const late = enter();
    for (const v of [early, late]) {
      await until(v, (e) => e.kind === 'opened' && e.mainFile === broken);
      const errors = await until(v, (e) => e.kind === 'diagnostics' && e.diagnostics.length > 0);
      expect(errors).toMatchObject({ diagnostics: [{ source: 'compile', severity: 'error', file: broken, line: 2, message: 'expected expression' }] });
      expect(v.filter((e) => e.kind === 'stopped').pop()).toEqual({ kind: 'stopped', stop: null });
    }
    room.close();
    await presenter.close();
  });

  it('answers a line a viewer may not run in its console, echoed, rather than only in the status bar', async () => {
    const { presenter, room, enter } = await presenting();
    const heard = enter();
    await until(heard, (e) => e.kind === 'stopped' && e.stop !== null);
    heard.length = 0;
    heard.conn.send({ kind: 'console', line: 'next' });
    await until(heard, (e) => e.kind === 'output');
    expect(heard.slice(0, 2)).toEqual([
      { kind: 'command', line: 'next' },
      { kind: 'output', text: expect.stringMatching(/^"next" is the presenter's to do/) },
    ]);
    expect(heard.some((e) => e.kind === 'error')).toBe(false);
    room.close();
    await presenter.close();
  });
});
