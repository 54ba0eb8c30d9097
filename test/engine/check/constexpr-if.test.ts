import { describe, expect, it } from 'vitest';
import { checkErr } from './helpers.js';
import { runSource } from '../exec/run-source.js';

/*
 * `if constexpr` (C++17, nvcc's default dialect): a template instantiation leaves the discarded
 * branch uninstantiated, which is what lets a recursive template end.
 */
describe('if constexpr', () => {
  it('ends a recursive template: the discarded branch is not instantiated', () => {
    const r = runSource(`#include <stdio.h>
template <int N> __device__ int sum() { if constexpr (N <= 0) return 0; else return N + sum<N - 1>(); }
template <int N> int fact() { if constexpr (N == 0) return 1; else return N * fact<N - 1>(); }
template <int K> __global__ void k(int *o) {
  if constexpr (K == 1) o[threadIdx.x] = sum<10>();
  else o[threadIdx.x] = -1;
}
int main() {
  int *d, h[2];
  cudaMalloc(&d, sizeof(h));
  k<1><<<1, 1>>>(d);
  k<2><<<1, 1>>>(d + 1);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  if constexpr (sizeof(int) == 4) printf("%d %d %d\\n", h[0], h[1], fact<10>());
  return 0;
}
`);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('55 -1 3628800\n');
  });

  it('needs a constant condition', () => {
    expect(checkErr('int main() {\n  int x = 3;\n  if constexpr (x > 2) return 1;\n  return 0;\n}')).toBe('3:19: constexpr if condition is not a constant expression');
  });
});
