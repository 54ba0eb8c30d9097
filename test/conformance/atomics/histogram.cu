// A 64-bin histogram of 100000 pseudo-random bytes: per-block shared-memory atomics, then global atomics.
#include <stdio.h>

#define BINS 64
#define N 100000

__global__ void histogram(const unsigned char *in, int n, unsigned *bins)
{
    __shared__ unsigned local[BINS];
    for (int i = threadIdx.x; i < BINS; i += blockDim.x) local[i] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[in[i] % BINS], 1u);
    __syncthreads();
    for (int i = threadIdx.x; i < BINS; i += blockDim.x) atomicAdd(&bins[i], local[i]);
}

int main()
{
    static unsigned char h[N];
    unsigned seed = 12345;
    for (int i = 0; i < N; i++) { seed = seed * 1103515245u + 12345u; h[i] = (unsigned char)(seed >> 16); }
    unsigned char *d; unsigned *bins, hb[BINS];
    cudaMalloc(&d, N);
    cudaMalloc(&bins, sizeof(hb));
    cudaMemcpy(d, h, N, cudaMemcpyHostToDevice);
    cudaMemset(bins, 0, sizeof(hb));
    histogram<<<16, 128>>>(d, N, bins);
    cudaMemcpy(hb, bins, sizeof(hb), cudaMemcpyDeviceToHost);
    unsigned total = 0;
    for (int i = 0; i < BINS; i++) { printf("%u%c", hb[i], i % 16 == 15 ? '\n' : ' '); total += hb[i]; }
    printf("total %u\n", total);
    return 0;
}
