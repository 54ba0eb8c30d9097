#include <stdio.h>
// The pre-CUDA-9 warp functions of the lecture notes: valid for a Kepler GPU (sm_37), rejected for sm_70 and above.
__global__ void k(int *o)
{
    int lane = threadIdx.x;
    if (lane < 20) o[lane] = __all(lane < 10) + 10 * __any(lane == 15) + 100 * (__ballot(1) == 0xfffff) + 1000 * __shfl(lane, 3);
}
int main()
{
    int *d, h[20];
    cudaMalloc(&d, sizeof(h));
    k<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    printf("%d %d\n", h[0], h[19]);
    return 0;
}
