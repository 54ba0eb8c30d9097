// A full-mask shuffle where only lanes 0-15 are active, reading from lane 20 which is inactive.
#include <stdio.h>

__global__ void k(int *o)
{
    int lane = threadIdx.x;
    int v = lane + 100;
    if (lane < 16) o[lane] = __shfl_sync(0xffffffff, v, lane + 4);
}

int main()
{
    int *d, h[16];
    cudaMalloc(&d, sizeof(h));
    cudaMemset(d, 0, sizeof(h));
    k<<<1, 32>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    printf("%s\n", cudaGetErrorName(e));
    for (int i = 0; i < 16; i++) printf("%d ", h[i]);
    printf("\n");
    return 0;
}
