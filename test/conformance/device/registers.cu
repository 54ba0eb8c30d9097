// What ptxas gives each kernel in registers and local memory (cudaFuncAttributes.numRegs,
// localSizeBytes): recorded from the H100 to compare with Warpscope's estimate.
#include <stdio.h>

__global__ void tiny(int *p) { p[threadIdx.x] = threadIdx.x; }
__global__ void vec_add(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}
__global__ void local_array(int *p, int k)
{
    int a[64];
    for (int i = 0; i < 64; i++) a[i] = p[i] * i;
    p[threadIdx.x] = a[k & 63];
}
__global__ void matmul(const float *A, const float *B, float *C, int n)
{
    int r = blockIdx.y * blockDim.y + threadIdx.y, c = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0;
    for (int k = 0; k < n; k++) s += A[r * n + k] * B[k * n + c];
    C[r * n + c] = s;
}

static void show(const char *name, const void *f)
{
    cudaFuncAttributes a;
    cudaFuncGetAttributes(&a, f);
    int blocks = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, f, 1024, 0);
    printf("%s: regs %d local %zu maxThreads %d occupancy@1024 %d\n", name, a.numRegs, a.localSizeBytes, a.maxThreadsPerBlock, blocks);
}

int main()
{
    show("tiny", (const void *)tiny);
    show("vec_add", (const void *)vec_add);
    show("local_array", (const void *)local_array);
    show("matmul", (const void *)matmul);
    return 0;
}
