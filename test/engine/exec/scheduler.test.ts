import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { runSource } from './run-source.js';
import { type RunOptions, type SchedulerSpec } from '../../../src/engine/api.js';
import type { ExecutionListener } from '../../../src/engine/runtime/listener.js';
import type { WarpCtx } from '../../../src/engine/exec/warp.js';
import { formatScheduler, mulberry32, parseScheduler } from '../../../src/engine/exec/scheduler.js';

/*
 * The warp schedulers of RunOptions.scheduler: greedy (the default, each warp runs until it parks),
 * round-robin and random (one statement per turn). A race between warps with no barrier shows
 * which ran when; a program synchronised with __syncthreads prints the same under every one.
 */

const GREEDY: SchedulerSpec = { kind: 'greedy' };
const RR: SchedulerSpec = { kind: 'round-robin' };
const random = (seed: number): SchedulerSpec => ({ kind: 'random', seed });

function run(source: string, scheduler?: SchedulerSpec, extra: Partial<RunOptions> = {}, listener?: ExecutionListener): { stdout: string; stderr: string; status: number } {
  return runSource(source, { ...extra, ...(scheduler ? { scheduler } : {}) }, listener);
}

const race = readFileSync('test/cli/programs/sched_race.cu', 'utf8');
const sumOf = (out: string): number => Number(/sum = (-?\d+)/.exec(out)?.[1]);

describe('warp schedulers', () => {
  it('greedy runs warp 0 to its end before warp 1 reads: the "correct" sum, as without the option', () => {
    expect(run(race).stdout).toBe('sum = 2048\n');
    expect(run(race, GREEDY).stdout).toBe('sum = 2048\n');
  });

  it('round-robin alternates the warps statement by statement, so warp 1 reads before warp 0 writes', () => {
    const r = run(race, RR);
    expect(r.status).toBe(0);
    expect(sumOf(r.stdout)).not.toBe(2048);
    // Each round warp 1 reads s[i] just after warp 0's increment of that round: 1 + 2 + ... + 8 per thread, not 8 × 8.
    expect(r.stdout).toBe(`sum = ${36 * 32}\n`);
    expect(run(race, RR).stdout).toBe(r.stdout);
  });

  it('random with a seed gives the same answer every run, and other seeds give other answers', () => {
    const a = run(race, random(42)).stdout;
    expect(a).toMatch(/^sum = \d+\n$/);
    expect(run(race, random(42)).stdout).toBe(a);
    const sums = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((s) => sumOf(run(race, random(s)).stdout)));
    expect(sums.size).toBeGreaterThan(1);
    for (const s of sums) expect(s).toBeGreaterThanOrEqual(0), expect(s).toBeLessThanOrEqual(2048);
  });

  it.each([
    ['examples/avgfilter.cu', 'test/conformance/examples/avgfilter.stdout'],
    ['test/conformance/seeds/avgfilter_shared_manyblocks_sync.cu', 'test/conformance/seeds/avgfilter_shared_manyblocks_sync.stdout'],
    ['test/conformance/seeds/reduce_shared.cu', 'test/conformance/seeds/reduce_shared.stdout'],
    ['examples/transpose.cu', 'test/conformance/examples/transpose.stdout'],
  ])('%s (synchronised with __syncthreads) prints the same under every scheduler', (file, golden) => {
    const src = readFileSync(file, 'utf8');
    const want = readFileSync(golden, 'latin1');
    for (const s of [GREEDY, RR, random(7)]) expect(run(src, s).stdout, formatScheduler(s)).toBe(want);
  });

  it('atomics from many warps and blocks add up under every scheduler', () => {
    const src = `#include <stdio.h>
__global__ void k(int *c) { for (int i = 0; i < 3; i++) atomicAdd(c, threadIdx.x + 1); }
int main() { int *c, h = 0; cudaMalloc(&c, 4); cudaMemset(c, 0, 4); k<<<5, 96>>>(c);
  cudaMemcpy(&h, c, 4, cudaMemcpyDeviceToHost); printf("%d\\n", h); return 0; }`;
    for (const s of [GREEDY, RR, random(3)]) expect(run(src, s).stdout).toBe(`${5 * 3 * ((96 * 97) / 2)}\n`);
  });

  it('reports a barrier deadlock (a __syncthreads some threads skip) under every scheduler', () => {
    const src = `__global__ void k(int *a) { if (threadIdx.x < 40) __syncthreads(); a[threadIdx.x] = 1; }
int main() { int *a; cudaMalloc(&a, 256); k<<<1, 64>>>(a); cudaDeviceSynchronize(); return 0; }`;
    const greedy = run(src, GREEDY);
    expect(greedy.stderr).toContain('deadlock');
    for (const s of [RR, random(11)]) {
      const r = run(src, s);
      expect(r.status).toBe(greedy.status);
      expect(r.stderr).toContain("deadlock in kernel 'k'");
    }
  });

  it('stops a kernel at the step limit under every scheduler', () => {
    // The store keeps the loop from being proven to spin (spin.test.ts): it runs to the limit.
    const src = `__global__ void k(volatile int *f) { while (*f == 0) { if (threadIdx.x == 999) f[1] = 1; } }
int main() { int *f; cudaMalloc(&f, 4); cudaMemset(f, 0, 4); k<<<2, 64>>>(f); cudaDeviceSynchronize(); return 0; }`;
    for (const s of [GREEDY, RR, random(5)]) {
      const r = run(src, s, { maxSteps: 50_000 });
      expect(r.status, formatScheduler(s)).toBe(124);
      expect(r.stderr).toContain("kernel 'k' stopped after 50000 warp steps");
    }
  });

  it('lets a spinning block wait for a flag another resident block sets under every scheduler', () => {
    const src = readFileSync('test/cli/programs/spin_residency.cu', 'utf8');
    for (const s of [GREEDY, RR, random(9)]) expect(run(src, s).stdout, formatScheduler(s)).toBe('out = 42\n');
  });

  it('hands device printf on per turn: a block turn under round-robin, a warp statement under random', () => {
    const src = `#include <stdio.h>
__global__ void k() { int w = threadIdx.x / 32; if (threadIdx.x % 32 == 0) { printf("a%d ", w); printf("b%d ", w); } }
int main() { k<<<1, 64>>>(); cudaDeviceSynchronize(); printf("\\n"); return 0; }`;
    // Greedy: both warps run to the end in one turn, whose text goes out highest warp first.
    expect(run(src, GREEDY).stdout).toBe('a1 b1 a0 b0 \n');
    // Round-robin: one statement per warp per turn, each turn's text highest warp first.
    expect(run(src, RR).stdout).toBe('a1 a0 b1 b0 \n');
    const r = run(src, random(1)).stdout;
    expect(r.split(' ').sort()).toEqual(['\n', 'a0', 'a1', 'b0', 'b1']);
    expect(r.indexOf('a0')).toBeLessThan(r.indexOf('b0'));
    expect(r.indexOf('a1')).toBeLessThan(r.indexOf('b1'));
  });

  it('tells an observer each warp turn that ends, after its barrier arrival', () => {
    const src = `__global__ void k(int *a) { __shared__ int s[64]; s[threadIdx.x] = threadIdx.x; __syncthreads(); a[threadIdx.x] = s[63 - threadIdx.x]; }
int main() { int *a; cudaMalloc(&a, 256); k<<<2, 64>>>(a); cudaDeviceSynchronize(); return 0; }`;
    for (const s of [GREEDY, RR, random(2)]) {
      const log: string[] = [];
      const name = (W: WarpCtx): string => `${W.bx}.${W.id}`;
      const listener: ExecutionListener = {
        statement: () => false,
        access: () => undefined,
        apiCall: () => undefined,
        launch: () => undefined,
        barrier: (kind, block, warp) => void log.push(`${kind} ${block.x}.${warp}`),
        turnEnd: (W) => void log.push(`end ${name(W)}`),
      };
      expect(run(src, s, {}, listener).status).toBe(0);
      for (const w of ['0.0', '0.1', '1.0', '1.1']) {
        const i = log.indexOf(`arrive ${w}`);
        expect(i, `${formatScheduler(s)} ${w}`).toBeGreaterThanOrEqual(0);
        expect(log[i + 1]).toBe(`end ${w}`);
        // Its last turn (the kernel returned) ends after the barrier released it.
        expect(log.lastIndexOf(`end ${w}`)).toBeGreaterThan(log.indexOf(`release ${w}`));
      }
      const ends = log.filter((l) => l.startsWith('end')).length;
      if (s.kind === 'greedy') expect(ends).toBe(8);
      else expect(ends).toBeGreaterThan(8);
    }
  });

  it('parses and prints the CLI spelling', () => {
    expect(parseScheduler('greedy')).toEqual(GREEDY);
    expect(parseScheduler('round-robin')).toEqual(RR);
    expect(parseScheduler('random:42')).toEqual(random(42));
    expect(parseScheduler('random:4294967295')).toEqual(random(4294967295));
    for (const bad of ['random', 'random:', 'random:-1', 'random:4294967296', 'random:1.5', 'rr', '']) expect(parseScheduler(bad)).toBeNull();
    expect(formatScheduler(random(42))).toBe('random:42');
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(xs);
    // The sequence is part of what a seed means: fixed so that recorded seeds replay the same order.
    expect(xs[0]).toBe(mulberry32(42)());
  });
});
