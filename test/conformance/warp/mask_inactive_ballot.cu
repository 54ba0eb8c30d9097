// A full mask used where only lanes 0-15 are active: what the H100 does with lanes named but inactive.
#include <stdio.h>

__global__ void k(unsigned *o)
{
    int lane = threadIdx.x;
    if (lane < 16) o[lane] = __ballot_sync(0xffffffff, 1);
}

int main()
{
    unsigned *d, h[16];
    cudaMalloc(&d, sizeof(h));
    cudaMemset(d, 0, sizeof(h));
    k<<<1, 32>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    printf("%s\n", cudaGetErrorName(e));
    for (int i = 0; i < 16; i++) printf("%x ", h[i]);
    printf("\n");
    return 0;
}
