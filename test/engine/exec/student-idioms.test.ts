import { describe, expect, it } from 'vitest';
import { runSource } from './run-source.js';

/*
 * Idioms of student programs that Warpscope rejected or miscomputed, each as nvcc and an H100
 * run it (test/conformance/rules: grid_dims, template_kernels, int64_arith, restrict_unroll_const,
 * float_conv_intrinsics, cpp_device_features).
 */

/** stdout of a program whose kernel writes ints to `o` and main prints `n` of them. */
function ints(decls: string, body: string, n: number, host = ''): string {
  const r = runSource(`#include <stdio.h>
${decls}
__global__ void k(long long *o) { ${body} }
int main() {
  long long *d, h[${n}];
  cudaMalloc(&d, sizeof(h));
  k<<<1, 1>>>(d);
  cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
  for (int i = 0; i < ${n}; i++) printf("%lld ", h[i]);
  ${host}
  printf("\\n");
  return 0;
}`);
  expect(r.stderr).toBe('');
  return r.stdout.trim();
}

describe('student idioms', () => {
  it('a default-constructed dim3 is (1, 1, 1), local and global', () => {
    expect(ints('dim3 g;', 'dim3 b; o[0] = b.x; o[1] = b.y; o[2] = b.z;', 3, 'dim3 l; printf("| %u %u %u %u", l.x, l.z, g.y, g.z);')).toBe('1 1 1 | 1 1 1 1');
  });
  it('constexpr variables are constants: array sizes, and their value in device code', () => {
    expect(ints('constexpr int N = 4; namespace cfg { constexpr int M = 3; }', '__shared__ int s[N]; int l[cfg::M]; constexpr int L = 2; int m[L]; o[0] = sizeof(s) + sizeof(l) + sizeof(m);', 1)).toBe('36');
  });
  it('const and constexpr host floats have their value in device code', () => {
    expect(ints('const float F = 1.5f; constexpr double D = 0.25; const bool B = true;', 'o[0] = (long long)(F * 4); o[1] = (long long)(D * 8); o[2] = B;', 3)).toBe('6 2 1');
  });
  it('an explicit template argument fixes the parameter type: the argument converts', () => {
    expect(ints('template <typename T> __device__ T clampTo(T x, T lo, T hi) { return x < lo ? lo : (x > hi ? hi : x); }',
      'unsigned char c = 200; o[0] = clampTo<unsigned char>(c * 2, 0, 150); o[1] = clampTo<int>(2.9, 0, 5);', 2)).toBe('144 2');
  });
  it('return {...} builds the return type', () => {
    expect(ints('struct Pt { int x, y; }; __device__ Pt mk(int i) { return {i, -i}; } __device__ float f() { return {2.5f}; }',
      'Pt p = mk(7); o[0] = p.x; o[1] = p.y; o[2] = (long long)(f() * 2);', 3)).toBe('7 -7 5');
  });
  it('__ldg, __mul64hi and __umul64hi', () => {
    expect(ints('__device__ int g[2] = {5, 9};', 'const int *p = g; o[0] = __ldg(p + 1); o[1] = __mul64hi(-3ll, 1ll << 62); o[2] = (long long)__umul64hi(~0ull, 6ull);', 3)).toBe('9 -1 5');
  });
  it('conversion intrinsics with a rounding mode', () => {
    expect(ints('', 'o[0] = __float2int_ru(2.5f); o[1] = __float2int_rd(-2.5f); o[2] = __float2ll_rn(__int_as_float(0x7fc00000)) == (-9223372036854775807ll - 1); o[3] = __float_as_int(__int2float_ru(16777217));', 4))
      .toBe(`3 -3 1 ${0x4b800001}`);
  });
  it('a destructor after __host__ __device__ is named as unsupported', () => {
    const r = runSource('struct C {\n  float re;\n  __host__ __device__ ~C() {}\n};\nint main() { return 0; }\n');
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('prog.cu:3:3: error: destructors are not supported by Warpscope');
  });
});
