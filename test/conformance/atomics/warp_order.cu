// The old values atomics return to the lanes of one warp, and to the warps of a block, as the
// H100 hands them out (nvcc aggregates a warp's uniform atomicAdd into one operation).
#include <stdio.h>

__global__ void k(int *counter, int *olds)
{
    int t = threadIdx.x;
    olds[t] = atomicAdd(&counter[0], 1);
    olds[64 + t] = atomicAdd(&counter[1], t);
    if (t % 3 == 0) olds[128 + t] = atomicAdd(&counter[2], 1);
    olds[192 + t] = atomicExch(&counter[3], t);
    olds[256 + t] = atomicInc((unsigned *)&counter[4], 5);
}

int main()
{
    int *c, *o, h[320];
    cudaMalloc(&c, 5 * sizeof(int));
    cudaMalloc(&o, sizeof(h));
    cudaMemset(c, 0, 5 * sizeof(int));
    cudaMemset(o, 0xff, sizeof(h));
    k<<<1, 64>>>(c, o);
    cudaMemcpy(h, o, sizeof(h), cudaMemcpyDeviceToHost);
    for (int r = 0; r < 5; r++) {
        for (int t = 0; t < 64; t++) printf("%d ", h[r * 64 + t]);
        printf("\n");
    }
    return 0;
}
