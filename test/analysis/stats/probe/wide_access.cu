// Probes for `warpscope stats`' model of wide shared accesses, wide global accesses and divergent
// branches: one warp per kernel, so each metric is one instruction's. Profiled with ncu on an H100
// (wide_access.ncu.csv beside this file, produced by the command in test/analysis/stats/README.md).
#include <stdio.h>

// Every lane reads the same double: whole-warp broadcast (1 wavefront) or one per half-warp (2)?
__global__ void d_broadcast(double *out) { __shared__ double s[64]; s[threadIdx.x] = threadIdx.x; __syncthreads(); out[threadIdx.x] = s[3]; }
// Half-warp 0 reads s[0], half-warp 1 reads s[1]: 4 words in 4 banks.
__global__ void d_halves(double *out) { __shared__ double s[64]; s[threadIdx.x] = threadIdx.x; __syncthreads(); out[threadIdx.x] = s[threadIdx.x / 16]; }
// Every lane reads the same float4.
__global__ void f4_broadcast(float4 *out) { __shared__ float4 s[64]; s[threadIdx.x] = make_float4(threadIdx.x, 0, 0, 0); __syncthreads(); out[threadIdx.x] = s[2]; }
// Quarter-warp q reads float4 q: 16 words in 16 banks.
__global__ void f4_quarters(float4 *out) { __shared__ float4 s[64]; s[threadIdx.x] = make_float4(threadIdx.x, 0, 0, 0); __syncthreads(); out[threadIdx.x] = s[threadIdx.x / 8]; }
// Contiguous float4: 512 bytes; and stride 2 float4.
__global__ void f4_stride(float4 *out, int stride) { __shared__ float4 s[64]; s[threadIdx.x * stride] = make_float4(threadIdx.x, 0, 0, 0); __syncthreads(); out[threadIdx.x] = s[threadIdx.x * stride]; }
// Global float4 load and store, contiguous (requests per instruction for 128-bit accesses).
__global__ void g_float4(const float4 *in, float4 *out) { out[threadIdx.x] = in[threadIdx.x]; }
// Global char loads: 32 bytes, one sector.
__global__ void g_char(const char *in, char *out) { out[threadIdx.x] = in[threadIdx.x]; }
// A branch nvcc cannot turn into predication (a call on one side): how many divergent targets per warp-level branch?
__global__ void div_call(int *out) { if (threadIdx.x < 10) printf("%d\n", threadIdx.x); out[threadIdx.x] = 1; }
// A data-dependent loop trip count: lanes leave at different iterations.
__global__ void div_loop(const int *in, int *out) { int v = 0; for (int i = 0; i < in[threadIdx.x]; i++) v += i * in[i]; out[threadIdx.x] = v; }

int main()
{
    double *d; float4 *f; char *c; int *in, *o;
    cudaMalloc(&d, 64 * sizeof(double)); cudaMalloc(&f, 128 * sizeof(float4)); cudaMalloc(&c, 64);
    cudaMalloc(&in, 32 * sizeof(int)); cudaMalloc(&o, 32 * sizeof(int));
    int h[32]; for (int i = 0; i < 32; i++) h[i] = i % 7;
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemset(f, 0, 128 * sizeof(float4)); cudaMemset(c, 0, 64);
    d_broadcast<<<1, 32>>>(d);
    d_halves<<<1, 32>>>(d);
    f4_broadcast<<<1, 32>>>(f);
    f4_quarters<<<1, 32>>>(f);
    f4_stride<<<1, 32>>>(f, 1);
    f4_stride<<<1, 32>>>(f, 2);
    g_float4<<<1, 32>>>(f, f + 64);
    g_char<<<1, 32>>>(c, c + 32);
    div_call<<<1, 32>>>(o);
    div_loop<<<1, 32>>>(in, o);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
