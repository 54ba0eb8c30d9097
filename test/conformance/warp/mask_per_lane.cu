// All 32 lanes converged, each passing its own half-warp mask to one __shfl_sync, reading a lane
// of the other half (active, but outside the reader's mask), then a __ballot_sync and a
// __reduce_add_sync with the same per-lane masks.
#include <stdio.h>

__global__ void k(int *o)
{
    int lane = threadIdx.x;
    int v = lane + 100;
    unsigned m = lane < 16 ? 0x0000ffffu : 0xffff0000u;
    o[lane] = __shfl_sync(m, v, lane < 16 ? 20 : 3);
    o[32 + lane] = __ballot_sync(m, lane & 1);
    o[64 + lane] = __reduce_add_sync(m, (unsigned)lane);
}

int main()
{
    int *d, h[96];
    cudaMalloc(&d, sizeof(h));
    cudaMemset(d, 0, sizeof(h));
    k<<<1, 32>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    printf("%s\n", cudaGetErrorName(e));
    for (int i = 0; i < 96; i++) printf("%x%c", h[i], i % 32 == 31 ? '\n' : ' ');
    return 0;
}
