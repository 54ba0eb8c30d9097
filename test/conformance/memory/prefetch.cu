// cudaMemPrefetchAsync and cudaMemAdvise on managed memory as CUDA 13 declares them
// (a cudaMemLocation instead of a device number).
#include <stdio.h>

__global__ void inc(int *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i] += 1; }

int main()
{
    const int n = 4096;
    int *m;
    cudaMallocManaged(&m, n * sizeof(int));
    for (int i = 0; i < n; i++) m[i] = i;
    cudaMemLocation dev = {cudaMemLocationTypeDevice, 0};
    cudaMemLocation host = {cudaMemLocationTypeHost, 0};
    cudaError_t a = cudaMemAdvise(m, n * sizeof(int), cudaMemAdviseSetPreferredLocation, dev);
    cudaError_t p1 = cudaMemPrefetchAsync(m, n * sizeof(int), dev, 0, 0);
    inc<<<n / 256, 256>>>(m, n);
    cudaError_t p2 = cudaMemPrefetchAsync(m, n * sizeof(int), host, 0, 0);
    cudaError_t s = cudaDeviceSynchronize();
    long long sum = 0;
    for (int i = 0; i < n; i++) sum += m[i];
    int plain[4];
    cudaError_t p3 = cudaMemPrefetchAsync(plain, sizeof(plain), dev, 0, 0);
    printf("%s %s %s %s %s sum %lld\n", cudaGetErrorName(a), cudaGetErrorName(p1), cudaGetErrorName(p2), cudaGetErrorName(s),
           cudaGetErrorName(p3), sum);
    cudaFree(m);
    return 0;
}
