// Stream-ordered allocation: cudaMallocAsync hands out device memory at once, for work queued
// after it in the stream; cudaFreeAsync gives it back when the stream reaches the free.
#include <stdio.h>

__global__ void fill(int *p, int n, int v)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = v + i;
}

__global__ void twice(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 2 * in[i];
}

int main()
{
    const int n = 1000;
    cudaStream_t s;
    cudaStreamCreate(&s);
    int *a = NULL, *b = NULL;
    cudaError_t e = cudaMallocAsync((void **)&a, n * sizeof(int), s);
    printf("malloc a: %s, %s\n", cudaGetErrorString(e), a != NULL ? "non-null" : "null");
    e = cudaMallocAsync(&b, n * sizeof(int), s);
    printf("malloc b: %s, distinct %d\n", cudaGetErrorString(e), a != b);
    fill<<<(n + 255) / 256, 256, 0, s>>>(a, n, 7);
    twice<<<(n + 255) / 256, 256, 0, s>>>(a, b, n);
    static int h[1000];
    cudaMemcpyAsync(h, b, n * sizeof(int), cudaMemcpyDeviceToHost, s);
    printf("free a: %s\n", cudaGetErrorString(cudaFreeAsync(a, s)));
    printf("free b: %s\n", cudaGetErrorString(cudaFreeAsync(b, s)));
    cudaStreamSynchronize(s);
    printf("h[0] %d h[999] %d\n", h[0], h[999]);

    // The legacy default stream, and a zero-byte request.
    int *z = (int *)0x10;
    e = cudaMallocAsync(&z, 0, 0);
    printf("zero bytes: %s, %s\n", cudaGetErrorString(e), z == NULL ? "null" : "not null");
    printf("free null: %s\n", cudaGetErrorString(cudaFreeAsync(NULL, 0)));
    int *c;
    cudaMallocAsync(&c, 64 * sizeof(int), 0);
    fill<<<1, 64>>>(c, 64, 100);
    int hc[64];
    cudaMemcpy(hc, c, sizeof hc, cudaMemcpyDeviceToHost);
    printf("c[63] %d\n", hc[63]);
    printf("free c: %s\n", cudaGetErrorString(cudaFreeAsync(c, 0)));

    // Memory from cudaMalloc freed in stream order, and pointers no allocation holds.
    int *m;
    cudaMalloc(&m, 256);
    printf("free cudaMalloc'd: %s\n", cudaGetErrorString(cudaFreeAsync(m, s)));
    cudaStreamSynchronize(s);
    int x;
    printf("free host pointer: %s\n", cudaGetErrorString(cudaFreeAsync(&x, s)));
    printf("free inside an allocation: %s\n", cudaGetErrorString(cudaFreeAsync(h + 1, s)));
    printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
    cudaStreamDestroy(s);
    printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
