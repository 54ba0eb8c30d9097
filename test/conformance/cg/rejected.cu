// Cooperative-groups code nvcc rejects: a group declared without a value, a tile wider than a
// warp or not a power of two, and reduce without its header.
#include <stdio.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void k(int *out)
{
    cg::thread_block tb;
    cg::thread_block_tile<3> t3 = cg::tiled_partition<3>(cg::this_thread_block());
    out[threadIdx.x] = cg::reduce(cg::tiled_partition<32>(cg::this_thread_block()), 1, cg::plus<int>());
    out[0] += tb.size() + t3.size();
}

int main()
{
    int *d;
    cudaMalloc(&d, 128);
    k<<<1, 32>>>(d);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
