import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execute } from '../../src/engine/execute.js';
import { defaultRunOptions } from '../../src/engine/api.js';
import { TraceWriter } from '../../src/trace/writer.js';
import { Trace } from '../../src/trace/reader.js';
import { EFFECT } from '../../src/trace/schema.js';

const source = `#include <cstdio>
__global__ void k(int *out) {
  __shared__ int cell;
  if (threadIdx.x == 0) cell = 7;
  __syncthreads();
  if (threadIdx.x % 2 == 0) {
    out[threadIdx.x] = cell;
  } else {
    out[threadIdx.x] = -1;
  }
  __syncthreads();
  if (threadIdx.x == 0) { cell = 9; printf("cell %d\\n", cell); }
}
int main() {
  int *d;
  cudaMalloc(&d, 8 * sizeof(int));
  k<<<1, 8>>>(d);
  cudaDeviceSynchronize();
  printf("done\\n");
  return 3;
}
`;

/** Records `source` into a fresh trace file and opens it; `stopped`: closed as a debugger that stopped recording closes it. */
function record(stopped = false): Trace {
  const path = join(mkdtempSync(join(tmpdir(), 'ws-trace-')), 't.trace');
  const w = TraceWriter.create(path, { program: 'k.cu', argv: ['k'], device: 'h100', options: {} });
  if (typeof w === 'string') throw new Error(w);
  const status = execute({ kind: 'record', file: 'k.cu', argv: ['k'], options: defaultRunOptions, listener: w }, { readFile: () => source }, (e) => {
    if (e.kind === 'stdout' || e.kind === 'stderr') w.output(e.kind, e.text);
  });
  w.finish(stopped ? null : status);
  const t = Trace.open(path);
  if (typeof t === 'string') throw new Error(t);
  return t;
}

describe('trace writer', () => {
  const t = record();
  const steps = [...t.steps()];
  const launch = t.launches()[0]!;

  it('records the launch and the exit status', () => {
    expect(t.exitStatus).toBe(3);
    expect(launch).toMatchObject({ kernel: 'k', grid_x: 1, block_x: 8, outcome: 'ok' });
    expect(t.stepCount()).toBe(steps.length);
  });

  it('records each warp statement with its line and active mask, both sides of a divergent branch', () => {
    const kernel = steps.filter((s) => s.launch === launch.launch_id);
    expect(kernel.length).toBe(launch.end_step! - launch.begin_step);
    expect(kernel[0]!.step).toBe(launch.begin_step);
    const at = (line: number): number[] => kernel.filter((s) => s.line === line).map((s) => s.mask);
    expect(at(7)).toEqual([0b01010101]);
    expect(at(9)).toEqual([0b10101010]);
    // The if runs on every lane, its assignment on lane 0 alone.
    expect(at(4)).toEqual([0xff, 1]);
    expect(kernel.every((s) => s.file === 'k.cu' && s.block === 0 && s.warp === 0)).toBe(true);
    // Host statements belong to launch 0.
    expect(steps.filter((s) => s.launch === 0).length).toBeGreaterThan(0);
  });

  it('records memory writes with old and new values of a shared cell across two barriers', () => {
    const stores = [...t.effects()].filter((w) => w.kind === EFFECT.store);
    const shared = stores.filter((w) => w.space === 'shared');
    const int = (b: unknown): number => new DataView((b as Uint8Array).buffer, (b as Uint8Array).byteOffset).getInt32(0, true);
    expect(shared.map((w) => [int(w.old), int(w.value), w.lane, w.size])).toEqual([
      [0, 7, 0, 4],
      [7, 9, 0, 4],
    ]);
    const barrier = [...t.barriers().arrivalSteps()].sort((a, b) => a - b);
    expect(barrier.length).toBe(2);
    expect(shared[0]!.step).toBeLessThan(barrier[0]!);
    expect(shared[1]!.step).toBeGreaterThan(barrier[1]!);
    expect(steps[shared[1]!.step]!.line).toBe(12);
    const global = stores.filter((w) => w.space === 'global').map((w) => int(w.value));
    expect(global).toEqual([7, 7, 7, 7, -1, -1, -1, -1]);
  });

  it('records printf text with the step it was printed at, and API calls with results', () => {
    const out = t.output();
    // The engine hands stdout over when the program's buffered output is flushed: here once, at the end.
    expect(out.map((o) => o.data.toString('latin1')).join('')).toBe('cell 9\ndone\n');
    expect(out.every((o) => o.stream === 'stdout')).toBe(true);
    expect(out[0]!.step).toBeGreaterThanOrEqual(launch.end_step!);
    const api = t.db.prepare('SELECT name, result FROM api_calls ORDER BY seq').all();
    expect(api).toContainEqual({ name: 'cudaMalloc', result: '0' });
    expect(t.db.prepare('SELECT text FROM sources JOIN locs USING (file_id) LIMIT 1').pluck().get()).toBe(source);
  });
});

describe('trace writer closing a run that did not end', () => {
  it('keeps every statement but leaves the trace incomplete, without an exit status', () => {
    const done = record();
    const stopped = record(true);
    expect(stopped.complete).toBe(false);
    expect(stopped.exitStatus).toBeNull();
    expect(stopped.meta.has('exit_status')).toBe(false);
    expect(stopped.stepCount()).toBe(done.stepCount());
    expect(done.complete).toBe(true);
  });
});
