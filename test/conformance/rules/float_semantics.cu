// float32 and double arithmetic on host and device (same __host__ __device__ code; build with
// -fmad=false so a*b+c is two roundings on the device too), conversions float<->int including
// negative, fractional and large values, special values.
#include <stdio.h>
#include <math.h>

__host__ __device__ void run(const char *who, float a, float b, double da, float big)
{
    float s = a + b, d = a - b, m = a * b, q = a / b;
    printf("%s f32: a+b=%.9g a-b=%.9g a*b=%.9g a/b=%.9g a*b+a=%.9g\n", who, s, d, m, q, a * b + a);
    printf("%s f32 bits: %08x %08x %08x %08x\n", who, *(unsigned *)&s, *(unsigned *)&d, *(unsigned *)&m, *(unsigned *)&q);
    float acc = 0.0f;
    for (int i = 0; i < 10; i++) acc += 0.1f;
    double dacc = 0.0;
    for (int i = 0; i < 10; i++) dacc += 0.1;
    printf("%s sum 10x0.1: float=%.9g double=%.17g 1e8f+1=%.9g 1e16+1=%.17g\n", who, acc, dacc, 1e8f + 1.0f, 1e16 + 1.0);
    printf("%s f64: da/3=%.17g da*da=%.17g (float)(da/3)=%.9g 0.1+0.2=%.17g\n", who, da / 3, da * da, (float)(da / 3), 0.1 + 0.2);
    printf("%s mixed: a/3=%.9g a/3.0=%.17g 7/2*a=%.9g 7/2.0f*a=%.9g\n", who, a / 3, a / 3.0, 7 / 2 * a, 7 / 2.0f * a);
    float fs[8] = {2.5f, -2.5f, 2.7f, -2.7f, 0.49999997f, -0.0f, 16777217.0f, 1e10f};
    for (int k = 0; k < 8; k++) {
        float f = fs[k];
        int i = (k < 7) ? (int)f : 0;
        printf("%s conv: f=%.9g (int)f=%d (unsigned)(f>0?f:0)=%u (long long)f=%lld rintf=%.9g roundf=%.9g truncf=%.9g\n", who,
               f, i, (unsigned)(f > 0 ? f : 0), (long long)f, rintf(f), roundf(f), truncf(f));
    }
    int is[5] = {16777217, -16777219, 2147483647, -2147483647 - 1, 123456789};
    for (int k = 0; k < 5; k++)
        printf("%s int->float: %d -> %.9g -> double %.17g\n", who, is[k], (float)is[k], (double)is[k]);
    long long ll = 9007199254740993ll;
    unsigned long long ull = 18446744073709551615ull;
    printf("%s ll->double: %lld -> %.17g ; ull max -> float %.9g double %.17g\n", who, ll, (double)ll, (float)ull, (double)ull);
    printf("%s big: (double)big=%.17g big*big=%.9g -big*big=%.9g big*big-big*big=%.9g\n", who,
           (double)big, big * big, -big * big, big * big - big * big);
    float zero = a - a;
    float inf = 1.0f / zero, ninf = -1.0f / zero, nan_ = zero / zero;
    printf("%s special: 1/0=%f -1/0=%f 0/0 isnan=%d -0.0=%g (-0.0==0.0)=%d inf-inf isnan=%d nan==nan=%d\n", who,
           inf, ninf, isnan(nan_) ? 1 : 0, -zero, (-zero == zero), isnan(inf - inf) ? 1 : 0, nan_ == nan_);
    float tiny = 1e-38f;
    printf("%s denorm: 1e-38f/100=%.9g 1e-45f=%.9g FLT_MAX*2=%g dbl 1e-310=%.17g\n", who,
           tiny / 100.0f, 1e-45f, 3.40282347e38f * 2.0f, 1e-310);
    double dz = da - da;
    printf("%s double special: 1/0=%f -1/0=%f sqrt(-1) isnan=%d\n", who, 1.0 / dz, -1.0 / dz, isnan(sqrt(dz - 1.0)) ? 1 : 0);
}

__global__ void kernel(float a, float b, double da, float big) { run("dev: ", a, b, da, big); }

int main()
{
    float a = 1.1f, b = 3.3f, big = 3e19f;
    double da = 2.0 / 3.0;
    run("host:", a, b, da, big);
    fflush(stdout);
    kernel<<<1, 1>>>(a, b, da, big);
    printf("status: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
