// All lanes active, mask 0x0000ffff, lanes 0-15 reading lane 20 (outside the mask) and
// lanes 16-31 not in the mask calling with their own mask 0xffff0000.
#include <stdio.h>

__global__ void k(int *o)
{
    int lane = threadIdx.x;
    int v = lane + 100;
    if (lane < 16) o[lane] = __shfl_sync(0x0000ffff, v, 20);
    else o[lane] = __shfl_sync(0xffff0000, v, 3);
}

int main()
{
    int *d, h[32];
    cudaMalloc(&d, sizeof(h));
    cudaMemset(d, 0, sizeof(h));
    k<<<1, 32>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    printf("%s\n", cudaGetErrorName(e));
    for (int i = 0; i < 32; i++) printf("%d ", h[i]);
    printf("\n");
    return 0;
}
