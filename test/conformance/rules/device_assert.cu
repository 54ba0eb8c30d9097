// assert() in a kernel: a passing assert, then one that fails in exactly one thread. On the
// GPU the failure message goes out with the device printf output; the kernel aborts,
// cudaDeviceSynchronize returns cudaErrorAssert (710), and the error is sticky: later calls
// fail too. Output printed before the failure is flushed first.
#include <stdio.h>
#include <assert.h>

__global__ void check(const int *v, int n, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        assert(v[i] >= -100);
        out[i] = v[i] * 2;
        assert(v[i] != 13);
    }
}

int main()
{
    const int n = 64;
    int h[n];
    for (int i = 0; i < n; i++) h[i] = i;
    int *dv, *dout;
    cudaMalloc(&dv, sizeof(h));
    cudaMalloc(&dout, sizeof(h));
    cudaMemcpy(dv, h, sizeof(h), cudaMemcpyHostToDevice);
    h[13] = 14;
    cudaMemcpy(dv, h, sizeof(h), cudaMemcpyHostToDevice);
    check<<<2, 32>>>(dv, n, dout);
    cudaError_t e = cudaDeviceSynchronize();
    printf("first launch: %s\n", cudaGetErrorName(e));
    fflush(stdout);
    h[13] = 13;
    cudaMemcpy(dv, h, sizeof(h), cudaMemcpyHostToDevice);
    check<<<2, 32>>>(dv, n, dout);
    printf("launch returned %s\n", cudaGetErrorName(cudaGetLastError()));
    e = cudaDeviceSynchronize();
    printf("sync: %d %s: %s\n", (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
    e = cudaMemcpy(h, dout, sizeof(h), cudaMemcpyDeviceToHost);
    printf("memcpy after assert: %s\n", cudaGetErrorName(e));
    printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
    int *more;
    printf("malloc: %s\n", cudaGetErrorName(cudaMalloc(&more, 16)));
    return 0;
}
