// The pre-CUDA-9 warp functions the notes mention (__all, __any, __ballot, __shfl), built for sm_90.
#include <stdio.h>

__global__ void legacy(int *out)
{
    int lane = threadIdx.x;
    out[0] = __all(lane < 40);
    out[1] = __any(lane == 3);
    out[2] = __ballot(lane & 1);
    out[3 + lane] = __shfl(lane * 2, 4);
}

int main()
{
    int *d, h[35];
    cudaMalloc(&d, sizeof(h));
    legacy<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    printf("%d %d %x %d\n", h[0], h[1], h[2], h[3]);
    return 0;
}
