import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { liveAndReplayAnswers } from './session-helpers.js';

/*
 * A __device__ variable's name in host code denotes its host shadow, for the debugger too: cuda-gdb 13
 * on an H100, stopped in main after a kernel stored 42, printed `$5 = 0`, `(int *) 0x5555555fc0c8 <counter>`
 * and `0x5555555fc0c8 <_ZL7counter>:\t0`; in the kernel, `(@global int *) 0x7ffdd3e00000`. A live
 * session and the replay of its trace must answer alike.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-host-shadow-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PROGRAM = `#include <cstdio>
__device__ int counter = 5;
int f() { return 7; }
int n = f();
__global__ void k() { counter = 42; }
int main() {
  k<<<1,1>>>();
  cudaDeviceSynchronize();
  int v = 0; cudaMemcpyFromSymbol(&v, counter, sizeof v);
  printf("%d %d\\n", v, n);
  return 0;
}
`;

/** What a live session of PROGRAM prints for each command, checked against its replay's answers. */
async function answers(commands: readonly string[]): Promise<string[]> {
  const file = join(dir, 'shadow.cu');
  writeFileSync(file, PROGRAM);
  return liveAndReplayAnswers(file, commands, join(dir, 'shadow.trace'));
}

describe('a __device__ variable named where host code stops', () => {
  it('reads the host shadow in host code and the device variable in the kernel', async () => {
    const out = await answers(['print counter', 'break k', 'break 10', 'run', 'print counter', 'print &counter', 'continue', 'print counter', 'print &counter', 'x/1dw &counter', 'display counter', 'whatis counter']);
    // Before a run gdb reads the executable's .bss copy: the shadow, not the device initialiser's 5.
    expect(out[0]).toBe('$1 = 0\n');
    // The kernel, before its store, sees the device initialiser.
    expect(out[4]).toBe('$2 = 5\n');
    expect(out[5]).toMatch(/^\$3 = \(@global int \*\) 0x[0-9a-f]+\n$/);
    expect(out[6]).toMatch(/hit Breakpoint 2, main \(\) at .*shadow\.cu:10\n/);
    expect(out[7]).toBe('$4 = 0\n');
    expect(out[8]).toMatch(/^\$5 = \(int \*\) 0x[0-9a-f]+ <counter>\n$/);
    expect(out[9]).toMatch(/^0x[0-9a-f]+ <_ZL7counter>:\t0\n$/);
    expect(out[10]).toBe('1: counter = 0\n');
    expect(out[11]).toBe('type = int\n');
  });

  it('shows a dynamic initialiser as the frame below a function it calls', async () => {
    const out = await answers(['break f', 'run', 'bt', 'print n']);
    expect(out[2]).toMatch(/^#0 {2}f \(\) at .*shadow\.cu:3\n#1 {2}__static_initialization_and_destruction_0 \(\) at .*shadow\.cu:4\n$/);
    expect(out[3]).toBe('$1 = 0\n');
  });
});
