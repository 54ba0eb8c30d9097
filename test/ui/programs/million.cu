// A million threads (4096 blocks of 256) for the grid view's browser test: every third lane of
// a warp stores, so a warp stopped at the store shows active and divergent lanes.
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
    cudaMalloc((void **)&d, 4096 * 256 * sizeof(int));
    fill<<<4096, 256>>>(d);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
