// Device printf from many threads in several warps and several blocks: the order of the lines
// is what the GPU gives (4 blocks of 80 threads = 3 warps each, the last one partial; blocks
// take turns through a global flag), then a
// 2D block, then host printf interleaved around synchronisation points.
#include <stdio.h>

// Blocks of one grid print in whatever order they run (on an H100 the order changed from run
// to run), so the blocks take turns: block b waits until *turn == b. Within a block, the order
// of the warps' lines is what the GPU gives (an H100 printed the partial warp 2 first, then
// warp 1, then warp 0).
__global__ void many(volatile int *turn)
{
    if (threadIdx.x == 0)
        while (*turn != (int)blockIdx.x) { }
    __syncthreads();
    printf("block %d thread %2d warp %d lane %2d\n", blockIdx.x, threadIdx.x, threadIdx.x / 32, threadIdx.x % 32);
    __syncthreads();
    if (threadIdx.x == 0) {
        __threadfence_system();
        *turn = blockIdx.x + 1;
    }
}

__global__ void twod()
{
    printf("(%d,%d,%d) in block (%d,%d)\n", threadIdx.x, threadIdx.y, threadIdx.z, blockIdx.x, blockIdx.y);
}

int main()
{
    printf("host before\n");
    int *turn;
    cudaMalloc((void **)&turn, sizeof(int));
    cudaMemset(turn, 0, sizeof(int));
    many<<<4, 80>>>(turn);
    printf("host after launch, before sync\n");
    cudaDeviceSynchronize();
    printf("host after sync\n");
    twod<<<dim3(2, 1), dim3(2, 3, 2)>>>();
    cudaDeviceSynchronize();
    printf("host end\n");
    return 0;
}
