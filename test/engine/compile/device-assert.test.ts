import { describe, expect, it } from 'vitest';
import { runSource } from '../exec/run-source.js';

/*
 * A failed device assert: on an H100 every lane of the warp that runs the assert and fails it
 * prints nvcc's line, in lane order, before the trap ends the launch with cudaErrorAssert
 * (`assert(threadIdx.x < n)` with <<<1,4>>>(2) prints threads 2 and 3).
 */

const line = (file: string, t: number, text = 'threadIdx.x < n'): string => `${file}:3: void k(int): block: [0,0,0], thread: [${t},0,0] Assertion \`${text}\` failed.\n`;

describe('device assert', () => {
  it('reports every failing lane of the warp, in lane order, then cudaErrorAssert', () => {
    const r = runSource(`#include <stdio.h>
#include <assert.h>
__global__ void k(int n) { assert(threadIdx.x < n); }
int main() { k<<<1,4>>>(2); printf("%s\\n", cudaGetErrorName(cudaDeviceSynchronize())); return 0; }
`);
    expect(r.stderr).toBe(line('prog.cu', 2) + line('prog.cu', 3));
    expect(r.stdout).toBe('cudaErrorAssert\n');
    expect(r.status).toBe(0);
  });

  it('reports the failing lanes among those a branch left active, the last lane included', () => {
    const r = runSource(`#include <stdio.h>
#include <assert.h>
__global__ void k(int n) { if (threadIdx.x % 2 == 1) assert(threadIdx.x < n); }
int main() { k<<<1,32>>>(25); printf("%s\\n", cudaGetErrorName(cudaDeviceSynchronize())); return 0; }
`);
    expect(r.stderr).toBe([25, 27, 29, 31].map((t) => line('prog.cu', t)).join(''));
    expect(r.stdout).toBe('cudaErrorAssert\n');
  });

  it('stops the warp after the assert: no lane runs the next statement', () => {
    const r = runSource(`#include <stdio.h>
#include <assert.h>
__global__ void k(int n) { assert(threadIdx.x < n); printf("after %d\\n", threadIdx.x); }
int main() { k<<<1,4>>>(3); printf("%s\\n", cudaGetErrorName(cudaDeviceSynchronize())); return 0; }
`);
    expect(r.stderr).toBe(line('prog.cu', 3));
    expect(r.stdout).toBe('cudaErrorAssert\n');
  });
});
