import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SessionService } from '../../src/host/session-service.js';
import { nodeServiceEnv } from '../../src/host/node-env.js';
import type { SessionCommand, SessionEvent } from '../../src/protocol/messages.js';

/*
 * The step a run-time diagnostic names in the Diagnostics panel: the statement that made it, a
 * step `goto` reaches (the trace's rows count the statements recorded before them, one more).
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-diag-steps-'));

function service(): { events: SessionEvent[]; svc: SessionService; send: (c: SessionCommand) => Promise<void> } {
  const events: SessionEvent[] = [];
  let n = 0;
  const env = { ...nodeServiceEnv(), tracePath: () => join(dir, `d${n++}-${Date.now()}.trace`) };
  const svc = new SessionService((e) => events.push(e), env);
  return { events, svc, send: (c) => (svc.handle(c), svc.idle()) };
}

const last = <K extends SessionEvent['kind']>(events: readonly SessionEvent[], kind: K): Extract<SessionEvent, { kind: K }> | undefined =>
  events.filter((e): e is Extract<SessionEvent, { kind: K }> => e.kind === kind).pop();

describe('a run-time diagnostic’s step', () => {
  it('is the statement that faulted, where the program stood before it ran', async () => {
    const src = join(dir, 'seg.cu');
    writeFileSync(src, 'int main() {\n  int *p = 0;\n  *p = 3;\n  return 0;\n}\n');
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'source', path: src } });
    await s.send({ kind: 'console', line: 'break 3' });
    await s.send({ kind: 'motion', motion: 'run' });
    const at3 = last(s.events, 'stopped')!.stop!.step;
    // Not yet listed: the statement has not run.
    expect(last(s.events, 'diagnostics')!.diagnostics).toEqual([]);
    await s.send({ kind: 'motion', motion: 'next' });
    expect(last(s.events, 'exited')!.status).toBe(139);
    expect(last(s.events, 'diagnostics')!.diagnostics).toEqual([expect.objectContaining({ source: 'runtime', step: at3 })]);
    s.svc.close();
  });

  it('lists a kernel\'s CUDA exception when the debugger stops at it, not at a breakpoint before it', async () => {
    const src = join(dir, 'fault.cu');
    writeFileSync(src, '__global__ void k(int *a) {\n  int i = threadIdx.x;\n  a[i + 100000000] = 1;\n}\nint main() {\n  int *d;\n  cudaMalloc(&d, 128);\n  k<<<1, 32>>>(d);\n  cudaDeviceSynchronize();\n  return 0;\n}\n');
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'source', path: src } });
    await s.send({ kind: 'console', line: 'break 3' });
    await s.send({ kind: 'motion', motion: 'run' });
    const at3 = last(s.events, 'stopped')!.stop!.step;
    expect(last(s.events, 'diagnostics')!.diagnostics).toEqual([]);
    await s.send({ kind: 'motion', motion: 'continue' });
    expect(last(s.events, 'stopped')!.stop!.step).toBe(at3);
    expect(last(s.events, 'diagnostics')!.diagnostics).toEqual([
      { source: 'runtime', severity: 'error', message: expect.stringMatching(/^CUDA Exception: Warp Illegal Address at 0x[0-9a-f]+ \(an illegal memory access was encountered\)$/), file: src, line: 3, col: expect.any(Number), step: at3 },
    ]);
    // Past it, the program went on with its launch failed: still listed, once.
    await s.send({ kind: 'motion', motion: 'continue' });
    expect(last(s.events, 'exited')!.status).toBe(0);
    expect(last(s.events, 'diagnostics')!.diagnostics).toHaveLength(1);
    s.svc.close();
  });

  it('is the last statement recorded for a deadlock, which goto reaches', async () => {
    const trace = join(dir, 'deadlock.trace');
    copyFileSync('traces/avgfilter_barrier_bug.trace', trace);
    const r = service();
    await r.send({ kind: 'open', target: { kind: 'trace', path: trace } });
    await r.send({ kind: 'motion', motion: 'run' });
    const steps = last(r.events, 'timeline')!.timeline.steps;
    const [deadlock] = last(r.events, 'diagnostics')!.diagnostics;
    expect(deadlock).toMatchObject({ source: 'runtime', line: 26, step: steps - 1, message: expect.stringMatching(/^deadlock in kernel 'Average'/) });
    await r.send({ kind: 'console', line: 'start' });
    await r.send({ kind: 'console', line: 'y' });
    await r.send({ kind: 'goto', step: deadlock!.step! });
    expect(last(r.events, 'stopped')!.stop).toMatchObject({ step: deadlock!.step, line: 26 });
    r.svc.close();
  });
});

describe('a compile warning of the lecture notes’ comma-operator launch', () => {
  it('is listed in the Diagnostics panel before the run, with its hint', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'source', path: 'examples/matmul_comma_bug.cu' } });
    await s.send({ kind: 'motion', motion: 'run' });
    const hint = (meant: string): string => `expression has no effect (the comma operator discards it: did you mean ${meant}?)`;
    expect(last(s.events, 'diagnostics')!.diagnostics).toEqual([
      { source: 'compile', severity: 'warning', message: hint('dim3(1, 1)'), file: 'examples/matmul_comma_bug.cu', line: 49, col: 35, step: null },
      { source: 'compile', severity: 'warning', message: hint('dim3(wb,ha)'), file: 'examples/matmul_comma_bug.cu', line: 49, col: 43, step: null },
    ]);
    s.svc.close();
  });
});
