import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { batchLiveAndReplay } from './session-helpers.js';

/*
 * What the CLI prints of watchpoints: gdb's breakpoint table widens its Type column to a
 * `read watchpoint`, and one warp statement whose lanes write two watched cells triggers both
 * watchpoints, reported one after the other at the one stop. Asked of a live session and of its
 * trace's replay, which print the same.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-watch-reports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const program = join(dir, 'w.cu');
writeFileSync(
  program,
  `#include <cstdio>
__device__ int g[4];
__global__ void k(int *out)
{
    int t = threadIdx.x;
    g[t] = t * 10 + 1;
    out[t] = g[(t + 1) % 4];
}
int main()
{
    int *out;
    cudaMalloc(&out, 16);
    k<<<1, 4>>>(out);
    cudaDeviceSynchronize();
    return 0;
}
`,
);
const script = join(dir, 'cmds.gdb');
writeFileSync(script, ['break k', 'run', 'watch g[1]', 'rwatch g[3]', 'watch g[2]', 'info breakpoints', 'continue', 'info breakpoints', ''].join('\n'));
const trace = join(dir, 'w.trace');

const table = (hits: boolean): string[] => [
  'Num     Type            Disp Enb What',
  '1       breakpoint      keep y   in k(int*) at w.cu:5',
  '\tbreakpoint already hit 1 time',
  '2       hw watchpoint   keep y   g[1]',
  ...(hits ? ['\tbreakpoint already hit 1 time'] : []),
  '3       read watchpoint keep y   g[3]',
  '4       hw watchpoint   keep y   g[2]',
  ...(hits ? ['\tbreakpoint already hit 1 time'] : []),
];

const expected = [
  'Breakpoint 1 at k: file w.cu, line 5.',
  '[Switching focus to CUDA kernel 0, grid 1, block (0,0,0), thread (0,0,0), device 0, sm 0, warp 0, lane 0]',
  '',
  'CUDA thread hit Breakpoint 1, k<<<(1,1,1),(4,1,1)>>> (out=0x7f4c3a000100) at w.cu:5',
  '5\t    int t = threadIdx.x;',
  'Hardware watchpoint 2: g[1]',
  'Hardware read watchpoint 3: g[3]',
  'Hardware watchpoint 4: g[2]',
  ...table(false),
  '[Switching focus to CUDA kernel 0, grid 1, block (0,0,0), thread (1,0,0), device 0, sm 0, warp 0, lane 1]',
  '',
  'CUDA thread hit Hardware watchpoint 2: g[1]',
  '',
  'Old value = 0',
  'New value = 11',
  '',
  'CUDA thread hit Hardware watchpoint 4: g[2]',
  '',
  'Old value = 0',
  'New value = 21',
  'k<<<(1,1,1),(4,1,1)>>> (out=0x7f4c3a000100) at w.cu:7',
  '7\t    out[t] = g[(t + 1) % 4];',
  ...table(true),
  '',
];

describe('watchpoint reports', () => {
  it('lists a read watchpoint in a widened Type column and reports every watchpoint one statement triggers, live and replayed', () => {
    expect(batchLiveAndReplay(program, script, trace, 'w.cu')).toEqual(expected);
  }, 60_000);
});
