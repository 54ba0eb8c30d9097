// Launching more threads per block than a kernel's __launch_bounds__ allows.
#include <stdio.h>

__global__ void __launch_bounds__(256) bounded(int *p) { p[threadIdx.x] = threadIdx.x; }
__global__ void __launch_bounds__(128, 4) bounded_min(int *p) { p[threadIdx.x] = 2 * threadIdx.x; }

static void report(const char *what, int threads)
{
    cudaError_t launchErr = cudaGetLastError();
    cudaError_t syncErr = cudaDeviceSynchronize();
    printf("%-24s %4d threads: launch %s, sync %s\n", what, threads, cudaGetErrorName(launchErr), cudaGetErrorName(syncErr));
}

#define launch(what, k, threads, d) do { k<<<1, threads>>>(d); report(what, threads); } while (0)

int main()
{
    int *d;
    cudaMalloc(&d, 1024 * sizeof(int));
    launch("launch_bounds(256)", bounded, 256, d);
    launch("launch_bounds(256)", bounded, 257, d);
    launch("launch_bounds(256)", bounded, 1024, d);
    launch("launch_bounds(128, 4)", bounded_min, 128, d);
    launch("launch_bounds(128, 4)", bounded_min, 129, d);
    int h[2];
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    printf("%d %d %s\n", h[0], h[1], cudaGetErrorName(cudaGetLastError()));
    return 0;
}
