// synccheck: __syncthreads() reached by only part of the block (threads of a warp diverge around it).
#include <stdio.h>
__global__ void k(int *out)
{
    __shared__ int s[64];
    s[threadIdx.x] = threadIdx.x;
    if (threadIdx.x % 2 == 0) __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
int main()
{
    int *out;
    cudaMalloc(&out, 64 * sizeof(int));
    k<<<1, 64>>>(out);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
