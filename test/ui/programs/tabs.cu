// 4096 blocks of 48 threads for the two-tab grid test: a block's second warp has 16 lanes, so
// lanes 16..31 of it are drawn only as part of a block's summary tile, never as lanes.
#include <stdio.h>

__global__ void fill(int *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x % 3 == 0)
        out[t] = t;
}

int main()
{
    int *d;
    cudaMalloc((void **)&d, 4096 * 48 * sizeof(int));
    fill<<<4096, 48>>>(d);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
