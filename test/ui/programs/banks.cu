// Shared memory of assorted widths for the bank table's browser test: floats with long
// fractions, large and negative integers in two rows, and bytes, four to a word.
#include <stdio.h>

__global__ void mix(float *out)
{
    __shared__ float thirds[64];
    __shared__ int big[2][16];
    __shared__ unsigned char bytes[32];
    int i = threadIdx.x;
    thirds[i] = i / 3.0f - 7.0f;
    thirds[i + 32] = 1.0e6f / (i + 1);
    big[i / 16][i % 16] = (i - 16) * 1000003;
    bytes[i] = (unsigned char)(i * 8);
    __syncthreads();
    float v = thirds[(i * 2) % 64] + big[i / 16][i % 16] + bytes[i];
    out[i] = v;
}

int main()
{
    float *d;
    cudaMalloc((void **)&d, 32 * sizeof(float));
    mix<<<1, 32>>>(d);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
