import { describe, expect, it } from 'vitest';
import { checkOk, checkErr, fn } from './helpers.js';

describe('CUDA features', () => {
  it('device properties, error checking, streams, events, extern shared, warp intrinsics', () => {
    const p = checkOk(`
#include <stdio.h>
#define CHECK(call) { cudaError_t err = call; if (err != cudaSuccess) { fprintf(stderr, "%s:%d %s\\n", __FILE__, __LINE__, cudaGetErrorString(err)); exit(1); } }
typedef struct { int width; int height; float *element; } Matrix;
__device__ float getElement(const Matrix m, int r, int c) { return m.element[r * m.width + c]; }
__global__ void reduce_shared(float *d_out, const float *d_in, unsigned int size) {
  extern __shared__ float s_data[];
  unsigned int tid = threadIdx.x;
  s_data[tid] = tid < size ? d_in[tid] : 0.0f;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) s_data[tid] += s_data[tid + s];
    __syncthreads();
  }
  float v = s_data[tid];
  for (int off = warpSize / 2; off > 0; off /= 2) v += __shfl_down_sync(0xffffffff, v, off);
  unsigned mask = __ballot_sync(__activemask(), v > 0);
  if (tid == 0) { atomicAdd(d_out, v); printf("mask %x\\n", mask); }
}
__global__ void mat(Matrix a) { a.element[threadIdx.x] = getElement(a, 0, threadIdx.x); }
int main(int argc, char **argv) {
  int count = 0;
  CHECK(cudaGetDeviceCount(&count));
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  printf("%s %d.%d %zu\\n", prop.name, prop.major, prop.minor, prop.totalGlobalMem);
  Matrix d_A;
  d_A.width = d_A.height = 4;
  cudaMalloc(&(d_A.element), 16 * sizeof(float));
  mat<<<1, 16>>>(d_A);
  cudaStream_t st;
  cudaStreamCreate(&st);
  float *in, *out;
  cudaMallocManaged(&in, 256 * sizeof(float));
  cudaMallocHost((void **)&out, sizeof(float));
  reduce_shared<<<1, 256, 256 * sizeof(float), st>>>(out, in, 256);
  cudaStreamSynchronize(st);
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) printf("%s\\n", cudaGetErrorName(e));
  cudaStreamDestroy(st);
  return 0;
}`);
    expect(p.main?.params.length).toBe(2);
    expect(p.globals.find((g) => g.name === 's_data')?.storage).toBe('dynamicShared');
    expect(fn(p, 'mat').params[0]!.type.kind).toBe('struct');
  });

  it('namespaces, using, std::min, auto, new/delete, switch', () => {
    const p = checkOk(`
#include <algorithm>
namespace util { int twice(int x) { return 2 * x; } }
using namespace std;
int main() {
  auto a = util::twice(3);
  int b = std::min(a, 4) + max(1, 2);
  int *arr = new int[b];
  switch (b) { case 1: b++; break; case 2: default: b--; }
  delete[] arr;
  unsigned long long big = 1ULL << 40;
  return (int)(big >> 40);
}`);
    expect(fn(p, 'main').locals.map((v) => v.name)).toEqual(['a', 'b', 'arr', 'big']);
  });

  it('nvcc rejects device code in host functions and vice versa', () => {
    expect(checkErr('__global__ void k(float *p) { p[0] = 1; }\n__device__ void d() { k<<<1, 1>>>(0); }')).toBe('2:23: launching kernels from device code (dynamic parallelism) is not supported by Warpscope');
    expect(checkErr('int main() { int x = threadIdx.x; }')).toBe('1:22: identifier "threadIdx" is undefined in host code');
  });
});
