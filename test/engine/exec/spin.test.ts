import { describe, expect, it } from 'vitest';
import type { ExecutionListener } from '../../../src/engine/runtime/listener.js';
import { runSource } from './run-source.js';

/*
 * Loops that can never end are reported within a moment, where the GPU would hang: a kernel
 * whose every running thread spins on memory none of them writes, host code whose loop changes
 * nothing its exit reads. Before, each ran to --max-steps (minutes at the default). Loops that
 * only look alike (a counter in the exit, a flag another block sets) run on as before.
 */

const run = runSource;

/** A listener that hears nothing; `suspends` as a live debugger's (true) or a recording's (false). */
const quietListener = (suspends: boolean): ExecutionListener => ({ suspends, statement: () => false, access: () => undefined, apiCall: () => undefined, launch: () => undefined });

const main = (launch: string, words = 4) => `int main() { int *d; cudaMalloc(&d, ${words * 4}); cudaMemset(d, 0, ${words * 4}); ${launch}; printf("%s\\n", cudaGetErrorName(cudaDeviceSynchronize())); return 0; }`;
const NO_PROGRESS = /^prog\.cu:2:(\d+): error: kernel 'k' makes no progress: (\d+) threads? spins? in this loop, and nothing that could end it will change; a GPU would hang here$/m;

describe('a kernel that spins with no way out', () => {
  it('is stopped at its loop, the way a hung GPU program is stopped, whatever else the loop counts', () => {
    for (const body of ['while (a[0] == 0) { }', 'int n = 0; while (a[0] == 0) { n++; } a[1] = n;', 'for (;;) { }', 'int x = 0; while (a[0] == 0) { x = 1 - x; if (x > 5) break; }']) {
      const r = run(`#include <stdio.h>\n__global__ void k(volatile int *a) { ${body} }\n${main('k<<<1, 32>>>(d)')}\n`);
      expect(r.status, body).toBe(124);
      const m = NO_PROGRESS.exec(r.stderr);
      expect(m, r.stderr).not.toBeNull();
      // The column of the loop's keyword, not the launch's.
      expect(Number(m![1]), body).toBe(38 + body.indexOf(body.includes('for') ? 'for' : 'while'));
      expect(m![2]).toBe('32');
      expect(r.stdout).toBe('');
    }
  });

  it('counts every spinning thread of the grid, and the blocks that cannot start beside them', () => {
    // A K80's 13 SMs hold 208 of these blocks.
    const r = run(`#include <stdio.h>\n__global__ void k(volatile int *a) { if (threadIdx.x % 2 == 0) while (a[0] == 0) { } }\n${main('k<<<300, 64>>>(d)')}\n`, { device: 'k80' });
    expect(r.status).toBe(124);
    expect(r.stderr).toContain("makes no progress: 6656 threads spin in this loop, and nothing that could end it will change; the grid's other 92 blocks cannot start while these hold every SM; a GPU would hang here");
  });

  it('is a barrier deadlock when the other threads of its block wait at a barrier for it', () => {
    const r = run(`#include <stdio.h>\n__global__ void k(volatile int *a) { if (threadIdx.x == 0) { while (a[0] == 0) { } } __syncthreads(); }\n${main('k<<<1, 64>>>(d)')}\n`);
    expect(r.status).toBe(124);
    expect(r.stderr).toContain("error: deadlock in kernel 'k'");
  });

  it('runs on while a debugger could change memory, until --max-steps', () => {
    const r = run(`#include <stdio.h>\n__global__ void k(volatile int *a) { while (a[0] == 0) { } }\n${main('k<<<1, 32>>>(d)')}\n`, { maxSteps: 30_000 }, quietListener(true));
    expect(r.status).toBe(124);
    expect(r.stderr).toContain("kernel 'k' stopped after 30000 warp steps (--max-steps); it may loop forever");
    // A recording that runs to its end is stopped as a plain run is.
    expect(run(`#include <stdio.h>\n__global__ void k(volatile int *a) { while (a[0] == 0) { } }\n${main('k<<<1, 32>>>(d)')}\n`, {}, quietListener(false)).stderr).toMatch(NO_PROGRESS);
  });
});

describe('loops that only look stuck', () => {
  it('finish: a long loop whose exit reads the counter it advances, and a flag another block sets', () => {
    const counting = run(`#include <stdio.h>\n__global__ void k(int *a) { int s = 0; for (int i = 0; i < 200000; i++) s += i & 7; a[0] = s; }\nint main() { int *d, h; cudaMalloc(&d, 4); k<<<1, 32>>>(d); cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost); printf("%d\\n", h); return 0; }\n`);
    expect(counting.stdout).toBe('700000\n');
    const waiting = run(`#include <stdio.h>\n__global__ void k(volatile int *a) { if (blockIdx.x == 1) { a[0] = 7; return; } while (a[0] == 0) { } a[1] = a[0]; }\nint main() { int *d, h[2]; cudaMalloc(&d, 8); cudaMemset(d, 0, 8); k<<<2, 32>>>(d); cudaMemcpy(h, d, 8, cudaMemcpyDeviceToHost); printf("%d %d\\n", h[0], h[1]); return 0; }\n`);
    expect(waiting.stdout).toBe('7 7\n');
  });

  it('go on to --max-steps when their state keeps changing', () => {
    const r = run(`#include <stdio.h>\n__global__ void k(volatile int *a) { for (long long i = 0; a[0] == 0 && i >= 0; i++) { } }\n${main('k<<<1, 32>>>(d)')}\n`, { maxSteps: 50_000 });
    expect(r.status).toBe(124);
    expect(r.stderr).toContain("kernel 'k' stopped after 50000 warp steps (--max-steps); it may loop forever");
  });
});

describe('host code that spins with no way out', () => {
  it('is stopped at its loop at once, not after --max-host-steps', () => {
    const r = run('#include <stdio.h>\nint main() { volatile int x = 0; printf("lost\\n");\n  while (x == 0) { }\n  return 0; }\n');
    expect(r.status).toBe(124);
    expect(r.stderr).toMatch(/^prog\.cu:3:3: error: the host program makes no progress: nothing this loop's exit depends on ever changes, so it would run forever$/m);
    expect(r.stdout).toBe('');
  });

  it('is stopped at once when all it does besides is print the same state', () => {
    // t is set back to 8 by each printf's argument, so t < 64 holds forever (a student's bug).
    const r = run('#include <stdio.h>\nint main() {\n  for (int t = 0; t < 64; t++) printf("%d\\n", t = 8);\n  return 0;\n}\n', { maxHostSteps: 1_000_000 });
    expect(r.status).toBe(124);
    expect(r.stderr).toMatch(/^prog\.cu:3:3: error: the host program makes no progress: nothing this loop's exit depends on ever changes, so it would run forever$/m);
  });

  it('still finishes a printing loop whose counter advances', () => {
    const r = run('#include <stdio.h>\nint main() {\n  int n = 0;\n  for (int t = 0; t < 200000; t++) n += printf("%c", t % 7 == 0 ? \'x\' : 0) > 0;\n  printf("\\n%d\\n", n);\n  return 0;\n}\n');
    expect(r.status).toBe(0);
    expect(r.stdout.endsWith('\n200000\n')).toBe(true);
  });

  it('is left to --max-host-steps while a queued kernel would run beside it on a GPU', () => {
    const r = run(`__global__ void k(int *a) { a[0] = 1; }\nint main() { int *d; cudaMalloc(&d, 4); k<<<1, 1>>>(d); volatile int x = 0; while (x == 0) { } return 0; }\n`, { maxHostSteps: 20_000 });
    expect(r.status).toBe(124);
    expect(r.stderr).toContain('error: the host program ran past 20000 steps (--max-host-steps)');
  });
});

describe('blocks that run no statement', () => {
  const empty = `#include <stdio.h>\n__global__ void k(int *a) { }\nint main() { k<<<2147483647, 1024>>>(0); printf("launch %s\\n", cudaGetErrorName(cudaGetLastError())); printf("sync %s\\n", cudaGetErrorName(cudaDeviceSynchronize())); return 0; }\n`;

  it('cost nothing: an empty kernel of 2^31 blocks finishes at once, as on the H100', () => {
    expect(run(empty, { maxSteps: 1000 })).toMatchObject({ stdout: 'launch cudaSuccess\nsync cudaSuccess\n', status: 0 });
  });

  it('still count as a step each where a listener hears every warp, so --max-steps stops the launch', () => {
    const r = run(empty, { maxSteps: 1000 }, quietListener(false));
    expect(r.status).toBe(124);
    expect(r.stderr).toMatch(/kernel 'k' stopped after 1000 warp steps \(--max-steps\), \d+ of its 2147483647 blocks started; each warp that runs no statement counts as a step/);
  });
});
