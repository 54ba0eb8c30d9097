// The pre-CUDA-9 votes alone (no __shfl): does nvcc build them for sm_90 after its deprecation
// warnings, and what do they vote over in divergent code? (Warpscope: the active lanes.)
#include <stdio.h>

__global__ void legacy(unsigned *out)
{
    int t = threadIdx.x;
    int lane = t % 32;
    out[t] = __ballot(lane % 3 == 0);
    if (lane < 20) out[64 + t] = __all(lane < 10) + 10 * __any(lane == 15) + 100 * (__ballot(1) == 0xfffff);
}

int main()
{
    unsigned *d, h[128];
    cudaMalloc(&d, sizeof(h));
    cudaMemset(d, 0, sizeof(h));
    legacy<<<1, 64>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    printf("%s\n", cudaGetErrorName(e));
    for (int i = 0; i < 128; i++) printf("%x%c", h[i], i % 32 == 31 ? '\n' : ' ');
    return 0;
}
