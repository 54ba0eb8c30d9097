// synccheck: __syncwarp and __shfl_sync with masks naming lanes that have exited or are on another path.
#include <stdio.h>
__global__ void k(int *out)
{
    int lane = threadIdx.x;
    if (lane >= 24) return;
    __syncwarp(0xffffffff);                              // lanes 24-31 have exited
    int v = lane < 16 ? __shfl_sync(0xffffffff, lane, 0) : -1;   // lanes 16-23 are not there
    out[lane] = v;
}
int main()
{
    int *out;
    cudaMalloc(&out, 32 * sizeof(int));
    k<<<1, 32>>>(out);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
