// racecheck: lanes of one warp exchange through shared memory without __syncwarp.
#include <stdio.h>
__global__ void k(int *out)
{
    __shared__ int s[32];
    int lane = threadIdx.x;
    s[lane] = lane;
    out[lane] = s[31 - lane];
}
int main()
{
    int *out;
    cudaMalloc(&out, 32 * sizeof(int));
    k<<<1, 32>>>(out);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
