// 004 Listing 9's divergent call inside one warp: a 48-thread block whose first 24 threads call a
// function that synchronises the block through thread_block::sync(). That is the non-aligned barrier:
// the H100 lets the threads that skip it exit and finishes (unlike __syncthreads() in the same place).
#include <stdio.h>
#include <cooperative_groups.h>
using namespace cooperative_groups;

__device__ int sum(thread_block block, int *x)
{
    __shared__ int partial[48];
    partial[block.thread_rank()] = x[block.thread_rank()];
    block.sync();
    return partial[0] + partial[47];
}

__global__ void parallel_kernel(int *x, int *out)
{
    if (threadIdx.x < blockDim.x / 2) out[threadIdx.x] = sum(this_thread_block(), x);
}

int main()
{
    int *x, *out, h = -1;
    cudaMalloc(&x, 48 * sizeof(int));
    cudaMalloc(&out, 48 * sizeof(int));
    cudaMemset(x, 0, 48 * sizeof(int));
    printf("launching\n");
    parallel_kernel<<<1, 48>>>(x, out);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(&h, out, sizeof(int), cudaMemcpyDeviceToHost);
    printf("%s %d\n", cudaGetErrorName(e), h);
    return 0;
}
