// Averaging filter, CASES 0-3 of the 16 cases (seeds 000/001, "Averaging filter",
// "16 Cases"): global memory only, ONE block, over the 16 inputs of the table
// "Four iterations with a single BLOCK".
//   case = 8*shared + 4*manyBlocks + 2*manyIterations + 1*sameArray
//   CASE 0: different arrays, one iteration   B[i] = (A[i-1]+A[i]+A[i+1])/3
//   CASE 1: same array,      one iteration    A[i] = (A[i-1]+A[i]+A[i+1])/3  (in place: a race,
//           all 16 threads are one warp, so every load happens before any store)
//   CASE 2: different arrays, many iterations (ping-pong through B, __syncthreads between)
//   CASE 3: same array,      many iterations (in place, __syncthreads between iterations)
#include <stdio.h>

#define N 16
#define MAX_ITERS 4

static const float IN[N] = {25, 6, 34, 91, 10, 62, 55, 5, 80, 20, 10, 40, 6, 99, 26, 2};

// CASE 0
__global__ void AverageDiff(float *A, float *B, int n)
{
    int i = threadIdx.x;
    if (i > 0 && i < n - 1)
        B[i] = (A[i-1] + A[i] + A[i+1]) / 3;
}

// CASE 1
__global__ void AverageSame(float *A, int n)
{
    int i = threadIdx.x;
    if (i > 0 && i < n - 1)
        A[i] = (A[i-1] + A[i] + A[i+1]) / 3;
}

// CASE 2
__global__ void AverageDiffIters(float *A, float *B, int n, int iters)
{
    int i = threadIdx.x;
    for (int it = 0; it < iters; it++) {
        if (i > 0 && i < n - 1)
            B[i] = (A[i-1] + A[i] + A[i+1]) / 3;
        __syncthreads();
        if (i > 0 && i < n - 1)
            A[i] = B[i];
        __syncthreads();
    }
}

// CASE 3
__global__ void AverageSameIters(float *A, int n, int iters)
{
    int i = threadIdx.x;
    for (int it = 0; it < iters; it++) {
        if (i > 0 && i < n - 1)
            A[i] = (A[i-1] + A[i] + A[i+1]) / 3;
        __syncthreads();
    }
}

static void print_row(const char *label, const float *v)
{
    printf("%-4s", label);
    for (int i = 0; i < N; i++) printf(" %3.0f", v[i]);
    printf("  |");
    for (int i = 0; i < N; i++) printf(" %.9g", v[i]);
    printf("\n");
}

int main()
{
    float h[N];
    float *dA, *dB;
    size_t bytes = N * sizeof(float);
    cudaMalloc((void **)&dA, bytes);
    cudaMalloc((void **)&dB, bytes);
    char label[8];

    printf("CASE 0: global, 1 block, 1 iteration, different arrays\n");
    print_row("IN", IN);
    cudaMemcpy(dA, IN, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(dB, IN, bytes, cudaMemcpyHostToDevice);
    AverageDiff<<<1, N>>>(dA, dB, N);
    cudaMemcpy(h, dB, bytes, cudaMemcpyDeviceToHost);
    print_row("1", h);

    printf("CASE 1: global, 1 block, 1 iteration, same array (in place)\n");
    print_row("IN", IN);
    cudaMemcpy(dA, IN, bytes, cudaMemcpyHostToDevice);
    AverageSame<<<1, N>>>(dA, N);
    cudaMemcpy(h, dA, bytes, cudaMemcpyDeviceToHost);
    print_row("1", h);

    printf("CASE 2: global, 1 block, %d iterations in one kernel, different arrays\n", MAX_ITERS);
    print_row("IN", IN);
    for (int iters = 1; iters <= MAX_ITERS; iters++) {
        cudaMemcpy(dA, IN, bytes, cudaMemcpyHostToDevice);
        cudaMemcpy(dB, IN, bytes, cudaMemcpyHostToDevice);
        AverageDiffIters<<<1, N>>>(dA, dB, N, iters);
        cudaMemcpy(h, dA, bytes, cudaMemcpyDeviceToHost);
        sprintf(label, "%d", iters);
        print_row(label, h);
    }

    printf("CASE 3: global, 1 block, %d iterations in one kernel, same array (in place)\n", MAX_ITERS);
    print_row("IN", IN);
    for (int iters = 1; iters <= MAX_ITERS; iters++) {
        cudaMemcpy(dA, IN, bytes, cudaMemcpyHostToDevice);
        AverageSameIters<<<1, N>>>(dA, N, iters);
        cudaMemcpy(h, dA, bytes, cudaMemcpyDeviceToHost);
        sprintf(label, "%d", iters);
        print_row(label, h);
    }

    cudaError_t err = cudaDeviceSynchronize();
    printf("status: %s\n", cudaGetErrorName(err));
    cudaFree(dA);
    cudaFree(dB);
    return 0;
}
