// Probes for `warpscope stats`' counts of vector and struct accesses (one warp instruction of 64
// or 128 bits per lane, or one per field where the alignment allows no wider) and of atomics
// (Nsight's op_atom for atomics whose result is used, op_red for those whose result is not). One
// warp per kernel. Profiled with ncu on an H100: vector_atomic.ncu.csv and vector_atomic.atom.csv
// beside this file (the commands are in test/analysis/stats/README.md).
#include <stdio.h>

struct __align__(16) P4 { float x, y, z, w; };
struct P3 { float a, b, c; };
struct DI { double d; int i; };

__global__ void g_double2(const double2 *in, double2 *out) { out[threadIdx.x] = in[threadIdx.x]; }
__global__ void g_float2(const float2 *in, float2 *out) { out[threadIdx.x] = in[threadIdx.x]; }
__global__ void g_int4_stride(const int4 *in, int4 *out) { out[threadIdx.x] = in[threadIdx.x * 2]; }
__global__ void g_p4(const P4 *in, P4 *out) { out[threadIdx.x] = in[threadIdx.x]; }
__global__ void g_p3(const P3 *in, P3 *out) { out[threadIdx.x] = in[threadIdx.x]; }
__global__ void g_di(const DI *in, DI *out) { out[threadIdx.x] = in[threadIdx.x]; }
__global__ void g_f4_field(const float4 *in, float *out) { out[threadIdx.x] = in[threadIdx.x].y; }
__global__ void s_double2(double2 *out) { __shared__ double2 s[64]; s[threadIdx.x] = make_double2(threadIdx.x, 1); __syncthreads(); out[threadIdx.x] = s[(threadIdx.x * 2) % 64]; }
__global__ void s_p3(P3 *out) { __shared__ P3 s[32]; P3 v = {(float)threadIdx.x, 1, 2}; s[threadIdx.x] = v; __syncthreads(); out[threadIdx.x] = s[31 - threadIdx.x]; }
__global__ void a_red_same(int *c) { atomicAdd(c, 1); }
__global__ void a_red_lane(int *c) { atomicAdd(&c[threadIdx.x], (int)threadIdx.x); }
__global__ void a_atom_lane(int *c, int *out) { out[threadIdx.x] = atomicAdd(&c[threadIdx.x % 8], 1); }
__global__ void a_cas(int *c, int *out) { out[threadIdx.x] = atomicCAS(&c[threadIdx.x], 0, 1); }
__global__ void a_float(float *c) { atomicAdd(&c[threadIdx.x / 4], 1.0f); }
__global__ void a_shared(int *out) { __shared__ int s[32]; s[threadIdx.x] = 0; __syncthreads(); atomicAdd(&s[threadIdx.x % 4], 1); __syncthreads(); out[threadIdx.x] = s[threadIdx.x]; }

int main()
{
    char *in, *out;
    cudaMalloc(&in, 4096); cudaMalloc(&out, 4096);
    cudaMemset(in, 0, 4096); cudaMemset(out, 0, 4096);
    g_double2<<<1, 32>>>((const double2 *)in, (double2 *)out);
    g_float2<<<1, 32>>>((const float2 *)in, (float2 *)out);
    g_int4_stride<<<1, 32>>>((const int4 *)in, (int4 *)out);
    g_p4<<<1, 32>>>((const P4 *)in, (P4 *)out);
    g_p3<<<1, 32>>>((const P3 *)in, (P3 *)out);
    g_di<<<1, 32>>>((const DI *)in, (DI *)out);
    g_f4_field<<<1, 32>>>((const float4 *)in, (float *)out);
    s_double2<<<1, 32>>>((double2 *)out);
    s_p3<<<1, 32>>>((P3 *)out);
    a_red_same<<<1, 32>>>((int *)in);
    a_red_lane<<<1, 32>>>((int *)in);
    a_atom_lane<<<1, 32>>>((int *)in, (int *)out);
    a_cas<<<1, 32>>>((int *)in + 64, (int *)out);
    a_float<<<1, 32>>>((float *)in + 128);
    a_shared<<<1, 32>>>((int *)out);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
