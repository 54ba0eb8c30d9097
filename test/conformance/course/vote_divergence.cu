// Warp votes as a first course uses them, in divergent code and in partial warps: __all_sync,
// __any_sync, __ballot_sync and __activemask inside if/else and after an early loop exit,
// ballot-based compaction within a warp, and a warp-aggregated atomic counter (the leader
// lane found with __ffs adds the warp's __popc). Block of 48 threads: the second warp is partial.
#include <stdio.h>

#define N 48

__global__ void votes(const int *in, unsigned *out)
{
    int t = threadIdx.x;
    int lane = t % 32;
    int warp = t / 32;
    int v = in[t];
    unsigned full = __activemask();
    unsigned even = 0, odd = 0, allpos = 0, anybig = 0, loopmask = 0;
    if (v % 2 == 0) {
        even = __activemask();
        allpos = __all_sync(even, v > 0);
        anybig = __any_sync(even, v > 40);
    } else {
        odd = __ballot_sync(__activemask(), v > 20);
    }
    for (int i = 0; i < 8; i++) {
        if (i == (lane % 5)) break;
        loopmask = __activemask();
    }
    unsigned after = __activemask();
    unsigned b = __ballot_sync(full, v % 3 == 0);
    out[t * 8 + 0] = full;
    out[t * 8 + 1] = even;
    out[t * 8 + 2] = odd;
    out[t * 8 + 3] = allpos;
    out[t * 8 + 4] = anybig;
    out[t * 8 + 5] = loopmask;
    out[t * 8 + 6] = after;
    out[t * 8 + 7] = b + warp;
}

// Compaction within each warp: lanes whose value passes keep their relative order.
__global__ void compact(const int *in, int *out, int *count, int threshold)
{
    int t = threadIdx.x;
    int lane = t % 32;
    int v = in[t];
    bool keep = v >= threshold;
    unsigned mask = __ballot_sync(__activemask(), keep);
    int pos = __popc(mask & ((1u << lane) - 1));
    int base = (t / 32) * 32;
    if (keep) out[base + pos] = v;
    if (lane == 0) count[t / 32] = __popc(mask);
}

// Warp-aggregated increment: one atomicAdd per warp instead of one per thread.
__global__ void aggregated(const int *in, int *counter, int *slots)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= 200) return;
    if (in[t % N] % 4 != 1) {
        unsigned active = __activemask();
        int leader = __ffs(active) - 1;
        int lane = threadIdx.x % 32;
        int base = 0;
        if (lane == leader) base = atomicAdd(counter, __popc(active));
        base = __shfl_sync(active, base, leader);
        int rank = __popc(active & ((1u << lane) - 1));
        slots[base + rank] = t;
    }
}

int main()
{
    int h[N];
    for (int i = 0; i < N; i++) h[i] = (i * 37 + 11) % 50 - 3;
    int *d_in, *d_out, *d_count, *d_counter, *d_slots;
    unsigned *d_votes;
    cudaMalloc(&d_in, sizeof h);
    cudaMalloc(&d_votes, N * 8 * sizeof(unsigned));
    cudaMalloc(&d_out, 64 * sizeof(int));
    cudaMalloc(&d_count, 2 * sizeof(int));
    cudaMalloc(&d_counter, sizeof(int));
    cudaMalloc(&d_slots, 256 * sizeof(int));
    cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemset(d_out, 0xff, 64 * sizeof(int));
    cudaMemset(d_counter, 0, sizeof(int));

    votes<<<1, N>>>(d_in, d_votes);
    unsigned hv[N * 8];
    cudaMemcpy(hv, d_votes, sizeof hv, cudaMemcpyDeviceToHost);
    for (int t = 0; t < N; t++)
        printf("t%2d v=%3d full=%08x even=%08x odd=%08x all=%u any=%u loop=%08x after=%08x b=%08x\n", t, h[t],
               hv[t * 8], hv[t * 8 + 1], hv[t * 8 + 2], hv[t * 8 + 3], hv[t * 8 + 4], hv[t * 8 + 5], hv[t * 8 + 6],
               hv[t * 8 + 7]);

    compact<<<1, N>>>(d_in, d_out, d_count, 20);
    int ho[64], hc[2];
    cudaMemcpy(ho, d_out, sizeof ho, cudaMemcpyDeviceToHost);
    cudaMemcpy(hc, d_count, sizeof hc, cudaMemcpyDeviceToHost);
    for (int w = 0; w < 2; w++) {
        printf("warp %d kept %d:", w, hc[w]);
        for (int i = 0; i < hc[w]; i++) printf(" %d", ho[w * 32 + i]);
        printf(" | next %d\n", ho[w * 32 + hc[w]]);
    }

    aggregated<<<4, 64>>>(d_in, d_counter, d_slots);
    int count, slots[256];
    cudaMemcpy(&count, d_counter, sizeof count, cudaMemcpyDeviceToHost);
    cudaMemcpy(slots, d_slots, sizeof slots, cudaMemcpyDeviceToHost);
    // the order warps reach the counter varies: print the set of slots, sorted
    for (int i = 1; i < count; i++)
        for (int j = i; j > 0 && slots[j - 1] > slots[j]; j--) { int x = slots[j]; slots[j] = slots[j - 1]; slots[j - 1] = x; }
    long sum = 0;
    for (int i = 0; i < count; i++) sum += slots[i];
    printf("aggregated count %d sum %ld first %d %d %d last %d\n", count, sum, slots[0], slots[1], slots[2], slots[count - 1]);
    cudaError_t e = cudaDeviceSynchronize();
    printf("status: %s\n", cudaGetErrorString(e));
    return 0;
}
