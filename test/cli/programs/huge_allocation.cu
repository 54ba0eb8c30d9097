#include <cstdio>

int main()
{
    float *d;
    cudaError_t e = cudaMalloc(&d, (size_t)1 << 62);
    printf("cudaMalloc(2^62): %s (%s)\n", cudaGetErrorName(e), cudaGetErrorString(e));
    printf("cudaGetLastError: %s\n", cudaGetErrorName(cudaGetLastError()));
    printf("again: %s\n", cudaGetErrorName(cudaGetLastError()));
    return e == cudaSuccess ? 0 : 2;
}
