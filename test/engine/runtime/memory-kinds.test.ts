import { describe, expect, it } from 'vitest';
import { compileSource } from '../../../src/engine/compile-source.js';
import { runProgram } from '../../../src/engine/runtime/program.js';
import { defaultRunOptions } from '../../../src/engine/api.js';

/** Runs `source` on the simulated device `device`; returns what it printed, its status and Warpscope's diagnostics. */
function run(source: string, device?: string): { stdout: string; status: number; reports: string[] } {
  const compiled = compileSource('t.cu', { readFile: () => source });
  if (!compiled.ok) throw new Error(compiled.diags.map((d) => d.message).join('\n'));
  let stdout = '';
  const reports: string[] = [];
  const options = device === undefined ? defaultRunOptions : { ...defaultRunOptions, device };
  const status = runProgram(compiled.program, { argv: ['t'], options, sink: { stdout: (t) => (stdout += t), stderr: () => undefined }, report: (d) => reports.push(d.message) });
  return { stdout, status, reports };
}

const kernelOn = (setup: string): string => `#include <stdio.h>
#include <stdlib.h>
__global__ void twice(int *p) { p[threadIdx.x] *= 2; }
int main() {
  ${setup}
  for (int i = 0; i < 4; i++) p[i] = i + 1;
  twice<<<1, 4>>>(p);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s %d %d\\n", cudaGetErrorName(e), p[0], p[3]);
  return 0;
}`;

describe('memory kinds', () => {
  it('lets kernels use pinned, mapped and managed memory, and faults on pageable memory', () => {
    expect(run(kernelOn('int *p; cudaMallocHost(&p, 16);')).stdout).toBe('cudaSuccess 2 8\n');
    expect(run(kernelOn('int *p; cudaHostAlloc(&p, 16, cudaHostAllocMapped);')).stdout).toBe('cudaSuccess 2 8\n');
    expect(run(kernelOn('int *p; cudaMallocManaged(&p, 16);')).stdout).toBe('cudaSuccess 2 8\n');
    expect(run(kernelOn('int *p = (int *)malloc(16);')).stdout).toBe('cudaErrorIllegalAddress 1 4\n');
  });

  it('reports flags, device pointers and pointer attributes of each kind', () => {
    const r = run(`#include <stdio.h>
#include <stdlib.h>
int main() {
  int *h, *w, *d, *m; unsigned f1, f2; void *dp;
  cudaHostAlloc(&h, 64, cudaHostAllocPortable);
  cudaHostAlloc(&w, 64, cudaHostAllocWriteCombined);
  cudaMalloc(&d, 64); cudaMallocManaged(&m, 64);
  cudaHostGetFlags(&f1, h); cudaHostGetFlags(&f2, w);
  cudaError_t e = cudaHostGetDevicePointer(&dp, h + 2, 0);
  printf("%u %u %s %d %s\\n", f1, f2, cudaGetErrorName(e), dp == (void *)(h + 2), cudaGetErrorName(cudaHostGetFlags(&f1, d)));
  int *ptrs[] = {(int *)malloc(4), h, d, m};
  for (int i = 0; i < 4; i++) { cudaPointerAttributes a; cudaPointerGetAttributes(&a, ptrs[i]); printf("%d %d ", (int)a.type, a.device); }
  printf("\\n%s %s\\n", cudaGetErrorName(cudaFreeHost(ptrs[0])), cudaGetErrorName(cudaFree(h)));
  size_t fr0, fr1, t; cudaMemGetInfo(&fr0, &t); void *big; cudaMalloc(&big, 64 << 20); cudaMemGetInfo(&fr1, &t);
  printf("%zu %d\\n", t, fr0 - fr1 >= (64u << 20));
  return 0;
}`);
    expect(r.stdout).toBe('2 6 cudaSuccess 1 cudaErrorInvalidValue\n0 -2 1 0 2 0 3 0 \ncudaErrorInvalidValue cudaErrorInvalidValue\n85017493504 1\n');
  });

  it('refuses a null cudaMalloc result pointer with cudaErrorInvalidValue, as the H200 did', () => {
    const r = run('#include <stdio.h>\nint main() {\n  printf("%d %d ", (int)cudaMalloc((void **)0, 16), (int)cudaMalloc((void **)0, 0));\n  printf("%d\\n", (int)cudaGetLastError());\n  return 0;\n}\n');
    expect(r).toMatchObject({ stdout: '1 1 1\n', status: 0 });
  });

  it('pads pitched rows to 512 bytes and checks 2D copies', () => {
    const r = run(`#include <stdio.h>
int main() {
  size_t widths[] = {1, 512, 513, 5000};
  for (int i = 0; i < 4; i++) { void *p; size_t pitch; cudaMallocPitch(&p, &pitch, widths[i], 2); printf("%zu ", pitch); }
  char *d; size_t pitch; cudaMallocPitch(&d, &pitch, 8, 3);
  char h[3][8], back[3][8];
  for (int r = 0; r < 3; r++) for (int c = 0; c < 8; c++) h[r][c] = r * 10 + c;
  cudaMemset2D(d, pitch, 0, 8, 3);
  cudaMemcpy2D(d + pitch + 2, pitch, &h[0][0], 8, 3, 2, cudaMemcpyHostToDevice);
  cudaMemcpy2D(back, 8, d, pitch, 8, 3, cudaMemcpyDeviceToHost);
  printf("\\n%d %d %d %d\\n", back[1][2], back[2][4], back[0][2], back[1][5]);
  printf("%s %s\\n", cudaGetErrorName(cudaMemcpy2D(back, 4, d, pitch, 8, 3, cudaMemcpyDeviceToHost)), cudaGetErrorName(cudaMemset2D(d, pitch, 0, pitch + 1, 2)));
  return 0;
}`);
    expect(r.stdout).toBe('512 512 1024 5120 \n0 12 0 0\ncudaErrorInvalidPitchValue cudaErrorInvalidValue\n');
  });
});

describe('--device', () => {
  const query = `#include <stdio.h>
__global__ void __launch_bounds__(256, 2) k(int *p) { p[threadIdx.x] = 0; }
int main() {
  cudaDeviceProp prop; cudaGetDeviceProperties(&prop, 0);
  cudaFuncAttributes a; cudaFuncGetAttributes(&a, k);
  int n; cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, k, 256, 0);
  printf("%s %d.%d %d %d %d %d\\n", prop.name, prop.major, prop.minor, prop.multiProcessorCount, a.maxThreadsPerBlock, a.ptxVersion, n);
  return 0;
}`;

  it('simulates the preset it names', () => {
    expect(run(query).stdout).toBe('NVIDIA H100 80GB HBM3 9.0 132 256 90 8\n');
    expect(run(query, 'k80').stdout).toBe('Tesla K80 3.7 13 256 37 8\n');
    expect(run(query, 'a100').stdout).toBe('NVIDIA A100-SXM4-80GB 8.0 108 256 80 8\n');
  });

  it('refuses a device it does not know', () => {
    const r = run(query, 'v100');
    expect(r.status).toBe(2);
    expect(r.reports).toEqual(["unknown device 'v100' (known: h100, a100, k80)"]);
  });
});
