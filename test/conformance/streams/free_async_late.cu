// A kernel queued after cudaFreeAsync in the same stream finds the memory still mapped: the
// default pool keeps freed memory until a synchronization gives it back, so those late writes do
// not fault in a plain run (compute-sanitizer reports them). After the synchronization they do.
#include <stdio.h>

__global__ void touch(int *p) { p[threadIdx.x] = threadIdx.x; }

int main()
{
    cudaStream_t s;
    cudaStreamCreate(&s);
    int *a;
    cudaMallocAsync(&a, 64 * sizeof(int), s);
    touch<<<1, 64, 0, s>>>(a);
    cudaFreeAsync(a, s);
    touch<<<1, 64, 0, s>>>(a);
    printf("late kernel: %s\n", cudaGetErrorString(cudaStreamSynchronize(s)));
    printf("last error: %s\n", cudaGetErrorString(cudaGetLastError()));
    touch<<<1, 64, 0, s>>>(a);
    printf("after the synchronization: %s\n", cudaGetErrorString(cudaStreamSynchronize(s)));
    return 0;
}
