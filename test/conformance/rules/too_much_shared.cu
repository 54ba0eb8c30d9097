// Dynamic shared memory: a launch asking for more than the 48 KiB default per block fails
// (cudaErrorInvalidValue), one asking within it works, and after cudaFuncSetAttribute
// (cudaFuncAttributeMaxDynamicSharedMemorySize) up to the opt-in limit works; above it fails.
#include <stdio.h>

__global__ void k(int *out, int n)
{
    extern __shared__ int buf[];
    for (int i = threadIdx.x; i < n; i += blockDim.x) buf[i] = i;
    __syncthreads();
    if (threadIdx.x == 0) out[0] = buf[n - 1];
}

static void try_launch(int *d, size_t bytes)
{
    cudaMemset(d, 0, sizeof(int));
    k<<<1, 128, bytes>>>(d, (int)(bytes / sizeof(int)));
    cudaError_t e = cudaGetLastError();
    cudaError_t s = cudaDeviceSynchronize();
    int h = -1;
    cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
    printf("dynamic shared %zu bytes: launch %s, sync %s, out=%d\n", bytes, cudaGetErrorName(e), cudaGetErrorName(s), h);
}

int main()
{
    int *d;
    cudaMalloc((void **)&d, sizeof(int));
    try_launch(d, 48 * 1024);
    try_launch(d, 48 * 1024 + 4);
    try_launch(d, 1 << 20);
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    printf("sharedMemPerBlock=%zu sharedMemPerBlockOptin=%zu\n", p.sharedMemPerBlock, p.sharedMemPerBlockOptin);
    cudaError_t a = cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)p.sharedMemPerBlockOptin);
    printf("cudaFuncSetAttribute: %s\n", cudaGetErrorName(a));
    try_launch(d, 100 * 1024);
    try_launch(d, p.sharedMemPerBlockOptin);
    try_launch(d, p.sharedMemPerBlockOptin + 4);
    return 0;
}
