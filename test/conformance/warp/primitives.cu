// Warp primitives over a 64-thread block: shuffles of every kind and width and type, votes in
// divergent code, __match_any/all_sync, __reduce_*_sync, and the bit intrinsics at their edges.
#include <stdio.h>

#define N 64

__global__ void shuffles(int *o, float *f, double *d, long long *ll)
{
    int t = threadIdx.x;
    int lane = t % 32;
    int v = t * 3 + 1;
    o[0 * N + t] = __shfl_sync(0xffffffff, v, 37);        // srcLane taken modulo width
    o[1 * N + t] = __shfl_sync(0xffffffff, v, 5, 8);      // lane 5 of each 8-lane segment
    o[2 * N + t] = __shfl_sync(0xffffffff, v, -1, 16);
    o[3 * N + t] = __shfl_up_sync(0xffffffff, v, 3, 8);   // lanes below delta keep their own
    o[4 * N + t] = __shfl_down_sync(0xffffffff, v, 5, 16);
    o[5 * N + t] = __shfl_xor_sync(0xffffffff, v, 9, 8);  // xor leaving the segment
    o[6 * N + t] = __shfl_down_sync(0xffffffff, v, 40);   // delta past the warp
    o[7 * N + t] = __shfl_sync(0xffffffff, (unsigned)v * 2654435761u, lane ^ 7);
    f[t] = __shfl_xor_sync(0xffffffff, t * 0.25f, 1);
    d[t] = __shfl_down_sync(0xffffffff, t * 1.5 + 1e10, 1);
    ll[t] = __shfl_up_sync(0xffffffff, (long long)t << 40, 2);
}

__global__ void votes(unsigned *o)
{
    int t = threadIdx.x;
    int lane = t % 32;
    o[0 * N + t] = __ballot_sync(0xffffffff, lane % 3 == 0);
    o[1 * N + t] = __activemask();
    if (lane < 20 && lane != 7) {
        unsigned m = __activemask();
        o[2 * N + t] = m;
        o[3 * N + t] = __ballot_sync(m, lane & 1);
        o[4 * N + t] = __all_sync(m, lane < 20);
        o[5 * N + t] = __any_sync(m, lane == 19);
        o[6 * N + t] = __all_sync(m, lane < 10);
    } else {
        o[2 * N + t] = __activemask();
        o[3 * N + t] = 0xdead;
        o[4 * N + t] = 0xdead;
        o[5 * N + t] = 0xdead;
        o[6 * N + t] = 0xdead;
    }
    __syncwarp();
    o[7 * N + t] = __match_any_sync(0xffffffff, lane / 5);
    int pred = -1;
    o[8 * N + t] = __match_all_sync(0xffffffff, t / 32, &pred);
    o[9 * N + t] = pred;
    o[10 * N + t] = __match_all_sync(0xffffffff, lane, &pred);
    o[11 * N + t] = pred;
    o[12 * N + t] = __match_any_sync(0xffffffff, (unsigned long long)(lane % 4) << 33);
    o[13 * N + t] = __reduce_add_sync(0xffffffff, (unsigned)t);
    o[14 * N + t] = __reduce_min_sync(0xffffffff, (unsigned)(100 - lane));
    o[15 * N + t] = (unsigned)__reduce_max_sync(0xffffffff, lane - 16);
    o[16 * N + t] = __reduce_and_sync(0xffffffff, 0xf0f0u | (1u << lane));
    o[17 * N + t] = __reduce_or_sync(0xffffffff, 1u << lane);
    o[18 * N + t] = __reduce_xor_sync(0xffffffff, (unsigned)t);
    o[19 * N + t] = (unsigned)__reduce_min_sync(0xffffffff, lane - 16);
}

__global__ void bits(unsigned *o)
{
    unsigned xs[6] = {0u, 1u, 0x80000000u, 0xffffffffu, 0x00f00f00u, 12345678u};
    unsigned long long ys[4] = {0ull, 1ull << 63, 0xffffffffffffffffull, 0x0000123400005678ull};
    int k = 0;
    for (int i = 0; i < 6; i++) {
        unsigned x = xs[i];
        o[k++] = __popc(x);
        o[k++] = __clz(x);
        o[k++] = __ffs(x);
        o[k++] = __brev(x);
        o[k++] = __clz((int)x);
        o[k++] = __ffs((int)x);
    }
    for (int i = 0; i < 4; i++) {
        unsigned long long y = ys[i];
        o[k++] = __popcll(y);
        o[k++] = __clzll(y);
        o[k++] = __ffsll(y);
        unsigned long long r = __brevll(y);
        o[k++] = (unsigned)(r >> 32);
        o[k++] = (unsigned)r;
    }
}

static void print_rows(const char *title, const unsigned *h, int rows)
{
    for (int r = 0; r < rows; r++) {
        printf("%s %d:", title, r);
        for (int t = 0; t < N; t++) printf(" %x", h[r * N + t]);
        printf("\n");
    }
}

int main()
{
    int *o; float *f; double *d; long long *ll; unsigned *u;
    cudaMalloc(&o, 8 * N * sizeof(int));
    cudaMalloc(&f, N * sizeof(float));
    cudaMalloc(&d, N * sizeof(double));
    cudaMalloc(&ll, N * sizeof(long long));
    cudaMalloc(&u, 20 * N * sizeof(unsigned));
    shuffles<<<1, N>>>(o, f, d, ll);
    int ho[8 * N]; float hf[N]; double hd[N]; long long hl[N]; unsigned hu[20 * N];
    cudaMemcpy(ho, o, sizeof(ho), cudaMemcpyDeviceToHost);
    cudaMemcpy(hf, f, sizeof(hf), cudaMemcpyDeviceToHost);
    cudaMemcpy(hd, d, sizeof(hd), cudaMemcpyDeviceToHost);
    cudaMemcpy(hl, ll, sizeof(hl), cudaMemcpyDeviceToHost);
    print_rows("shfl", (unsigned *)ho, 8);
    for (int t = 0; t < N; t++) printf("%g%c", hf[t], t == N - 1 ? '\n' : ' ');
    for (int t = 0; t < N; t++) printf("%.17g%c", hd[t], t == N - 1 ? '\n' : ' ');
    for (int t = 0; t < N; t++) printf("%lld%c", hl[t], t == N - 1 ? '\n' : ' ');
    cudaMemset(u, 0, 20 * N * sizeof(unsigned));
    votes<<<1, N>>>(u);
    cudaMemcpy(hu, u, sizeof(hu), cudaMemcpyDeviceToHost);
    print_rows("vote", hu, 20);
    bits<<<1, 1>>>(u);
    cudaMemcpy(hu, u, 56 * sizeof(unsigned), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 56; i++) printf("%x%c", hu[i], i % 6 == 5 ? '\n' : ' ');
    printf("\n%s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
