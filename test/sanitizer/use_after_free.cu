// memcheck: a kernel writes to an array after cudaFree; then the array is freed a second time.
#include <stdio.h>
__global__ void k(int *p) { p[threadIdx.x] = threadIdx.x; }
int main()
{
    int *p;
    cudaMalloc(&p, 32 * sizeof(int));
    cudaFree(p);
    k<<<1, 32>>>(p);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    printf("%s\n", cudaGetErrorName(cudaFree(p)));
    return 0;
}
