// Two shared loads in one statement: the engine reads them lane by lane (lane 0's first and
// second, then lane 1's, ...), and the trace keeps one row per warp instruction all the same.
#include <stdio.h>

__global__ void pairs(float *out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    s[t] = t;
    s[t + 32] = 2 * t;
    __syncthreads();
    out[t] = s[t] + s[t + 32];
}

int main()
{
    float *d;
    float h[32];
    cudaMalloc((void **)&d, sizeof h);
    pairs<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%g %g\n", h[0], h[31]);
    return 0;
}
