// Device printf of special floating-point values with the conversions, flags, widths and
// precisions students reach for: %a/%A, %e/%E, %g/%G, %f with inf, -inf, nan, -0.0, denormals
// and the limits of float and double; %.0f of halves (round half to even); zero padding and
// signs next to inf; and the value device printf returns (the number of arguments).
// (No %hhd, %zu, %jd or %td: the device printf does not take those length modifiers and misreads
// the arguments that follow them.)
#include <stdio.h>
#include <float.h>
#include <math.h>

__global__ void specials(const float *f, const double *d)
{
    float pinf = f[0], nan_ = f[1], nzero = f[2], one = f[3], tenth = f[4];
    double dinf = d[0], dn = d[1];
    printf("a: [%a] [%a] [%a] [%a] [%A] [%a]\n", one, tenth, nzero, (double)FLT_TRUE_MIN, 255.5, -dn);
    printf("a2: [%a] [%a] [%a] [%.2a] [%.0a] [%20a|]\n", pinf, -pinf, DBL_MIN, 1.999, 1.5, 3.0);
    printf("e: [%e] [%E] [%e] [%.3e] [%+.2e] [% e] [%12.4e|] [%-12.1e|] [%.0e]\n", pinf, -pinf, nzero, 123456.789,
           0.000123456, 1.0, -9.99995, 2.5e-300, 2.5);
    printf("g: [%g] [%G] [%g] [%g] [%g] [%g] [%g] [%g] [%.3g] [%#.3g] [%#g]\n", nan_, -pinf, nzero, 1e-5, 1e-4,
           123456.0, 1234567.0, 1e16, 0.0009995, 1.0, 100.0);
    printf("f: [%f] [%8.2f|] [%-8.2f|] [%08.2f] [%+f] [% f] [%f] [%.1f] [%.10f]\n", pinf, -pinf, nan_, -pinf, nzero,
           nzero, (double)FLT_MAX, (double)FLT_MIN, (double)FLT_TRUE_MIN);
    printf("half: [%.0f] [%.0f] [%.0f] [%.0f] [%.0f] [%.0f] [%.1f] [%.1f] [%.2f] [%.2f]\n", 0.5, 1.5, 2.5, -0.5, -1.5,
           3.5, 0.25, 0.35, 1.005, 2.675);
    printf("limits: [%g] [%g] [%e] [%g] [%.17g] [%.9g] [%g]\n", DBL_MAX, DBL_MIN, DBL_TRUE_MIN, DBL_EPSILON,
           0.1, (double)tenth, dinf - dinf);
    printf("int: [%d] [%5.3d] [%-+5d|] [%x] [%#o] [%hd] [%hu] [%ld] [%lu]\n", (int)one, -7, 42, -1, 8, 70000, 70001,
           -1L, (unsigned long)-1L);
    int r1 = printf("r1 %d %d %f\n", 1, 2, 3.0);
    int r2 = printf("r2 no args\n");
    int r3 = printf("r3 %s %c %%\n", "str", 'z');
    printf("returns %d %d %d\n", r1, r2, r3);
}

int main()
{
    float hf[5] = {INFINITY, NAN, -0.0f, 1.0f, 0.1f};
    double hd[2] = {INFINITY, 1.0 / 3.0};
    float *df;
    double *dd;
    cudaMalloc(&df, sizeof hf);
    cudaMalloc(&dd, sizeof hd);
    cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
    cudaMemcpy(dd, hd, sizeof hd, cudaMemcpyHostToDevice);
    specials<<<1, 1>>>(df, dd);
    cudaError_t e = cudaDeviceSynchronize();
    printf("status: %s\n", cudaGetErrorString(e));
    return 0;
}
