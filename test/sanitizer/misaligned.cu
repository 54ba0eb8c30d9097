// memcheck: an int load through a pointer one byte into an allocation.
#include <stdio.h>
__global__ void k(const char *bytes, int *out)
{
    const int *p = (const int *)(bytes + 1);
    if (threadIdx.x == 0) *out = *p;
}
int main()
{
    char *b; int *out;
    cudaMalloc(&b, 64);
    cudaMalloc(&out, sizeof(int));
    cudaMemset(b, 1, 64);
    k<<<1, 32>>>(b, out);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
