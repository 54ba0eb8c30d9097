import { describe, expect, it } from 'vitest';
import { checkWarnings } from './helpers.js';
import { runSource } from '../exec/run-source.js';

/*
 * nvcc's warning #174 "expression has no effect" for an operand the comma operator discards
 * although it does nothing. The lines and columns below are where nvcc 13.0 put its warnings
 * for the same code on the H100 machine (it prints the line and a caret; the caret's column is ours).
 */

const KERNEL = '__global__ void k(int *p) { p[threadIdx.x] = 1; }\n';

describe('a comma operator discarding an operand without effect', () => {
  it('warns at a launch configuration, suggesting the dim3 it was probably meant to be', () => {
    expect(checkWarnings(`${KERNEL}int main() { int wb = 2, ha = 3; int *d = 0; k<<<(1, 1), (wb,ha)>>>(d); }`)).toEqual([
      '2:51: expression has no effect (the comma operator discards it: did you mean dim3(1, 1)?)',
      '2:59: expression has no effect (the comma operator discards it: did you mean dim3(wb,ha)?)',
    ]);
  });

  it('reprints the operands when the source does not show them (a macro)', () => {
    expect(checkWarnings(`#define CFG (2, 3)\n${KERNEL}int main() { int *d = 0; k<<<CFG, 1>>>(d); }`)).toEqual([
      '3:30: expression has no effect (the comma operator discards it: did you mean dim3(2, 3)?)',
    ]);
  });

  it('warns at a dim3 initialiser, once for each discarded operand', () => {
    expect(checkWarnings('int main() { dim3 b = (16, 16); dim3 g = (1, 2, 3); return b.x + g.x; }')).toEqual([
      '1:24: expression has no effect (the comma operator discards it: did you mean dim3(16, 16)?)',
      '1:43: expression has no effect (the comma operator discards it: did you mean dim3(1, 2, 3)?)',
      '1:46: expression has no effect (the comma operator discards it: did you mean dim3(1, 2, 3)?)',
    ]);
  });

  it('warns plainly elsewhere, at the operand\'s first token', () => {
    expect(checkWarnings('int main() { int x = 1, y = 2, z;\n  z = (x + y, y);\n  z = (x, y, z);\n  z = (sizeof x, y);\n  x == 1, y;\n  return z; }')).toEqual([
      '2:8: expression has no effect',
      '3:8: expression has no effect',
      '3:11: expression has no effect',
      '4:8: expression has no effect',
      '5:3: expression has no effect',
    ]);
  });

  it('says nothing of operands with an effect, or cast to void on purpose', () => {
    const src = `#include <stdio.h>
int f() { return 1; }
int main() {
  int i, j, x = 1, y = 2, z;
  for (i = 0, j = 0; i < 2; i++, j++) {}
  z = ((void)x, y);
  z = (x++, y);
  z = (printf("-"), y);
  z = (f(), y);
  z = (x = 3, y);
  z = (x += 1, y);
  return z;
}`;
    expect(checkWarnings(src)).toEqual([]);
  });

  it('warns once about a template body checked for each instantiation', () => {
    const src = 'template <int N> __device__ int tf(int a) { return (a, N); }\n__global__ void kt(int *p) { p[0] = tf<1>(3) + tf<2>(4); }';
    expect(checkWarnings(src)).toEqual(['1:53: expression has no effect']);
  });

  it('prints the warnings to stderr before the run, as written, and leaves stdout and the status alone', () => {
    const r = runSource(`#include <stdio.h>
#define BLOCK_SIZE 4
__global__ void k(int *n) { atomicAdd(n, 1); }
int main() {
  int wb = 2, ha = 3, *d, h = 0;
  cudaMalloc(&d, sizeof(int));
  cudaMemset(d, 0, sizeof(int));
  dim3 block_dim = (BLOCK_SIZE, BLOCK_SIZE);
  k<<<(1, 1), (wb,ha)>>>(d);
  k<<<1, block_dim>>>(d);
  cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
  printf("%d threads\\n", h);
  return 0;
}
`);
    expect(r.stdout).toBe('7 threads\n');
    expect(r.status).toBe(0);
    expect(r.stderr).toBe(`prog.cu:8:21: warning: expression has no effect (the comma operator discards it: did you mean dim3(BLOCK_SIZE, BLOCK_SIZE)?)
  dim3 block_dim = (BLOCK_SIZE, BLOCK_SIZE);
                    ^
prog.cu:9:8: warning: expression has no effect (the comma operator discards it: did you mean dim3(1, 1)?)
  k<<<(1, 1), (wb,ha)>>>(d);
       ^
prog.cu:9:16: warning: expression has no effect (the comma operator discards it: did you mean dim3(wb,ha)?)
  k<<<(1, 1), (wb,ha)>>>(d);
               ^
`);
  });
});
