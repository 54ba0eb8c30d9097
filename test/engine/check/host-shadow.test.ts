import { describe, expect, it } from 'vitest';
import { runSource } from '../exec/run-source.js';

/*
 * Host code naming a device variable: nvcc 13 warns (#20091/#20092) and the host touches the
 * variable's zero-filled shadow (an H100 printed "host counter = 0", then the device's 5 and 6:
 * conformance rules/host_device_var); a write to a __constant__ one is an error.
 */

const diags = (r: ReturnType<typeof runSource>): string[] => r.diagnostics.map((d) => `${d.severity} ${d.loc.line}:${d.loc.col} ${d.message}`);

describe('host access to device variables', () => {
  it('warns as nvcc does and gives the host a zero-filled copy the kernel never sees', () => {
    const r = runSource(`#include <cstdio>
__device__ int counter = 5;
__device__ float arr[3] = {1.5f, 2.5f, 3.5f};
__shared__ int s;
__global__ void show() { printf("dev %d %.1f\\n", counter, arr[1]); counter++; }
int main() {
  printf("host %d %d\\n", counter, s);
  counter = 3; arr[1] = 9.0f;
  float *q = arr; int *pc = &counter;
  printf("host %d %.1f %.1f %d %d\\n", counter, arr[1], q[0], *pc, (int)sizeof(counter));
  show<<<1, 1>>>(); cudaDeviceSynchronize(); show<<<1, 1>>>(); cudaDeviceSynchronize();
  int v = 0; cudaMemcpyFromSymbol(&v, counter, sizeof v);
  printf("host %d, symbol %d\\n", counter, v);
  return 0;
}
`);
    expect(diags(r)).toEqual([
      'warning 7:26 a __device__ variable "counter" cannot be directly read in a host function',
      'warning 7:35 a __shared__ variable "s" cannot be directly read in a host function',
      'warning 8:3 a __device__ variable "counter" cannot be directly written in a host function',
      'warning 8:16 a __device__ variable "arr" cannot be directly written in a host function',
      'warning 10:39 a __device__ variable "counter" cannot be directly read in a host function',
      'warning 10:48 a __device__ variable "arr" cannot be directly read in a host function',
      'warning 13:34 a __device__ variable "counter" cannot be directly read in a host function',
    ]);
    expect(r.stdout).toBe('host 0 0\nhost 3 9.0 0.0 3 4\ndev 5 2.5\ndev 6 2.5\nhost 3, symbol 7\n');
    expect(r.status).toBe(0);
  });

  it('rejects a host write to a __constant__ variable and reports the reads around it', () => {
    const r = runSource(`#include <cstdio>
__constant__ int k = 7;
int main() {
  printf("%d\\n", k);
  k = 9;
  printf("%d\\n", k);
  return 0;
}
`);
    expect(diags(r)).toEqual([
      'warning 4:18 a __constant__ variable "k" cannot be directly read in a host function',
      'warning 6:18 a __constant__ variable "k" cannot be directly read in a host function',
      'error 5:3 expression must be a modifiable lvalue: host code sees __constant__ variable "k" as const',
    ]);
    expect(r.status).not.toBe(0);
  });

  it('warns of a read and a write where host code updates a device variable in place', () => {
    // nvcc 13 on host_dev_ops.cu: both warnings at each of `+=`, `++` and `++arr[1]`, none at `&counter`, `int *q = arr` or sizeof.
    const r = runSource(`#include <cstdio>
__device__ int counter = 5;
__device__ int arr[3];
int main() {
  counter += 2; counter++; ++arr[1];
  int *p = &counter; int *q = arr; size_t n = sizeof(counter);
  printf("%d %d %d %d\\n", counter, arr[1], (int)n, p == q);
  return 0;
}
`);
    expect(diags(r)).toEqual([
      'warning 5:3 a __device__ variable "counter" cannot be directly read in a host function',
      'warning 5:3 a __device__ variable "counter" cannot be directly written in a host function',
      'warning 5:17 a __device__ variable "counter" cannot be directly read in a host function',
      'warning 5:17 a __device__ variable "counter" cannot be directly written in a host function',
      'warning 5:30 a __device__ variable "arr" cannot be directly read in a host function',
      'warning 5:30 a __device__ variable "arr" cannot be directly written in a host function',
      'warning 7:27 a __device__ variable "counter" cannot be directly read in a host function',
      'warning 7:36 a __device__ variable "arr" cannot be directly read in a host function',
    ]);
    expect(r.stdout).toBe('3 1 4 0\n');
  });

  it('warns in a __host__ __device__ function too, whose host calls touch the shadow', () => {
    // nvcc 13 on an H100 (h1probe p1.cu): #20091/#20092 at each access in get/getk/bump; the kernel saw 52, the host 10 and 0.
    const r = runSource(`#include <cstdio>
__device__ int counter = 5;
__constant__ int kc = 9;
__host__ __device__ int get() { return counter; }
__host__ __device__ int getk() { return kc; }
__host__ __device__ void bump() { counter += 10; }
__global__ void k() { counter = 42; bump(); printf("dev get %d getk %d\\n", get(), getk()); }
int main() {
  k<<<1, 1>>>(); cudaDeviceSynchronize();
  bump();
  printf("host get %d getk %d\\n", get(), getk());
  int v = 0; cudaMemcpyFromSymbol(&v, counter, sizeof v);
  printf("symbol %d\\n", v);
  return 0;
}
`);
    expect(diags(r)).toEqual([
      'warning 4:40 a __device__ variable "counter" cannot be directly read in a host function',
      'warning 5:41 a __constant__ variable "kc" cannot be directly read in a host function',
      'warning 6:35 a __device__ variable "counter" cannot be directly read in a host function',
      'warning 6:35 a __device__ variable "counter" cannot be directly written in a host function',
    ]);
    expect(r.stdout).toBe('dev get 52 getk 9\nhost get 10 getk 0\nsymbol 52\n');
  });

  it('gives a namespace-scope initialiser the shadow without a warning, as nvcc does', () => {
    const r = runSource(`#include <cstdio>
__device__ int counter = 3;
int *p = &counter;
int main() { printf("%d\\n", *p); return 0; }
`);
    expect(diags(r)).toEqual([]);
    expect(r.stdout).toBe('0\n');
  });
});
