import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SessionService } from '../../src/host/session-service.js';
import { nodeServiceEnv } from '../../src/host/node-env.js';
import { parseRendered } from '../../src/host/diagnostics-view.js';
import { viewerRefusal } from '../../src/host/viewer-commands.js';
import type { SessionCommand, SessionEvent } from '../../src/protocol/messages.js';

/*
 * What the Timeline, Global memory and Diagnostics panels are sent, and a classroom viewer's
 * session following a presenter's recording.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-panels-'));
copyFileSync('traces/avgfilter.trace', join(dir, 'avgfilter.trace'));

function service(viewer = false): { events: SessionEvent[]; svc: SessionService; send: (c: SessionCommand) => Promise<void> } {
  const events: SessionEvent[] = [];
  let n = 0;
  const env = { ...nodeServiceEnv(), tracePath: () => join(dir, `p${n++}-${Date.now()}.trace`), viewer };
  const svc = new SessionService((e) => events.push(e), env);
  return { events, svc, send: (c) => (svc.handle(c), svc.idle()) };
}

const last = <K extends SessionEvent['kind']>(events: readonly SessionEvent[], kind: K): Extract<SessionEvent, { kind: K }> | undefined =>
  events.filter((e): e is Extract<SessionEvent, { kind: K }> => e.kind === kind).pop();

describe('timeline, memory and diagnostics data', () => {
  it('ties kernel bars to their launches\' steps and the others to the step they ran at', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'trace', path: join(dir, 'avgfilter.trace') } });
    const t = last(s.events, 'timeline')!.timeline;
    expect(t.complete).toBe(true);
    const kernels = t.bars.filter((b) => b.kind === 'kernel');
    expect(kernels).toHaveLength(10);
    // The first AverageShared launch runs steps [92, 105); its HtoD copy ran at step 87.
    expect(kernels[0]).toMatchObject({ name: 'AverageShared', launch: 1, fromStep: 92, toStep: 105, stream: 0 });
    expect(t.bars[0]).toMatchObject({ kind: 'memcpy', name: 'cudaMemcpy HtoD', fromStep: 87, toStep: 87, launch: null });
    expect(t.bars.every((b) => b.end >= b.start)).toBe(true);
    s.svc.close();
  });

  it('shows cudaMalloc\'d memory by the variable that holds it, typed, at the current step', async () => {
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'trace', path: join(dir, 'avgfilter.trace') } });
    await s.send({ kind: 'console', line: 'break avgfilter.cu:27' });
    await s.send({ kind: 'motion', motion: 'run' });
    const at27 = last(s.events, 'memory')!.regions;
    expect(at27.map((r) => `${r.name}:${r.type}:${r.count}:${r.origin}`)).toEqual(['dA:float:16:cudaMalloc', 'dB:float:16:cudaMalloc']);
    // The first case copies IN to dA and clears dB before the kernel.
    expect(at27[1]!.values.every((v) => v === '0')).toBe(true);
    expect(at27[0]!.values[0]).not.toBe('0');
    await s.send({ kind: 'goto', step: 107 });
    const after = last(s.events, 'memory')!.regions;
    expect(after[1]!.values.some((v) => v !== '0')).toBe(true);
    // Back before the allocations: nothing is allocated yet.
    await s.send({ kind: 'goto', step: 2 });
    expect(last(s.events, 'memory')!.regions).toEqual([]);
    s.svc.close();
  });

  it('lists a buffer freed with cudaFreeAsync until the synchronization gives its pages back, and names cudaMallocAsync\'s', async () => {
    // The trace's allocations table says when each allocation lives; the calls name them.
    const src = join(dir, 'freed.cu');
    writeFileSync(src, 'int main() {\n  int *d; short *e;\n  cudaMalloc(&d, 2 * sizeof(int));\n  cudaMemset(d, 1, 2 * sizeof(int));\n  cudaMallocAsync((void **)&e, 3 * sizeof(short), 0);\n  cudaFreeAsync(d, 0);\n  cudaDeviceSynchronize();\n  return 0;\n}\n');
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'source', path: src } });
    await s.send({ kind: 'console', line: 'break 7' });
    await s.send({ kind: 'console', line: 'break 8' });
    await s.send({ kind: 'motion', motion: 'run' });
    const before = last(s.events, 'memory')!.regions;
    expect(before.map((r) => `${r.name}:${r.type}:${r.count}:${r.origin}`)).toEqual(['d:int:2:cudaMalloc', 'e:short:3:cudaMalloc']);
    expect(before[0]!.values).toEqual(['16843009', '16843009']);
    await s.send({ kind: 'motion', motion: 'continue' });
    expect(last(s.events, 'memory')!.regions.map((r) => r.name)).toEqual(['e']);
    s.svc.close();
  });

  it('reads the calls of a trace made before the allocations table', async () => {
    const old = join(dir, 'no-allocations.trace');
    copyFileSync(join(dir, 'avgfilter.trace'), old);
    const db = new Database(old);
    db.exec('DROP TABLE allocations');
    db.close();
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'trace', path: old } });
    await s.send({ kind: 'console', line: 'break avgfilter.cu:27' });
    await s.send({ kind: 'motion', motion: 'run' });
    expect(last(s.events, 'memory')!.regions.map((r) => `${r.name}:${r.type}:${r.count}:${r.origin}`)).toEqual(['dA:float:16:cudaMalloc', 'dB:float:16:cudaMalloc']);
    s.svc.close();
  });

  it('reads compile warnings and errors as the compiler printed them, and run-time diagnostics from the trace', async () => {
    expect(parseRendered('k.cu:3:9: warning: division by zero is undefined\n    x / 0;\n        ^\n1 error generated.\n')).toEqual([
      { source: 'compile', severity: 'warning', message: 'division by zero is undefined', file: 'k.cu', line: 3, col: 9, step: null },
    ]);
    const src = join(dir, 'warn.cu');
    writeFileSync(src, '#include <stdio.h>\n__device__ int table[4] = {1, 2, 3, 4};\n__global__ void k(int *a) {\n  int z = 0;\n  a[threadIdx.x] = table[threadIdx.x] + 7 / 0 * z;\n}\nint main() {\n  int *d;\n  cudaMalloc(&d, 4 * sizeof(int));\n  k<<<1, 4>>>(d);\n  cudaDeviceSynchronize();\n  return 0;\n}\n');
    const s = service();
    await s.send({ kind: 'open', target: { kind: 'source', path: src } });
    const d = last(s.events, 'diagnostics')!.diagnostics;
    expect(d).toEqual([{ source: 'compile', severity: 'warning', message: 'division by zero is undefined', file: src, line: 5, col: expect.any(Number), step: null }]);
    await s.send({ kind: 'console', line: 'break 12' });
    await s.send({ kind: 'motion', motion: 'run' });
    const regions = last(s.events, 'memory')!.regions;
    expect(regions.find((r) => r.name === 'd')).toMatchObject({ origin: 'cudaMalloc', type: 'int', count: 4, values: ['1', '2', '3', '4'] });
    expect(regions.find((r) => r.name === 'table')).toMatchObject({ origin: 'symbol', space: 'global', type: 'int', values: ['1', '2', '3', '4'] });
    s.svc.close();

    const seg = join(dir, 'seg.cu');
    writeFileSync(seg, 'int main() {\n  int *p = 0;\n  *p = 3;\n  return 0;\n}\n');
    const r = service();
    await r.send({ kind: 'open', target: { kind: 'source', path: seg } });
    await r.send({ kind: 'motion', motion: 'run' });
    const runtime = last(r.events, 'diagnostics')!.diagnostics;
    expect(runtime).toHaveLength(1);
    // At the statement that faulted, saying what it did.
    expect(runtime[0]).toMatchObject({ source: 'runtime', severity: 'error', file: seg, line: 3, col: 3, step: expect.any(Number) });
    expect(runtime[0]!.message).toBe('segmentation fault: host code wrote 4 bytes at address 0x0 (a null pointer)');
    r.svc.close();

    const bad = join(dir, 'bad.cu');
    writeFileSync(bad, 'int main() {\n  x = 3;\n}\n');
    const b = service();
    await b.send({ kind: 'open', target: { kind: 'source', path: bad } });
    expect(last(b.events, 'diagnostics')!.diagnostics).toEqual([{ source: 'compile', severity: 'error', message: "use of undeclared identifier 'x'", file: bad, line: 2, col: 3, step: null }]);
    b.svc.close();
  });
});

describe('a classroom viewer', () => {
  it('refuses what would move the program, and allows looking and focusing', () => {
    expect(viewerRefusal({ kind: 'motion', motion: 'next' })).toMatch(/presenter/);
    expect(viewerRefusal({ kind: 'goto', step: 3 })).toMatch(/presenter/);
    expect(viewerRefusal({ kind: 'toggle-breakpoint', file: 'a.cu', line: 3 })).toMatch(/presenter/);
    expect(viewerRefusal({ kind: 'console', line: 'continue' })).toMatch(/presenter/);
    expect(viewerRefusal({ kind: 'console', line: 'set var x = 1' })).toMatch(/presenter/);
    expect(viewerRefusal({ kind: 'console', line: 'print Ads[i]' })).toBeNull();
    expect(viewerRefusal({ kind: 'console', line: 'x/4fw dA' })).toBeNull();
    expect(viewerRefusal({ kind: 'console', line: 'cuda thread (3,0,0)' })).toBeNull();
  });

  it('follows the presenter\'s live recording to its stop and focus, and keeps its own focus after', async () => {
    const p = service();
    await p.send({ kind: 'open', target: { kind: 'source', path: 'examples/avgfilter.cu' } });
    await p.send({ kind: 'console', line: 'break avgfilter.cu:27' });
    await p.send({ kind: 'motion', motion: 'run' });
    const stop = last(p.events, 'stopped')!.stop!;
    const trace = /\(trace (.*)\)/.exec(p.events.map((e) => (e.kind === 'output' ? e.text : '')).join(''))![1]!;
    const v = service(true);
    v.svc.follow(trace, stop);
    await v.svc.idle();
    expect(last(v.events, 'stopped')!.stop).toEqual(stop);
    await v.send({ kind: 'console', line: 'cuda thread (5,0,0)' });
    expect(last(v.events, 'stopped')!.stop!.focus).toMatchObject({ label: 'block (0,0,0) thread (5,0,0)' });
    await v.send({ kind: 'motion', motion: 'next' });
    expect(last(v.events, 'error')!.message).toMatch(/presenter/);
    // The presenter goes on; the viewer follows to the new stop and the presenter's thread.
    await p.send({ kind: 'motion', motion: 'next' });
    const next = last(p.events, 'stopped')!.stop!;
    v.svc.follow(trace, next);
    await v.svc.idle();
    expect(last(v.events, 'stopped')!.stop).toEqual(next);
    v.svc.close();
    p.svc.close();
  });
});
