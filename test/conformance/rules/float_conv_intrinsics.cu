// Float conversion intrinsics and rounding functions on halves and edge values:
// __float2int_{rn,rz,ru,rd}, __float2uint_rn, __float2ll_rn, __int2float_{rn,rz,ru,rd},
// __uint2float_rn, __ll2float_rn, __double2float_{rn,rz}, __double2int_rn, __float_as_int,
// fminf/fmaxf with NaN, fabsf of -0, floorf/ceilf/truncf/roundf/rintf/nearbyintf, lroundf,
// copysignf, fmodf and remainderf; the host column shows the C library's answer where one exists.
#include <stdio.h>
#include <math.h>

#define NV 10
__global__ void conv(const float *v, float *fo, int *io, long long *lo)
{
    int i = threadIdx.x;
    float x = v[i];
    io[i * 6 + 0] = __float2int_rn(x);
    io[i * 6 + 1] = __float2int_rz(x);
    io[i * 6 + 2] = __float2int_ru(x);
    io[i * 6 + 3] = __float2int_rd(x);
    io[i * 6 + 4] = (int)__float2uint_rn(fabsf(x));
    io[i * 6 + 5] = __double2int_rn((double)x * 3.0);
    lo[i] = __float2ll_rn(x * 1e10f);
    fo[i * 12 + 0] = floorf(x);
    fo[i * 12 + 1] = ceilf(x);
    fo[i * 12 + 2] = truncf(x);
    fo[i * 12 + 3] = roundf(x);
    fo[i * 12 + 4] = rintf(x);
    fo[i * 12 + 5] = nearbyintf(x);
    fo[i * 12 + 6] = (float)lroundf(x);
    fo[i * 12 + 7] = fminf(x, 1.0f);
    fo[i * 12 + 8] = fmaxf(x, -1.0f);
    fo[i * 12 + 9] = copysignf(fabsf(x), -x);
    fo[i * 12 + 10] = fmodf(x, 1.5f);
    fo[i * 12 + 11] = remainderf(x, 1.5f);
}
__global__ void intToFloat(float *o)
{
    int big = 16777217;
    unsigned ub = 4294967295u;
    long long ll = 9007199254740993ll;
    o[0] = __int2float_rn(big); o[1] = __int2float_rz(big); o[2] = __int2float_ru(big); o[3] = __int2float_rd(-big);
    o[4] = __uint2float_rn(ub); o[5] = __ll2float_rn(ll); o[6] = (float)ll;
    o[7] = __double2float_rn(0.1); o[8] = __double2float_rz(0.1); o[9] = __int_as_float(0x7f7fffff);
    o[10] = (float)__float_as_int(1.0f);
}

int main()
{
    float v[NV] = {2.5f, -2.5f, 0.5f, -0.5f, 1.49999994f, -0.0f, 3.75f, -7.25f, NAN, 1e9f};
    float *dv, *dfo; int *dio; long long *dlo;
    cudaMalloc(&dv, sizeof(v)); cudaMalloc(&dfo, NV * 12 * 4); cudaMalloc(&dio, NV * 6 * 4); cudaMalloc(&dlo, NV * 8);
    cudaMemcpy(dv, v, sizeof(v), cudaMemcpyHostToDevice);
    conv<<<1, NV>>>(dv, dfo, dio, dlo);
    float fo[NV * 12]; int io[NV * 6]; long long lo[NV];
    cudaMemcpy(fo, dfo, sizeof(fo), cudaMemcpyDeviceToHost);
    cudaMemcpy(io, dio, sizeof(io), cudaMemcpyDeviceToHost);
    cudaMemcpy(lo, dlo, sizeof(lo), cudaMemcpyDeviceToHost);
    for (int i = 0; i < NV; i++) {
        float x = v[i];
        printf("x=%-11g rn %d rz %d ru %d rd %d u %d d3 %d ll %lld\n", x, io[i * 6], io[i * 6 + 1], io[i * 6 + 2],
               io[i * 6 + 3], io[i * 6 + 4], io[i * 6 + 5], lo[i]);
        printf("   dev  ");
        for (int j = 0; j < 12; j++) printf(" %g", fo[i * 12 + j]);
        printf("\n   host  %g %g %g %g %g %g %g %g %g %g %g %g\n", floorf(x), ceilf(x), truncf(x), roundf(x), rintf(x),
               nearbyintf(x), (float)lroundf(x), fminf(x, 1.0f), fmaxf(x, -1.0f), copysignf(fabsf(x), -x),
               fmodf(x, 1.5f), remainderf(x, 1.5f));
    }
    float *d2, h2[11];
    cudaMalloc(&d2, sizeof(h2));
    intToFloat<<<1, 1>>>(d2);
    cudaMemcpy(h2, d2, sizeof(h2), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 11; i++) printf("%.9g%c", h2[i], i == 10 ? '\n' : ' ');
    return 0;
}
