// Shuffles with width < 32 as students use them for segmented work: an inclusive scan per
// 8-lane segment with __shfl_up_sync, a sum per 16-lane segment with __shfl_down_sync, a
// butterfly all-reduce (max) per 4-lane segment with __shfl_xor_sync, a broadcast of each
// segment's first lane, a source lane past the width, and double and long long values.
#include <stdio.h>

__global__ void segments(const int *in, int *out)
{
    int t = threadIdx.x;
    int v = in[t];
    const unsigned all = 0xffffffffu;

    // inclusive scan in segments of 8
    int scan = v;
    for (int d = 1; d < 8; d *= 2) {
        int up = __shfl_up_sync(all, scan, d, 8);
        if ((t % 8) >= d) scan += up;
    }
    // sum in segments of 16 (the result is in the first lane of each segment)
    int sum = v;
    for (int d = 8; d > 0; d /= 2) sum += __shfl_down_sync(all, sum, d, 16);
    // max in segments of 4, every lane gets it
    int mx = v;
    for (int m = 1; m < 4; m *= 2) mx = max(mx, __shfl_xor_sync(all, mx, m, 4));
    // broadcast of lane 0 of each 8-lane segment, and of "lane 9" which wraps to 9 % 8 = 1
    int first = __shfl_sync(all, v, 0, 8);
    int wrap = __shfl_sync(all, v, 9, 8);
    // shifting down past the end of a segment leaves the value unchanged
    int down3 = __shfl_down_sync(all, v, 3, 8);
    int up5 = __shfl_up_sync(all, v, 5, 16);
    int xor6 = __shfl_xor_sync(all, v, 6, 4);  // lane mask past the width
    int *o = out + t * 8;
    o[0] = scan; o[1] = sum; o[2] = mx; o[3] = first; o[4] = wrap; o[5] = down3; o[6] = up5; o[7] = xor6;
}

__global__ void wide_types(const double *d, const long long *l, double *od, long long *ol)
{
    int t = threadIdx.x;
    double x = d[t];
    long long y = l[t];
    for (int dd = 1; dd < 16; dd *= 2) {
        x += __shfl_xor_sync(0xffffffffu, x, dd, 16);
        y = max(y, __shfl_down_sync(0xffffffffu, y, dd, 16));
    }
    od[t] = x;
    ol[t] = y;
}

int main()
{
    int h[32];
    for (int i = 0; i < 32; i++) h[i] = (i * 13 + 5) % 23 - 7;
    int *d_in, *d_out;
    cudaMalloc(&d_in, sizeof h);
    cudaMalloc(&d_out, 32 * 8 * sizeof(int));
    cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);
    segments<<<1, 32>>>(d_in, d_out);
    int r[32 * 8];
    cudaMemcpy(r, d_out, sizeof r, cudaMemcpyDeviceToHost);
    printf("lane   v scan  sum  max first wrap down3  up5 xor6\n");
    for (int t = 0; t < 32; t++)
        printf("%4d %3d %4d %4d %4d %5d %4d %5d %4d %4d\n", t, h[t], r[t * 8], r[t * 8 + 1], r[t * 8 + 2],
               r[t * 8 + 3], r[t * 8 + 4], r[t * 8 + 5], r[t * 8 + 6], r[t * 8 + 7]);

    double hd[32];
    long long hl[32];
    for (int i = 0; i < 32; i++) {
        hd[i] = i * 0.125 - 1.5;
        hl[i] = (long long)(i % 7) * 1000000000000ll - 3000000000000ll * (i % 3);
    }
    double *dd, *odd_;
    long long *dl, *odl;
    cudaMalloc(&dd, sizeof hd);
    cudaMalloc(&odd_, sizeof hd);
    cudaMalloc(&dl, sizeof hl);
    cudaMalloc(&odl, sizeof hl);
    cudaMemcpy(dd, hd, sizeof hd, cudaMemcpyHostToDevice);
    cudaMemcpy(dl, hl, sizeof hl, cudaMemcpyHostToDevice);
    wide_types<<<1, 32>>>(dd, dl, odd_, odl);
    cudaMemcpy(hd, odd_, sizeof hd, cudaMemcpyDeviceToHost);
    cudaMemcpy(hl, odl, sizeof hl, cudaMemcpyDeviceToHost);
    for (int t = 0; t < 32; t += 5) printf("lane %2d double %.4f long long %lld\n", t, hd[t], hl[t]);
    printf("status: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
