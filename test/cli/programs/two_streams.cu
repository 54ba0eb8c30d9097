// Two streams: a copy and a kernel each, for `warpscope run --timeline`.
#include <stdio.h>

__global__ void inc(int *p) { p[threadIdx.x] += 1; }

int main()
{
    int *d, *h;
    cudaMalloc(&d, 256);
    cudaMallocHost(&h, 256);
    for (int i = 0; i < 64; i++) h[i] = i;
    cudaStream_t s[2];
    for (int i = 0; i < 2; i++) cudaStreamCreate(&s[i]);
    for (int i = 0; i < 2; i++) {
        cudaMemcpyAsync(d + 32 * i, h + 32 * i, 128, cudaMemcpyHostToDevice, s[i]);
        inc<<<1, 32, 0, s[i]>>>(d + 32 * i);
    }
    cudaMemcpy(h, d, 256, cudaMemcpyDeviceToHost);
    printf("h[63] = %d\n", h[63]);
    return 0;
}
