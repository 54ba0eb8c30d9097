// 004 Listing 9: a barrier reached by only some threads of the block (the legacy way) versus
// passing the whole thread_block to the function that synchronises it. Here the block has 64
// threads, so "threads with ID less than half the block" is exactly warp 0.
#include <stdio.h>
#include <cooperative_groups.h>
using namespace cooperative_groups;

__device__ int sum_legacy(int *x, int n)
{
    __shared__ int partial[64];
    partial[threadIdx.x] = x[threadIdx.x % n];
    __syncthreads();
    int s = 0;
    for (int i = 0; i < 32; i++) s += partial[i];
    return s;
}

__device__ int sum(thread_block block, int *x, int n)
{
    __shared__ int partial[64];
    partial[block.thread_rank()] = x[block.thread_rank() % n];
    block.sync();
    int s = 0;
    for (int i = 0; i < (int)block.size(); i++) s += partial[i];
    return s;
}

__global__ void legacy_kernel(int *x, int n, int *out)
{
    if (threadIdx.x < blockDim.x / 2) out[threadIdx.x] = sum_legacy(x, n); // only half the block
}

__global__ void parallel_kernel(int *x, int n, int *out)
{
    out[threadIdx.x] = sum(this_thread_block(), x, n); //OK
}

int main()
{
    int h[64], *x, *out;
    for (int i = 0; i < 64; i++) h[i] = i + 1;
    cudaMalloc(&x, sizeof(h));
    cudaMalloc(&out, sizeof(h));
    cudaMemcpy(x, h, sizeof(h), cudaMemcpyHostToDevice);
    cudaMemset(out, 0, sizeof(h));
    legacy_kernel<<<1, 64>>>(x, 64, out);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
    printf("legacy, half the block: %s out[0]=%d out[31]=%d out[32]=%d\n", cudaGetErrorName(e), h[0], h[31], h[32]);
    parallel_kernel<<<1, 64>>>(x, 64, out);
    e = cudaDeviceSynchronize();
    cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
    printf("thread_block passed down: %s out[0]=%d out[63]=%d\n", cudaGetErrorName(e), h[0], h[63]);
    return 0;
}
