// memcheck: a shared-memory tile of 64 floats indexed by threadIdx.x + 1 with 64 threads.
#include <stdio.h>
__global__ void k(float *out)
{
    __shared__ float tile[64];
    tile[threadIdx.x] = threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = tile[threadIdx.x + 1];   // thread 63 reads tile[64]
}
int main()
{
    float *out;
    cudaMalloc(&out, 64 * sizeof(float));
    k<<<1, 64>>>(out);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaFree(out);
    return 0;
}
