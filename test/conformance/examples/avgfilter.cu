// Averaging filter, CASES 8-11 (seeds 000/001): shared + global memory, ONE block, over the
// 16 inputs of the table. The notes' CASE 10 kernel puts __syncthreads() inside a divergent
// if (see avgfilter_syncthreads_in_if.cu); here the barriers are outside the if, so every
// thread reaches them: this is the corrected kernel, and its rows must match the table.
//   CASE 8 : shared, 1 block, 1 iteration, different arrays ("a useless copy", the notes say)
//   CASE 9 : shared, 1 block, 1 iteration, same array
//   CASE 10: shared, 1 block, many iterations, different arrays
//   CASE 11: shared, 1 block, many iterations, same array
#include <stdio.h>

#define threadN 16
#define MAX_ITERS 4

static const float IN[threadN] = {25, 6, 34, 91, 10, 62, 55, 5, 80, 20, 10, 40, 6, 99, 26, 2};

// A -> shared -> iterate -> out (out may be A itself: "same array")
__global__ void AverageShared(float *A, float *out, int iters)
{
    int i = threadIdx.x;
    __shared__ float Ads[threadN];
    __shared__ float Bds[threadN];
    Ads[i] = A[i];
    Bds[i] = A[i];
    __syncthreads();
    for (int j = 0; j < iters; j++) {
        if (i > 0 && i < threadN - 1)
            Bds[i] = (Ads[i-1] + Ads[i] + Ads[i+1]) / 3;
        __syncthreads();
        Ads[i] = Bds[i];
        __syncthreads();
    }
    out[i] = Ads[i];
}

static void print_row(const char *label, const float *v)
{
    printf("%-4s", label);
    for (int i = 0; i < threadN; i++) printf(" %3.0f", v[i]);
    printf("  |");
    for (int i = 0; i < threadN; i++) printf(" %.9g", v[i]);
    printf("\n");
}

int main()
{
    float h[threadN];
    float *dA, *dB;
    size_t bytes = threadN * sizeof(float);
    cudaMalloc((void **)&dA, bytes);
    cudaMalloc((void **)&dB, bytes);
    char label[8];
    for (int c = 8; c <= 11; c++) {
        int same = c & 1;
        int maxIters = (c & 2) ? MAX_ITERS : 1;
        printf("CASE %d: shared, 1 block, %s, %s\n", c,
               maxIters == 1 ? "1 iteration" : "many iterations",
               same ? "same array" : "different arrays");
        print_row("IN", IN);
        for (int iters = 1; iters <= maxIters; iters++) {
            cudaMemcpy(dA, IN, bytes, cudaMemcpyHostToDevice);
            cudaMemset(dB, 0, bytes);
            AverageShared<<<1, threadN>>>(dA, same ? dA : dB, iters);
            cudaMemcpy(h, same ? dA : dB, bytes, cudaMemcpyDeviceToHost);
            sprintf(label, "%d", iters);
            print_row(label, h);
        }
    }
    printf("status: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
