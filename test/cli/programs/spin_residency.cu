#include <stdio.h>
// Every block but the last waits for a flag the last block sets: the grid finishes only if all
// its blocks are resident at once (an H100 holds all 300 blocks of 32 threads; a K80's 13 SMs
// hold 208, all of them spinning, so the last block never starts).
__global__ void k(volatile int *flag, int *out)
{
    if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0) *flag = 1;
    if (blockIdx.x != gridDim.x - 1 && threadIdx.x == 0) {
        while (*flag == 0) { }
        if (blockIdx.x == 0) *out = 42;
    }
}
int main()
{
    int *flag, *out, h = 0;
    cudaMalloc(&flag, sizeof(int));
    cudaMalloc(&out, sizeof(int));
    cudaMemset(flag, 0, sizeof(int));
    k<<<300, 32>>>(flag, out);
    cudaMemcpy(&h, out, sizeof(int), cudaMemcpyDeviceToHost);
    printf("out = %d\n", h);
    return 0;
}
