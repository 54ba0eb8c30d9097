// 004 Listing 8 (reduce_sum over a cooperative group, in shared memory), completed with a
// kernel that calls it for the whole block and for 16-thread tiles, and the notes' atomicAdd
// of each block's sum into g_out[0].
#include <stdio.h>
#include <cooperative_groups.h>
using namespace cooperative_groups;

__device__ int reduce_sum(
    cooperative_groups::thread_group g, \
                         int *temp, int val){
    int lane = g.thread_rank();

    for (int i = g.size() / 2; i > 0; i /= 2){
//map each element in the first "semi" block
//to it's corresponding element in the second one
        temp[lane] = val;
        g.sync(); // wait for all threads to store
        if(lane<i) val += temp[lane + i];
        g.sync(); // wait for all threads in to load
    }
    return val; //only thread 0 will return full sum
}

__global__ void sum_kernel(const int *in, int *g_out, int *tile_sums)
{
    extern __shared__ int temp[];
    thread_block tb = this_thread_block();
    int val = in[blockIdx.x * blockDim.x + threadIdx.x];
    int sum = reduce_sum(tb, temp, val);
    if(this_thread_block().thread_rank()==0){
        atomicAdd(&g_out[0], sum);
    }
    tb.sync();
    thread_group tile = tiled_partition(tb, 16);
    int *tile_temp = temp + (tb.thread_rank() / 16) * 16;
    int tsum = reduce_sum(tile, tile_temp, val);
    if (tile.thread_rank() == 0) tile_sums[(blockIdx.x * blockDim.x + threadIdx.x) / 16] = tsum;
}

int main()
{
    const int blocks = 4, threads = 128, n = blocks * threads;
    int h[n], *d, *out, *tiles, total, ht[n / 16];
    for (int i = 0; i < n; i++) h[i] = (i * 37) % 101;
    cudaMalloc(&d, sizeof(h));
    cudaMalloc(&out, sizeof(int));
    cudaMalloc(&tiles, sizeof(ht));
    cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
    cudaMemset(out, 0, sizeof(int));
    sum_kernel<<<blocks, threads, threads * sizeof(int)>>>(d, out, tiles);
    cudaMemcpy(&total, out, sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(ht, tiles, sizeof(ht), cudaMemcpyDeviceToHost);
    printf("sum = %d\n", total);
    for (int i = 0; i < n / 16; i++) printf("%d%c", ht[i], i % 8 == 7 ? '\n' : ' ');
    return 0;
}
