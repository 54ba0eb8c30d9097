// Warp-level idioms from course code: shuffle-down sum and max reductions (float and int),
// a butterfly (xor) all-reduce, an inclusive scan with __shfl_up_sync, stream compaction with
// __ballot_sync and __popc of the lanes below, a block reduction of per-warp partials, and
// __activemask/__any_sync/__all_sync inside a divergent branch.
#include <stdio.h>

__device__ float warpSum(float v)
{
    for (int off = 16; off > 0; off /= 2) v += __shfl_down_sync(0xffffffff, v, off);
    return v;
}
__device__ int warpMax(int v)
{
    for (int off = warpSize / 2; off > 0; off >>= 1) v = max(v, __shfl_xor_sync(0xffffffff, v, off));
    return v;
}
__device__ int warpScan(int v)
{
    int lane = threadIdx.x & 31;
#pragma unroll
    for (int off = 1; off < 32; off <<= 1) {
        int n = __shfl_up_sync(0xffffffff, v, off);
        if (lane >= off) v += n;
    }
    return v;
}

__global__ void warpKernels(const int *in, float *sums, int *maxes, int *scan, int *compact, int *count, unsigned *masks)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    int x = in[t];
    float s = warpSum(x * 0.5f);
    int m = warpMax(x);
    scan[t] = warpScan(x);
    __shared__ float partial[32];
    if (lane == 0) partial[warp] = s;
    __syncthreads();
    if (warp == 0) {
        float p = lane < blockDim.x / 32 ? partial[lane] : 0.0f;
        p = warpSum(p);
        if (lane == 0) sums[blockIdx.x] = p;
    }
    maxes[t] = m;
    bool keep = (x % 3) == 0;
    unsigned ballot = __ballot_sync(0xffffffff, keep);
    int pos = __popc(ballot & ((1u << lane) - 1));
    if (keep) compact[t - lane + pos] = x;
    if (lane == 0) count[t / 32] = __popc(ballot);
    if (x & 1) {
        unsigned act = __activemask();
        int any = __any_sync(act, x > 90);
        int all = __all_sync(act, x > 0);
        if (lane == __ffs(act) - 1) masks[t / 32 * 3] = act, masks[t / 32 * 3 + 1] = any, masks[t / 32 * 3 + 2] = all;
    }
}

int main()
{
    const int N = 128;
    int h[N];
    for (int i = 0; i < N; i++) h[i] = (i * 37 + 11) % 101;
    int *din, *dmax, *dscan, *dcomp, *dcount; float *dsum; unsigned *dmask;
    cudaMalloc(&din, N * 4); cudaMalloc(&dmax, N * 4); cudaMalloc(&dscan, N * 4);
    cudaMalloc(&dcomp, N * 4); cudaMalloc(&dcount, 16); cudaMalloc(&dsum, 8); cudaMalloc(&dmask, 48);
    cudaMemcpy(din, h, sizeof(h), cudaMemcpyHostToDevice);
    cudaMemset(dcomp, 0xff, N * 4);
    warpKernels<<<2, 64>>>(din, dsum, dmax, dscan, dcomp, dcount, dmask);
    float sums[2]; int mx[N], sc[N], comp[N], cnt[4]; unsigned masks[12];
    cudaMemcpy(sums, dsum, 8, cudaMemcpyDeviceToHost);
    cudaMemcpy(mx, dmax, sizeof(mx), cudaMemcpyDeviceToHost);
    cudaMemcpy(sc, dscan, sizeof(sc), cudaMemcpyDeviceToHost);
    cudaMemcpy(comp, dcomp, sizeof(comp), cudaMemcpyDeviceToHost);
    cudaMemcpy(cnt, dcount, sizeof(cnt), cudaMemcpyDeviceToHost);
    cudaMemcpy(masks, dmask, sizeof(masks), cudaMemcpyDeviceToHost);
    printf("block sums %.2f %.2f\n", sums[0], sums[1]);
    for (int w = 0; w < 4; w++) {
        printf("warp %d max %d scan31 %d count %d mask %08x any %u all %u kept:", w, mx[w * 32], sc[w * 32 + 31], cnt[w],
               masks[w * 3], masks[w * 3 + 1], masks[w * 3 + 2]);
        for (int i = 0; i < cnt[w]; i++) printf(" %d", comp[w * 32 + i]);
        printf(" next %d\n", comp[w * 32 + cnt[w]]);
    }
    printf("scan0..7:");
    for (int i = 0; i < 8; i++) printf(" %d", sc[i]);
    printf("\n");
    return 0;
}
