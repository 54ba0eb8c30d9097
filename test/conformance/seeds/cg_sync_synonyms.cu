// 004 "Cooperative Groups": the four ways the notes write a block barrier, and the notes'
// cooperative_groups::partition(tb, 16), thread_index() and group_index().
#include <stdio.h>
#include <cooperative_groups.h>
using namespace cooperative_groups;

__global__ void k(int *out)
{
    __shared__ int s[64];
    auto tb = this_thread_block(); // gets the thread block in kernel
    s[tb.thread_rank()] = tb.thread_rank();
    tb.sync(); // same method as in cooperative_groups
    cooperative_groups::synchronize(tb);
    this_thread_block().synchronize();
    cooperative_groups::synchronize(this_thread_block());
    thread_group g = cooperative_groups::partition(tb, 16);
    dim3 ti = tb.thread_index(), gi = tb.group_index();
    out[tb.thread_rank()] = s[63 - tb.thread_rank()] + 1000 * g.thread_rank() + 100000 * (ti.x == threadIdx.x) + 1000000 * gi.x;
}

int main()
{
    int *d, h[64];
    cudaMalloc(&d, sizeof(h));
    k<<<1, 64>>>(d);
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 64; i++) printf("%d%c", h[i], i % 8 == 7 ? '\n' : ' ');
    return 0;
}
