// One thread stores through a pointer far past its allocation, as a real GPU reports "an
// illegal memory access was encountered": thread (37,0,0) of block (1,0,0), warp 1's lane 5.
#include <stdio.h>

__global__ void scatter(int *out, int bad)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int *p = out;
    if (i == bad)
        p = out + (1 << 26);
    p[i] = i * 2;
}

int main()
{
    int *d;
    cudaMalloc((void **)&d, 128 * sizeof(int));
    scatter<<<2, 64>>>(d, 64 + 37);
    cudaError_t e = cudaDeviceSynchronize();
    printf("sync: %s\n", cudaGetErrorString(e));
    cudaFree(d);
    return 0;
}
