// Conversion intrinsics at their edges: NaN, infinities and out-of-range values through every
// float/double -> int/uint/long long/unsigned long long intrinsic (round to nearest), and
// 64-bit integers to float and double in each rounding mode where double rounding would bite.
#include <stdio.h>
#include <math.h>

__global__ void edges(const float *fv, const double *dv, int n, long long *o)
{
    int i = threadIdx.x;
    if (i >= n) return;
    float f = fv[i];
    double d = dv[i];
    o[i * 8 + 0] = __float2int_rn(f);
    o[i * 8 + 1] = __float2uint_rn(f);
    o[i * 8 + 2] = __float2ll_rn(f);
    o[i * 8 + 3] = (long long)__float2ull_rn(f);
    o[i * 8 + 4] = __double2int_rn(d);
    o[i * 8 + 5] = __double2uint_rn(d);
    o[i * 8 + 6] = __double2ll_rn(d);
    o[i * 8 + 7] = (long long)__double2ull_rn(d);
}
__global__ void wide(double *o)
{
    long long a = (1ll << 53) + (1ll << 29) + 1;
    unsigned long long b = 18446744073709551615ull;
    long long c = -(1ll << 60) - 1;
    o[0] = __ll2float_rn(a); o[1] = __ll2float_rz(a); o[2] = __ll2float_ru(a); o[3] = __ll2float_rd(-a);
    o[4] = __ull2float_rn(b); o[5] = __ull2float_rd(b); o[6] = __ull2double_rz(b); o[7] = __ull2double_rn(b);
    o[8] = __ll2double_rz(c); o[9] = __ll2double_ru(c); o[10] = __ll2double_rd(c); o[11] = __ll2double_rn(c);
    o[12] = __uint2double_rn(4294967295u); o[13] = __int2double_rn(-2147483647 - 1);
    o[14] = __double2float_ru(1e300); o[15] = __double2float_rz(-1e300);
}

int main()
{
    const int n = 8;
    float fv[n] = {NAN, INFINITY, -INFINITY, 3e9f, -3e9f, 1e19f, 2e19f, -0.5f};
    double dv[n] = {NAN, INFINITY, -INFINITY, 3e9, -3e9, 1e19, 2e19, -0.5};
    float *df; double *dd; long long *dout; double *dw;
    cudaMalloc(&df, sizeof(fv)); cudaMalloc(&dd, sizeof(dv)); cudaMalloc(&dout, n * 8 * 8); cudaMalloc(&dw, 16 * 8);
    cudaMemcpy(df, fv, sizeof(fv), cudaMemcpyHostToDevice);
    cudaMemcpy(dd, dv, sizeof(dv), cudaMemcpyHostToDevice);
    edges<<<1, n>>>(df, dd, n, dout);
    wide<<<1, 1>>>(dw);
    long long o[n * 8]; double w[16];
    cudaMemcpy(o, dout, sizeof(o), cudaMemcpyDeviceToHost);
    cudaMemcpy(w, dw, sizeof(w), cudaMemcpyDeviceToHost);
    const char *names[8] = {"f2i", "f2u", "f2ll", "f2ull", "d2i", "d2u", "d2ll", "d2ull"};
    for (int i = 0; i < n; i++) {
        printf("%-5g:", fv[i]);
        for (int j = 0; j < 8; j++) printf(" %s=%llx", names[j], (unsigned long long)o[i * 8 + j]);
        printf("\n");
    }
    for (int i = 0; i < 16; i++) printf("%.17g%c", w[i], i % 4 == 3 ? '\n' : ' ');
    return 0;
}
