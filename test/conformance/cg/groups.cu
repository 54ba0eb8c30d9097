// Cooperative groups in a 2-D block of 16x6 threads on a 2x3 grid: block, tiles (static and
// dynamic), tile collectives, coalesced groups in divergent code, cg::reduce.
#include <stdio.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

#define PER 24

__global__ void groups(int *o)
{
    cg::thread_block tb = cg::this_thread_block();
    int r = tb.thread_rank();
    int b = blockIdx.y * gridDim.x + blockIdx.x;
    int *p = o + (b * tb.size() + r) * PER;
    p[0] = r;
    p[1] = tb.size();
    p[2] = tb.num_threads();
    p[3] = tb.group_index().x * 10 + tb.group_index().y;
    p[4] = tb.thread_index().x * 10 + tb.thread_index().y;
    p[5] = tb.group_dim().x * 10 + tb.group_dim().y;
    cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(tb);
    p[6] = t8.thread_rank() + 100 * t8.meta_group_rank() + 10000 * t8.meta_group_size();
    p[7] = t8.shfl(r * 3, 5);
    p[8] = t8.shfl_down(r, 3);
    p[9] = t8.shfl_up(r, 2);
    p[10] = t8.shfl_xor(r, 6);
    p[11] = t8.any(r % 11 == 0) + 2 * t8.all(r % 2 == 0);
    p[12] = t8.ballot(r % 3 == 0);
    p[13] = cg::reduce(t8, r, cg::plus<int>());
    p[14] = cg::reduce(t8, (r * 7) % 13, cg::greater<int>());
    cg::thread_group t4 = cg::tiled_partition(tb, 4);
    p[15] = t4.thread_rank() + 100 * t4.size();
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(tb);
    p[16] = cg::reduce(w, r, cg::plus<int>());
    p[17] = w.meta_group_rank() * 10 + w.meta_group_size();
    cg::thread_block_tile<4> t4s = cg::tiled_partition<4>(t8);
    p[18] = t4s.thread_rank() + 10 * t4s.meta_group_rank() + 100 * t4s.meta_group_size();
    if (r % 3 == 1) {
        cg::coalesced_group active = cg::coalesced_threads();
        p[19] = active.thread_rank() + 100 * active.size();
        p[20] = active.shfl(r, 0);
        p[21] = cg::reduce(active, r, cg::plus<int>());
    } else {
        p[19] = p[20] = p[21] = -1;
    }
    tb.sync();
    cg::sync(tb);
    w.sync();
    p[22] = w.thread_rank() + 100 * w.num_threads();
    p[23] = cg::reduce(t8, (unsigned)r, cg::bit_xor<unsigned>());
}

int main()
{
    const int blocks = 6, threads = 96;
    static int h[blocks * threads * PER];
    int *d;
    cudaMalloc(&d, sizeof(h));
    groups<<<dim3(2, 3), dim3(16, 6)>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    printf("%s\n", cudaGetErrorString(e));
    for (int t = 0; t < blocks * threads; t++) {
        if (t % threads != 0 && t % threads != 37 && t % threads != 95 && t / threads != 4) continue;
        printf("thread %d:", t);
        for (int i = 0; i < PER; i++) printf(" %d", h[t * PER + i]);
        printf("\n");
    }
    return 0;
}
