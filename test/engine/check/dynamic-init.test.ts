import { describe, expect, it } from 'vitest';
import { runSource } from '../exec/run-source.js';

/*
 * C++ dynamic initialisation: a host global whose initialiser is no constant expression runs it
 * before main, in declaration order (nvcc 13 on an H100 printed "f runs" twice, then
 * "init 0 7 1.414214 14 1 7 3" for this program's first lines). A __device__ variable cannot
 * have one: nvcc's error at its name.
 */

const diags = (r: ReturnType<typeof runSource>): string[] => r.diagnostics.map((d) => `${d.severity} ${d.loc.line}:${d.loc.col} ${d.message}`);

describe('dynamic initialisation of host globals', () => {
  it('runs each initialiser before main in declaration order', () => {
    const r = runSource(`#include <cstdio>
#include <cmath>
__device__ int counter = 5;
int f() { printf("f runs\\n"); return 7; }
int h = counter;
int n = f();
float s = sqrtf(2.0f);
int m = n * 2;
int arr[3] = {1, f(), 3};
int main() {
  printf("init %d %d %f %d %d %d %d\\n", h, n, s, m, arr[0], arr[1], arr[2]);
  return 0;
}
`);
    expect(diags(r)).toEqual([]);
    expect(r.stdout).toBe('f runs\nf runs\ninit 0 7 1.414214 14 1 7 3\n');
    expect(r.status).toBe(0);
  });

  it('sees a later global still zero, fills structs, and never folds a const global set at run time', () => {
    const r = runSource(`#include <cstdio>
int f() { return 4; }
int early = f() + 1;
int peek();
int seen = peek();
int late = f();
int peek() { return late; }
const int N = f();
struct P { int a; float b; };
P pp = {f(), 2.5f};
P ps[2] = {{1, 2.0f}, {f(), 3.0f}};
int *ptr = &ps[1].a;
int main() { printf("%d %d %d %d %d %.1f %d %.1f %d\\n", early, seen, late, N, pp.a, pp.b, ps[1].a, ps[1].b, *ptr); return 0; }
`);
    expect(diags(r)).toEqual([]);
    expect(r.stdout).toBe('5 0 4 4 4 2.5 4 3.0 4\n');
  });

  it('launches a kernel from an initialiser, as the CUDA runtime allows before main', () => {
    // An H100 printed "in init: no error" and "g=11".
    const r = runSource(`#include <cstdio>
__global__ void k(int *p) { *p = 11; }
int launchit() {
  int *d; cudaMalloc(&d, 4); k<<<1,1>>>(d); int x = -1;
  cudaError_t e = cudaMemcpy(&x, d, 4, cudaMemcpyDeviceToHost);
  printf("in init: %s\\n", cudaGetErrorString(e));
  return x;
}
int g = launchit();
int main() { printf("g=%d\\n", g); return 0; }
`);
    expect(r.stdout).toBe('in init: no error\ng=11\n');
  });

  it('refuses a __device__ variable initialised at run time, at its name as nvcc does', () => {
    const r = runSource(`int f() { return 3; }
__device__ int d = f();
int main() { return 0; }
`);
    expect(diags(r)).toEqual(['error 2:16 dynamic initialization is not supported for a __device__ variable']);
    expect(r.status).not.toBe(0);
  });

  it('initialises a host function-local static the first time control reaches it', () => {
    const r = runSource(`#include <cstdio>
int calls = 0;
int f() { return ++calls * 10; }
int g() { static int s = f(); static const int k = f() + 1; return s + k; }
int main() {
  printf("%d\\n", calls);
  int a = g();
  int b = g();
  printf("%d %d %d\\n", a, b, calls);
  return 0;
}
`);
    expect(diags(r)).toEqual([]);
    expect(r.stdout).toBe('0\n31 31 2\n');
  });

  it('refuses a device function-local static initialised at run time, as nvcc does', () => {
    const r = runSource(`__device__ int h() { return 3; }
__device__ int g() { static int s = h(); return s; }
__global__ void k() { g(); }
int main() { return 0; }
`);
    expect(diags(r)).toEqual(['error 2:33 dynamic initialization is not supported for a function-scope static __device__ variable within a __device__/__global__ function']);
  });
});
