// NaN signs: on the device every arithmetic NaN is the canonical positive NaN, while x86 host
// arithmetic gives a negative one; printf shows "nan" or "-nan" from the sign bit.
#include <stdio.h>
#include <math.h>

__global__ void k(float zero, const float *hostNaN, const double *hostNaND)
{
    float inf = 1.0f / zero;
    float a = inf - inf;
    float b = zero / zero;
    float c = sqrtf(-1.0f - zero);
    float d = __int_as_float(0xffc00000);
    float e = __int_as_float(0x7fc00001);
    double f = (double)inf - (double)inf;
    printf("dev: inf-inf=%f 0/0=%f sqrtf(-1)=%f bits(ffc00000)=%f bits(7fc00001)=%f double inf-inf=%f\n", a, b, c, d, e, f);
    printf("dev: bits inf-inf=%08x 0/0=%08x sqrt=%08x -a=%08x\n", __float_as_int(a), __float_as_int(b), __float_as_int(c), __float_as_int(-a));
    printf("dev: from host float %f (bits %08x) double %f; -x %f\n", *hostNaN, __float_as_int(*hostNaN), *hostNaND, -*hostNaN);
    printf("dev: nan+1=%f fabsf(nan)=%f -nan=%f\n", d + 1.0f, fabsf(d), -d);
}

int main()
{
    volatile float zero = 0.0f;
    float inf = 1.0f / zero;
    float a = inf - inf;
    double da = (double)inf - (double)inf;
    printf("host: inf-inf=%f 0/0=%f double=%f -a=%f fabs=%f\n", a, zero / zero, da, -a, fabsf(a));
    float *hf;
    double *hd;
    cudaMalloc((void **)&hf, sizeof(float));
    cudaMalloc((void **)&hd, sizeof(double));
    cudaMemcpy(hf, &a, sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(hd, &da, sizeof(double), cudaMemcpyHostToDevice);
    k<<<1, 1>>>(0.0f, hf, hd);
    cudaDeviceSynchronize();
    return 0;
}
