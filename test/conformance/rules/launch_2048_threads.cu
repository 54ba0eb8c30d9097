// A kernel launched with 2048 threads per block (the limit is 1024): the launch fails (CUDA 13
// on an H100 answers cudaErrorInvalidValue, not cudaErrorInvalidConfiguration), the kernel never runs (its printf never appears), the error is
// not sticky, and a correct launch afterwards works.
#include <stdio.h>

__global__ void k(int *out) { out[threadIdx.x] = 1; if (threadIdx.x == 0) printf("kernel ran with %d threads\n", blockDim.x); }

int main()
{
    int *d;
    cudaMalloc((void **)&d, 2048 * sizeof(int));
    cudaMemset(d, 0, 2048 * sizeof(int));
    k<<<1, 2048>>>(d);
    cudaError_t e = cudaGetLastError();
    printf("<<<1, 2048>>>: %d %s: %s\n", (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
    printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    k<<<1, dim3(32, 32, 2)>>>(d);
    e = cudaGetLastError();
    printf("<<<1, (32,32,2)>>>: %d %s\n", (int)e, cudaGetErrorName(e));
    k<<<1, 1024>>>(d);
    e = cudaGetLastError();
    printf("<<<1, 1024>>>: %d %s\n", (int)e, cudaGetErrorName(e));
    printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    int h[2048];
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    int ones = 0;
    for (int i = 0; i < 2048; i++) ones += h[i];
    printf("elements written: %d\n", ones);
    return 0;
}
