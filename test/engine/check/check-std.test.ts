import { describe, expect, it } from 'vitest';
import { runSource } from '../exec/run-source.js';

/* std::swap in host and device code, and what C++ refuses of it. */

describe('std::swap', () => {
  it('exchanges scalars, pointers, structs and array elements, in host and device code', () => {
    const r = runSource(`#include <cstdio>
#include <algorithm>
struct P { int x; double y; };
__global__ void k(float *a, float *b) {
  __shared__ float s[2];
  s[threadIdx.x] = threadIdx.x + 1;
  __syncthreads();
  if (threadIdx.x == 0) { std::swap(s[0], s[1]); float *p = a, *q = b; std::swap(p, q); p[0] = s[0]; q[0] = s[1]; }
}
int main() {
  int a = 3, b = 5; std::swap(a, b);
  P p1 = {1, 1.5}, p2 = {2, 2.5}; std::swap(p1, p2);
  int arr[3] = {7, 8, 9}; std::swap(arr[0], arr[2]);
  float *d1, *d2; cudaMalloc(&d1, 4); cudaMalloc(&d2, 4); k<<<1, 2>>>(d1, d2);
  float h1, h2; cudaMemcpy(&h1, d1, 4, cudaMemcpyDeviceToHost); cudaMemcpy(&h2, d2, 4, cudaMemcpyDeviceToHost);
  printf("%d %d %d %g %d %d %g %g\\n", a, b, p1.x, p1.y, arr[0], arr[2], h1, h2);
  return 0;
}
`);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('5 3 2 2.5 9 7 1 2\n');
  });

  it('refuses operands of two types and const ones; the rest of the library is named unsupported', () => {
    const first = (body: string): string => runSource(`#include <algorithm>\nint main() {\n  ${body}\n  return 0;\n}\n`).diagnostics[0]!.message;
    expect(first('int a = 1; long b = 2; std::swap(a, b);')).toBe("no matching function for call to 'swap' (deduced conflicting types 'int' and 'long')");
    expect(first('const int c = 1; int d = 2; std::swap(c, d);')).toBe("cannot assign to variable 'c' with const-qualified type 'const int'");
    expect(first('int a[3] = {3, 1, 2}; std::sort(a, a + 3);')).toBe("'std::sort' is not supported by Warpscope");
  });
});

