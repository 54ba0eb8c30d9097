// Access patterns for Nsight Compute's memory metrics: global loads/stores aligned, shifted,
// single-address, strided and random; shared memory with strides 1, 2, 32 and 33 (padding),
// a broadcast, 64-bit elements; and a divergent branch. One block of 256 threads per kernel
// except where noted; each kernel launched once.
#include <stdio.h>

#define N (1 << 20)

__global__ void g_aligned(const float *in, float *out) { int i = blockIdx.x * blockDim.x + threadIdx.x; out[i] = in[i]; }
__global__ void g_shifted(const float *in, float *out) { int i = blockIdx.x * blockDim.x + threadIdx.x; out[i] = in[i + 1]; }
__global__ void g_single(const float *in, float *out) { int i = blockIdx.x * blockDim.x + threadIdx.x; out[i] = in[0]; }
__global__ void g_stride2(const float *in, float *out) { int i = blockIdx.x * blockDim.x + threadIdx.x; out[i] = in[2 * i]; }
__global__ void g_stride32(const float *in, float *out) { int i = blockIdx.x * blockDim.x + threadIdx.x; out[i] = in[32 * i]; }
__global__ void g_random(const float *in, float *out, const int *perm) { int i = blockIdx.x * blockDim.x + threadIdx.x; out[i] = in[perm[i]]; }
__global__ void g_double(const double *in, double *out) { int i = blockIdx.x * blockDim.x + threadIdx.x; out[i] = in[i]; }

__global__ void s_strides(float *out, int stride)
{
    __shared__ float s[256 * 33];
    int t = threadIdx.x;
    s[t * stride] = t;
    __syncthreads();
    out[t] = s[t * stride];
}
__global__ void s_broadcast(float *out)
{
    __shared__ float s[256];
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[5];
}
__global__ void s_double(double *out, int stride)
{
    __shared__ double s[256 * 2];
    int t = threadIdx.x;
    s[t * stride] = t;
    __syncthreads();
    out[t] = s[t * stride];
}
__global__ void s_transpose(float *out, int pad)
{
    __shared__ float tile[32][33];
    int x = threadIdx.x % 32, y = threadIdx.x / 32;
    for (int r = y; r < 32; r += 8) tile[r][x] = r * 32 + x;
    __syncthreads();
    float v = pad ? tile[x][y] : tile[x % 32][(y + x * 32) % 32];
    out[threadIdx.x] = v;
}
__global__ void divergent(int *out)
{
    int t = threadIdx.x;
    int v = 0;
    if (t % 2 == 0) v = t * 3; else v = t * 5;
    if (t < 16) v += 7;
    out[t] = v;
}

int main()
{
    float *in, *out; double *din, *dout; int *perm, *iout;
    cudaMalloc(&in, 33 * N * sizeof(float));
    cudaMalloc(&out, N * sizeof(float));
    cudaMalloc(&din, N * sizeof(double));
    cudaMalloc(&dout, N * sizeof(double));
    cudaMalloc(&perm, N * sizeof(int));
    cudaMalloc(&iout, 256 * sizeof(int));
    cudaMemset(in, 0, 33 * N * sizeof(float));
    cudaMemset(din, 0, N * sizeof(double));
    int *h = (int *)malloc(N * sizeof(int));
    unsigned x = 1;
    for (int i = 0; i < N; i++) h[i] = i;
    for (int i = N - 1; i > 0; i--) { x = x * 1103515245u + 12345u; int j = (x >> 8) % (i + 1); int t = h[i]; h[i] = h[j]; h[j] = t; }
    cudaMemcpy(perm, h, N * sizeof(int), cudaMemcpyHostToDevice);
    const int B = 256, G = 64;
    g_aligned<<<G, B>>>(in, out);
    g_shifted<<<G, B>>>(in, out);
    g_single<<<G, B>>>(in, out);
    g_stride2<<<G, B>>>(in, out);
    g_stride32<<<G, B>>>(in, out);
    g_random<<<G, B>>>(in, out, perm);
    g_double<<<G, B>>>(din, dout);
    s_strides<<<1, B>>>(out, 1);
    s_strides<<<1, B>>>(out, 2);
    s_strides<<<1, B>>>(out, 32);
    s_strides<<<1, B>>>(out, 33);
    s_broadcast<<<1, B>>>(out);
    s_double<<<1, B>>>(dout, 1);
    s_double<<<1, B>>>(dout, 2);
    s_transpose<<<1, B>>>(out, 1);
    divergent<<<1, B>>>(iout);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
