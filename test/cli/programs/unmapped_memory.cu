#include <cstdio>
#include <cstdlib>

__global__ void doubled(int *A, int n)
{
    __shared__ int tile[32];
    int i = threadIdx.x;
    tile[i] = i;
    __syncthreads();
    if (i < n) A[i] = tile[i] * 2;
}

int main()
{
    int n = 32;
    int *h = (int *)malloc(n * sizeof(int));
    int *d_ptr;
    cudaMalloc(&d_ptr, n * sizeof(int));
    int &first = *d_ptr;
    doubled<<<1, 32>>>(d_ptr, n);
    cudaMemcpy(h, d_ptr, n * sizeof(int), cudaMemcpyDeviceToHost);
    cudaFree(d_ptr);
    printf("h[5] = %d\n", h[5]);
    free(h);
    return 0;
}
