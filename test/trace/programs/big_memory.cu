// Global memory of two 256 KiB groups, of which each launch writes a few scattered ints: a
// full checkpoint stores again only the groups written since the last full one.
#include <stdio.h>

#define N (1 << 17)

__global__ void touch(int *a, int stride, int v)
{
    int i = (blockIdx.x * blockDim.x + threadIdx.x) * stride;
    if (i < N) a[i] += v;
}

int main()
{
    static int h[N];
    for (int i = 0; i < N; i += 4096) h[i] = i;
    int *d;
    cudaMalloc((void **)&d, N * sizeof(int));
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    for (int k = 1; k <= 6; k++) touch<<<2, 32>>>(d, 1021 * k, k);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    long sum = 0;
    for (int i = 0; i < N; i += 1021) sum += h[i];
    printf("%ld %d %d\n", sum, h[0], h[1021 * 6]);
    cudaFree(d);
    return 0;
}
