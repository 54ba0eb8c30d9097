// cudaFuncGetAttributes and the occupancy calculator for kernels of different shapes.
#include <stdio.h>

__global__ void tiny(int *p) { p[threadIdx.x] = threadIdx.x; }

__global__ void with_shared(float *p)
{
    __shared__ float tile[32][33];
    tile[threadIdx.y][threadIdx.x] = p[threadIdx.x];
    __syncthreads();
    p[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

__global__ void __launch_bounds__(256) bounded(int *p) { p[threadIdx.x] += 1; }

__global__ void __launch_bounds__(128, 4) bounded_min(int *p) { p[threadIdx.x] *= 2; }

__constant__ float coeffs[64];
__global__ void uses_const(float *p) { p[threadIdx.x] *= coeffs[threadIdx.x % 64]; }

__global__ void dynamic(int *p)
{
    extern __shared__ int buf[];
    buf[threadIdx.x] = p[threadIdx.x];
    __syncthreads();
    p[threadIdx.x] = buf[blockDim.x - 1 - threadIdx.x];
}

static void show(const char *name, const void *f)
{
    cudaFuncAttributes a;
    cudaError_t e = cudaFuncGetAttributes(&a, f);
    printf("%s: %s shared %zu const %zu maxThreads %d maxDynShared %d ptx %d binary %d carveout %d clusterDims %d %d %d\n",
           name, cudaGetErrorName(e), a.sharedSizeBytes, a.constSizeBytes, a.maxThreadsPerBlock,
           a.maxDynamicSharedSizeBytes, a.ptxVersion, a.binaryVersion, a.preferredShmemCarveout,
           a.requiredClusterWidth, a.requiredClusterHeight, a.requiredClusterDepth);
}

static void occupancy(const char *name, const void *f, int maxBlock)
{
    printf("%s occupancy:", name);
    int sizes[] = {32, 64, 96, 128, 192, 256, 512, 768, 1024};
    for (int i = 0; i < 9; i++) {
        if (sizes[i] > maxBlock) break;
        int blocks = -1;
        cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, f, sizes[i], 0);
        printf(" %d:%d%s", sizes[i], blocks, e == cudaSuccess ? "" : cudaGetErrorName(e));
    }
    printf("\n");
}

int main()
{
    show("tiny", (const void *)tiny);
    show("with_shared", (const void *)with_shared);
    show("bounded", (const void *)bounded);
    show("bounded_min", (const void *)bounded_min);
    show("uses_const", (const void *)uses_const);
    show("dynamic", (const void *)dynamic);
    occupancy("tiny", (const void *)tiny, 1024);
    occupancy("with_shared", (const void *)with_shared, 1024);
    occupancy("bounded", (const void *)bounded, 256);
    int blocks = -1;
    size_t dyn[] = {0, 1024, 16384, 49152, 100000};
    for (int i = 0; i < 5; i++) {
        cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, dynamic, 128, dyn[i]);
        printf("dynamic 128 threads, %zu bytes dynamic shared: %s %d\n", dyn[i], cudaGetErrorName(e), blocks);
    }
    cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, tiny, 2048, 0);
    printf("2048 threads: %s %d\n", cudaGetErrorName(e), blocks);
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, bounded, 512, 0);
    printf("bounded at 512 threads: %s %d\n", cudaGetErrorName(e), blocks);
    int minGrid = 0, blockSize = 0;
    e = cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, tiny, 0, 0);
    printf("potential tiny: %s minGrid %d block %d\n", cudaGetErrorName(e), minGrid, blockSize);
    e = cudaOccupancyMaxPotentialBlockSize(&minGrid, &blockSize, with_shared, 0, 0);
    printf("potential with_shared: %s minGrid %d block %d\n", cudaGetErrorName(e), minGrid, blockSize);
    return 0;
}
