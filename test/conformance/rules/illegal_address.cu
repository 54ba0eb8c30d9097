// An out-of-bounds global store far outside any allocation: the kernel faults, the launch
// itself reports success, cudaDeviceSynchronize returns cudaErrorIllegalAddress, the error is
// sticky (later calls fail too) and the program exits with code 3.
#include <stdio.h>

__global__ void oob(int *p, long long offset)
{
    if (threadIdx.x == 0) p[offset] = 42;
}

int main()
{
    int *d;
    cudaMalloc((void **)&d, 256 * sizeof(int));
    printf("before launch\n");
    oob<<<1, 32>>>(d, 1ll << 36);
    cudaError_t launch = cudaGetLastError();
    printf("launch: %d %s\n", (int)launch, cudaGetErrorName(launch));
    cudaError_t sync = cudaDeviceSynchronize();
    printf("cudaDeviceSynchronize: %d %s: %s\n", (int)sync, cudaGetErrorName(sync), cudaGetErrorString(sync));
    cudaError_t last = cudaGetLastError();
    printf("cudaGetLastError: %d %s\n", (int)last, cudaGetErrorName(last));
    int h = 0;
    cudaError_t cp = cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
    printf("cudaMemcpy after fault: %d %s\n", (int)cp, cudaGetErrorName(cp));
    cudaError_t m = cudaMalloc((void **)&d, 16);
    printf("cudaMalloc after fault: %d %s\n", (int)m, cudaGetErrorName(m));
    if (sync != cudaSuccess) return 3;
    return 0;
}
