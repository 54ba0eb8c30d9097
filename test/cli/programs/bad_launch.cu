#include <cstdio>

__global__ void k(int *a) { a[threadIdx.x] = threadIdx.x; }

int main()
{
    int *d;
    cudaMalloc(&d, 4096 * sizeof(int));
    k<<<1, 2048>>>(d);
    cudaError_t e = cudaGetLastError();
    printf("<<<1, 2048>>>: %s: %s\n", cudaGetErrorName(e), cudaGetErrorString(e));
    k<<<dim3(1, 70000), 32>>>(d);
    printf("grid.y 70000: %s\n", cudaGetErrorName(cudaGetLastError()));
    k<<<1, 32>>>(d);
    printf("valid launch: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
