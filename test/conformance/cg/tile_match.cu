// Tile match_any/match_all and a dynamic tiled_partition of a coalesced group.
#include <stdio.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void k(unsigned *out)
{
    cg::thread_block_tile<16> t = cg::tiled_partition<16>(cg::this_thread_block());
    int r = threadIdx.x;
    out[r] = t.match_any(r % 5);
    int pred = 0;
    out[64 + r] = t.match_all(r / 16, pred);
    out[128 + r] = pred;
    if (r % 2 == 0) {
        cg::coalesced_group even = cg::coalesced_threads();
        cg::thread_group quarter = cg::tiled_partition(even, 4);
        out[192 + r] = quarter.thread_rank() + 100 * quarter.size();
    } else {
        out[192 + r] = 0xffff;
    }
}

int main()
{
    unsigned *d, h[256];
    cudaMalloc(&d, sizeof(h));
    k<<<1, 64>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    printf("%s\n", cudaGetErrorName(e));
    for (int i = 0; i < 256; i++) printf("%x%c", h[i], i % 32 == 31 ? '\n' : ' ');
    return 0;
}
