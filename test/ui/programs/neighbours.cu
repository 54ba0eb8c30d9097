// Each thread names its left neighbour in a ring, through a function of a header beside it: the
// drop test drops the two files together (and this file alone, to see the missing header named).
#include <stdio.h>
#include "neighbour.h"

__global__ void ring(int *out)
{
    out[threadIdx.x] = left(threadIdx.x, blockDim.x);
}

int main()
{
    int *d;
    int h[32];
    cudaMalloc((void **)&d, sizeof(h));
    ring<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    printf("left of 0: %d, left of 5: %d\n", h[0], h[5]);
    cudaFree(d);
    return 0;
}
