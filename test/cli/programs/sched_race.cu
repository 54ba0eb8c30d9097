// A race between two warps of one block with no barrier: warp 0 increments s[i] eight times while
// warp 1 adds up what it sees in s[i] at each round. With a __syncthreads() in the loop the sum
// would be fixed; without one it depends on how the warps take turns (--scheduler).
#include <stdio.h>

__global__ void race(int *out)
{
    __shared__ int s[32];
    int t = threadIdx.x;
    int v = 0;
    for (int r = 0; r < 8; r++) {
        if (t < 32) {
            s[t] = s[t] + 1;
        } else {
            v += s[t - 32];
        }
    }
    if (t >= 32) out[t - 32] = v;
}

int main()
{
    int *d;
    int h[32];
    cudaMalloc((void **)&d, sizeof(h));
    race<<<1, 64>>>(d);
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    int sum = 0;
    for (int i = 0; i < 32; i++) sum += h[i];
    printf("sum = %d\n", sum);
    cudaFree(d);
    return 0;
}
