// 004 "Warp synchronizations": broadcasting b from lane 4 with __shfl_sync(0xffffffff, b, 4),
// shifting with __shfl_up_sync, and Figure 11's shuffle-down reduction with width 16.
#include <stdio.h>

__global__ void shuffles(int *out)
{
    int lane = threadIdx.x % 32;
    int b = lane * 7 + 3;                       // "some random int, unique for all the threads"
    out[lane] = __shfl_sync(0xffffffff, b, 4);  // every lane gets lane 4's b
    out[32 + lane] = __shfl_up_sync(0xffffffff, b, 4);
    int v = lane + 1;
    for (int offset = 8; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffff, v, offset, 16);
    out[64 + lane] = v;
    int x = lane;
    for (int mask = 16; mask > 0; mask /= 2)
        x += __shfl_xor_sync(0xffffffff, x, mask);
    out[96 + lane] = x;
}

int main()
{
    int *d, h[128];
    cudaMalloc(&d, sizeof(h));
    shuffles<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    const char *names[4] = {"shfl(b, 4)", "shfl_up(b, 4)", "width-16 shfl_down sum", "xor butterfly sum"};
    for (int r = 0; r < 4; r++) {
        printf("%s:", names[r]);
        for (int i = 0; i < 32; i++) printf(" %d", h[r * 32 + i]);
        printf("\n");
    }
    cudaFree(d);
    return 0;
}
