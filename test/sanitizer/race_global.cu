// Global-memory races between threads of one warp, of one block and of different blocks, beside
// correct code that orders global accesses with __threadfence and atomics (the threadfence
// reduction) and with a later launch. compute-sanitizer's racecheck watches shared memory only;
// warpscope check --racecheck-memory global reports the first kernel's races (docs/sanitizers.md).
#include <stdio.h>

#define N 256

// Each thread adds its right neighbour in place: lanes of one warp, warps of one block and
// neighbouring blocks race on a[i + 1]; every block's thread 0 writes a different value to a[300].
__global__ void shift(int *a)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    a[i] = a[i + 1] + 1;
    if (threadIdx.x == 0)
        a[300] = blockIdx.x;
}

// The threadfence reduction: each block publishes its partial sum, then the last block to arrive
// adds them up. Correct: the fence orders each partial before the counter's atomic.
__global__ void fenced(int *partial, unsigned int *count, int *total)
{
    __shared__ bool last;
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = blockIdx.x + 1;
        __threadfence();
        unsigned int v = atomicInc(count, gridDim.x);
        last = (v == gridDim.x - 1);
    }
    __syncthreads();
    if (last && threadIdx.x == 0) {
        int s = 0;
        for (int b = 0; b < gridDim.x; b++)
            s += partial[b];
        *total = s;
    }
}

// Atomics never race with each other; the next launch reads what this one wrote.
__global__ void count(int *sum) { atomicAdd(sum, threadIdx.x); }
__global__ void twice(const int *sum, int *out) { out[blockIdx.x * blockDim.x + threadIdx.x] = 2 * *sum; }

int main()
{
    int *a, *partial, *total, *sum, *out;
    unsigned int *counter;
    cudaMalloc(&a, 512 * sizeof(int));
    cudaMalloc(&partial, 4 * sizeof(int));
    cudaMalloc(&counter, sizeof(unsigned int));
    cudaMalloc(&total, sizeof(int));
    cudaMalloc(&sum, sizeof(int));
    cudaMalloc(&out, N * sizeof(int));
    cudaMemset(a, 0, 512 * sizeof(int));
    cudaMemset(counter, 0, sizeof(unsigned int));
    cudaMemset(sum, 0, sizeof(int));
    shift<<<4, 64>>>(a);
    fenced<<<4, 64>>>(partial, counter, total);
    count<<<2, 64>>>(sum);
    twice<<<4, 64>>>(sum, out);
    int t = 0, o = 0;
    cudaMemcpy(&t, total, sizeof t, cudaMemcpyDeviceToHost);
    cudaMemcpy(&o, out + 100, sizeof o, cudaMemcpyDeviceToHost);
    printf("total %d, out[100] %d: %s\n", t, o, cudaGetErrorName(cudaGetLastError()));
    cudaFree(a); cudaFree(partial); cudaFree(counter); cudaFree(total); cudaFree(sum); cudaFree(out);
    return 0;
}
