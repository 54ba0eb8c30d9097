// Device printf from many threads in several warps and several blocks: the order of the lines
// is what the GPU gives (4 blocks of 80 threads = 3 warps each, the last one partial), then a
// 2D block, then host printf interleaved around synchronisation points.
#include <stdio.h>

__global__ void many()
{
    printf("block %d thread %2d warp %d lane %2d\n", blockIdx.x, threadIdx.x, threadIdx.x / 32, threadIdx.x % 32);
}

__global__ void twod()
{
    printf("(%d,%d,%d) in block (%d,%d)\n", threadIdx.x, threadIdx.y, threadIdx.z, blockIdx.x, blockIdx.y);
}

int main()
{
    printf("host before\n");
    many<<<4, 80>>>();
    printf("host after launch, before sync\n");
    cudaDeviceSynchronize();
    printf("host after sync\n");
    twod<<<dim3(2, 1), dim3(2, 3, 2)>>>();
    cudaDeviceSynchronize();
    printf("host end\n");
    return 0;
}
