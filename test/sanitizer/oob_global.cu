// memcheck: a kernel reads one element past the end of a cudaMalloc'd array and writes two past it.
#include <stdio.h>
__global__ void k(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= n) out[i] = in[i] + 1;      // i == n reads and writes past the end
}
int main()
{
    const int n = 100;
    int *in, *out;
    cudaMalloc(&in, n * sizeof(int));
    cudaMalloc(&out, n * sizeof(int));
    cudaMemset(in, 0, n * sizeof(int));
    k<<<1, 128>>>(in, out, n);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaFree(in); cudaFree(out);
    return 0;
}
