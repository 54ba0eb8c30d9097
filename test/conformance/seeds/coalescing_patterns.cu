// Global memory access patterns of seed 003 ("Memory transactions and coalescing"): aligned,
// shifted (misaligned by one word), single (all threads read one word), strided (stride 3),
// fully random, and the "good access pattern" loop for (i = threadIdx.x; i < n; i += blockDim.x).
// Prints the values read (sums per block and a few elements), not timings.
#include <stdio.h>

#define N 1024
#define THREADS 128

__global__ void aligned(const float *data, float *out)   { int t = blockIdx.x * blockDim.x + threadIdx.x; out[t] = data[t]; }
__global__ void shifted(const float *data, float *out)   { int t = blockIdx.x * blockDim.x + threadIdx.x; out[t] = data[t + 1]; }
__global__ void single(const float *data, float *out)    { int t = blockIdx.x * blockDim.x + threadIdx.x; out[t] = data[0]; }
__global__ void strided(const float *data, float *out)   { int t = blockIdx.x * blockDim.x + threadIdx.x; out[t] = data[(t * 3) % N]; }
__global__ void random_access(const float *data, const int *perm, float *out)
{ int t = blockIdx.x * blockDim.x + threadIdx.x; out[t] = data[perm[t]]; }

// one block sums n elements: each thread strides by blockDim.x, then thread 0 adds the partials
__global__ void block_loop_sum(const float *data, int n, float *out)
{
    __shared__ float partial[THREADS];
    float x = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
        x += data[i];
    }
    partial[threadIdx.x] = x;
    __syncthreads();
    if (threadIdx.x == 0) {
        float s = 0;
        for (int k = 0; k < blockDim.x; k++) s += partial[k];
        out[0] = s;
    }
}

static void show(const char *name, const float *h)
{
    double s = 0;
    for (int i = 0; i < N; i++) s += h[i] * (double)(i % 10 + 1);
    printf("%-8s out[0]=%g out[1]=%g out[31]=%g out[32]=%g out[1023]=%g weighted=%.1f\n",
           name, h[0], h[1], h[31], h[32], h[N - 1], s);
}

int main()
{
    static float data[N + 1], h[N];
    static int perm[N];
    for (int i = 0; i <= N; i++) data[i] = (float)(i * 2 + 1);
    // a fixed pseudo-random permutation (LCG), the same on every run
    for (int i = 0; i < N; i++) perm[i] = i;
    unsigned s = 12345u;
    for (int i = N - 1; i > 0; i--) {
        s = s * 1103515245u + 12345u;
        int j = (int)((s >> 8) % (unsigned)(i + 1));
        int t = perm[i]; perm[i] = perm[j]; perm[j] = t;
    }
    float *d_data, *d_out;
    int *d_perm;
    cudaMalloc((void **)&d_data, sizeof(data));
    cudaMalloc((void **)&d_out, sizeof(h));
    cudaMalloc((void **)&d_perm, sizeof(perm));
    cudaMemcpy(d_data, data, sizeof(data), cudaMemcpyHostToDevice);
    cudaMemcpy(d_perm, perm, sizeof(perm), cudaMemcpyHostToDevice);

    aligned<<<N / THREADS, THREADS>>>(d_data, d_out);
    cudaMemcpy(h, d_out, sizeof(h), cudaMemcpyDeviceToHost); show("aligned", h);
    shifted<<<N / THREADS, THREADS>>>(d_data, d_out);
    cudaMemcpy(h, d_out, sizeof(h), cudaMemcpyDeviceToHost); show("shifted", h);
    single<<<N / THREADS, THREADS>>>(d_data, d_out);
    cudaMemcpy(h, d_out, sizeof(h), cudaMemcpyDeviceToHost); show("single", h);
    strided<<<N / THREADS, THREADS>>>(d_data, d_out);
    cudaMemcpy(h, d_out, sizeof(h), cudaMemcpyDeviceToHost); show("strided", h);
    random_access<<<N / THREADS, THREADS>>>(d_data, d_perm, d_out);
    cudaMemcpy(h, d_out, sizeof(h), cudaMemcpyDeviceToHost); show("random", h);
    printf("perm[0..7] = %d %d %d %d %d %d %d %d\n", perm[0], perm[1], perm[2], perm[3], perm[4],
           perm[5], perm[6], perm[7]);

    block_loop_sum<<<1, THREADS>>>(d_data, N, d_out);
    float sum;
    cudaMemcpy(&sum, d_out, sizeof(float), cudaMemcpyDeviceToHost);
    float x = 0;
    for (int i = 0; i < N; ++i) {
        x += data[i];
    }
    printf("loop sum: gpu=%.9g cpu sequential=%.9g\n", sum, x);
    printf("status: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
