import { describe, expect, it } from 'vitest';
import { runSource } from './run-source.js';

/*
 * Differences from an H100 that the first-course conformance programs (test/conformance/course)
 * found, each reduced to the smallest program that shows it. Expected values are the H100's.
 */

/** stdout of a program (must run without diagnostics). */
function out(source: string): string {
  const r = runSource(`#include <stdio.h>\n#include <float.h>\n${source}`);
  expect(r.stderr).toBe('');
  return r.stdout;
}

describe('first-course programs as an H100 runs them', () => {
  it('remainder by zero is all ones on the device, signed and unsigned, 32- and 64-bit (int_edges)', () => {
    expect(out(`
__global__ void k(const int *z, long long *o) { int a = 13, b = -13; long long c = 5000000000ll; unsigned u = 13;
  o[0] = a % z[0]; o[1] = b % z[0]; o[2] = c % (long long)z[0]; o[3] = a / z[0];
  o[4] = u % (unsigned)z[0]; o[5] = (long long)((unsigned long long)c % (unsigned long long)z[0]); }
int main() { int *z; long long *o, h[6]; cudaMalloc(&z, 4); cudaMalloc(&o, sizeof h); cudaMemset(z, 0, 4);
  k<<<1, 1>>>(z, o); cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 6; i++) printf("%lld ", h[i]); printf("\\n"); return 0; }`)).toBe('-1 -1 -1 -1 4294967295 -1 \n');
  });

  it('device printf returns the number of arguments after the format (printf_blocks)', () => {
    expect(out(`
__global__ void k() { int a = printf("x %d %s\\n", 1, "s"); int b = printf("none\\n"); printf("%d %d\\n", a, b); }
int main() { k<<<1, 1>>>(); cudaDeviceSynchronize(); return 0; }`)).toBe('x 1 s\nnone\n2 0\n');
  });

  it('cudaMemset past the end of an allocation is cudaErrorInvalidValue; one row of cudaMemset2D may pass the pitch (memset_patterns)', () => {
    expect(out(`
int main() { int *d; cudaMalloc(&d, 64);
  printf("%s ", cudaGetErrorName(cudaMemset(d, 0, 1 << 20)));
  printf("%s ", cudaGetErrorName(cudaMemset(d + 8, 0, 33)));
  printf("%s ", cudaGetErrorName(cudaMemset(d + 8, 0, 32)));
  char *p; size_t pitch; cudaMallocPitch(&p, &pitch, 10, 4);
  printf("%s ", cudaGetErrorName(cudaMemset2D(p, pitch, 0, pitch + 1, 1)));
  printf("%s\\n", cudaGetErrorName(cudaMemset2D(p, pitch, 0, pitch + 1, 2))); return 0; }`)).toBe(
      'cudaErrorInvalidValue cudaErrorInvalidValue cudaSuccess cudaSuccess cudaErrorInvalidValue\n');
  });

  it("float.h's DBL_ limits compile and keep their values (printf_specials)", () => {
    expect(out(`
__global__ void k() { printf("%g %g %g %g\\n", DBL_MAX, DBL_MIN, DBL_EPSILON, DBL_TRUE_MIN); }
int main() { printf("%a %a\\n", DBL_MAX, DBL_TRUE_MIN); k<<<1, 1>>>(); cudaDeviceSynchronize(); return 0; }`)).toBe(
      '0x1.fffffffffffffp+1023 0x0.0000000000001p-1022\n1.79769e+308 2.22507e-308 2.22045e-16 4.94066e-324\n');
  });

  it('a long double literal cast straight to double is read as a double; alone it is still unsupported', () => {
    expect(out('int main() { printf("%g %g\\n", (double)2.5L, (float)0.1l * 10); return 0; }')).toBe('2.5 1\n');
    const r = runSource('int main() { double x = 2.5L; return (int)x; }');
    expect(r.stderr).toContain("'long double' literals (an 'L' suffix) are not supported");
  });

  it('cudaMemcpyToSymbolAsync and cudaMemcpyFromSymbolAsync copy in a stream and check the range (streams_events)', () => {
    expect(out(`
__constant__ float c[2];
__device__ int g[4];
__global__ void k(float *o) { o[0] = c[0] + c[1]; g[1] = 7; }
int main() { cudaStream_t s; cudaStreamCreate(&s); float h[2] = {1.5f, 2.25f}, r = 0; float *o; cudaMalloc(&o, 4);
  cudaMemcpyToSymbolAsync(c, h, sizeof h, 0, cudaMemcpyHostToDevice, s);
  k<<<1, 1, 0, s>>>(o);
  int back[2] = {0, 0};
  cudaMemcpyFromSymbolAsync(back, g, sizeof back, sizeof(int), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s); cudaMemcpy(&r, o, 4, cudaMemcpyDeviceToHost);
  printf("%g %d %d ", r, back[0], back[1]);
  printf("%s ", cudaGetErrorName(cudaMemcpyToSymbolAsync(c, h, sizeof h, 4, cudaMemcpyHostToDevice, s)));
  printf("%s\\n", cudaGetErrorName(cudaMemcpyFromSymbolAsync(back, g, 4, 0, cudaMemcpyHostToDevice, s))); return 0; }`)).toBe(
      '3.75 7 0 cudaErrorInvalidValue cudaErrorInvalidMemcpyDirection\n');
  });

  it('a functor: calling an object whose struct defines operator(), passed to a template kernel (functors_templates)', () => {
    expect(out(`
struct Affine { float a, b; __device__ float operator()(float x) const { return a * x + b; } };
struct Count { int n; __host__ __device__ int operator()(int k) { n += k; return n; } };
template <typename F> __global__ void k(float *o, F f) { o[0] = f(2.0f); Count c = {1}; c(2); o[1] = c(3); }
int main() { float *o, h[2]; cudaMalloc(&o, sizeof h); k<<<1, 1>>>(o, Affine{3.0f, 0.5f});
  cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost); Count c = {10};
  printf("%g %g %d\\n", h[0], h[1], c(5)); return 0; }`)).toBe('6.5 6 15\n');
  });

  it('a non-template overload beats a function template that matches as well (found while writing functors_templates)', () => {
    expect(out(`
template <typename T> __device__ const char *kind(T) { return "template"; }
__device__ const char *kind(int) { return "int"; }
__device__ const char *kind(double) { return "double"; }
__global__ void k() { printf("%s %s %s %s\\n", kind(1), kind(2.0), kind(1.5f), kind('c')); }
int main() { k<<<1, 1>>>(); cudaDeviceSynchronize(); return 0; }`)).toBe('int double template template\n');
  });

  it("stdint.h's intmax_t and uintmax_t are 64-bit (found while probing device printf's %jd)", () => {
    expect(out(`
#include <stdint.h>
__global__ void k(intmax_t a, uintmax_t b) { printf("%lld %llu\\n", (long long)a, (unsigned long long)b); }
int main() { intmax_t a = -5000000000; uintmax_t b = 18446744073709551615u;
  printf("%jd %ju %d ", a, b, (int)sizeof(intmax_t)); fflush(stdout); k<<<1, 1>>>(a, b); cudaDeviceSynchronize(); return 0; }`)).toBe(
      '-5000000000 18446744073709551615 8 -5000000000 18446744073709551615\n');
  });

  it('calling an object without operator() is still an error', () => {
    const r = runSource('struct S { int a; };\nint main() { S s; s(1); return 0; }');
    expect(r.stderr).toContain("called object type 'S' is not a function or function pointer");
    expect(r.status).not.toBe(0);
  });
});
