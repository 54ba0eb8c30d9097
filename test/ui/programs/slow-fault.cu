// Every thread loops a while (a presenter's run takes a moment, so viewers see it running),
// then thread (37,0,0) of block (1,0,0), warp 1's lane 5, stores far past its allocation.
#include <stdio.h>

__global__ void scatter(int *out, int bad, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int acc = 0;
    for (int k = 0; k < n; k++)
        acc += k % 7;
    int *p = out;
    if (i == bad)
        p = out + (1 << 26);
    p[i] = acc;
}

int main()
{
    int *d;
    cudaMalloc((void **)&d, 128 * sizeof(int));
    scatter<<<2, 64>>>(d, 64 + 37, 3000);
    cudaError_t e = cudaDeviceSynchronize();
    printf("sync: %s\n", cudaGetErrorString(e));
    cudaFree(d);
    return 0;
}
