// Printing from many blocks in a deterministic order, as a course teaches it: one printing
// thread that prints everything the grid computed (after the grid finished, in a second
// kernel), a "last block done" ticket with __threadfence where whichever block finishes last
// prints the total, one block per launch in a host loop, and printf's return value on the device.
#include <stdio.h>

#define BLOCKS 12
#define THREADS 64

__device__ unsigned finished = 0;

__global__ void partial(const int *in, int *sums, int *total)
{
    __shared__ int s[THREADS];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = in[i];
    __syncthreads();
    for (int k = THREADS / 2; k > 0; k /= 2) {
        if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
    }
    __shared__ bool last;
    if (threadIdx.x == 0) {
        sums[blockIdx.x] = s[0];
        __threadfence();
        unsigned ticket = atomicInc(&finished, gridDim.x - 1);
        last = ticket == gridDim.x - 1;
    }
    __syncthreads();
    if (last && threadIdx.x == 0) {
        int t = 0;
        for (int b = 0; b < gridDim.x; b++) t += ((volatile int *)sums)[b];
        *total = t;
        printf("last block: total %d, counter wrapped to %u\n", t, finished);
    }
}

__global__ void report(const int *sums, int n)
{
    if (blockIdx.x != 0 || threadIdx.x != 0) return;
    for (int b = 0; b < n; b++) printf("block %2d sum %6d%s\n", b, sums[b], sums[b] % 2 ? " odd" : "");
}

__global__ void one_block(int launch)
{
    if (threadIdx.x == 3) {
        int r = printf("launch %d from block %d thread %d of %d\n", launch, blockIdx.x, threadIdx.x, blockDim.x);
        printf("  printf returned %d\n", r);
    }
}

int main()
{
    int h[BLOCKS * THREADS];
    for (int i = 0; i < BLOCKS * THREADS; i++) h[i] = (i * i) % 97 - 40;
    int *din, *dsums, *dtotal;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dsums, BLOCKS * sizeof(int));
    cudaMalloc(&dtotal, sizeof(int));
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    partial<<<BLOCKS, THREADS>>>(din, dsums, dtotal);
    cudaDeviceSynchronize();
    report<<<4, 32>>>(dsums, BLOCKS);
    cudaDeviceSynchronize();
    for (int l = 0; l < 3; l++) {
        one_block<<<1, 8 + l>>>(l);
        cudaDeviceSynchronize();
    }
    int total;
    cudaMemcpy(&total, dtotal, sizeof total, cudaMemcpyDeviceToHost);
    long check = 0;
    for (int i = 0; i < BLOCKS * THREADS; i++) check += h[i];
    printf("host total %d (expected %ld)\n", total, check);
    printf("status: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
