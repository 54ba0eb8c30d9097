// Math library on the device (float and double), printed with %.9g / %.17g and as bit
// patterns (__float_as_int / __double_as_longlong) in hex, compared with the host's glibc.
#include <stdio.h>
#include <math.h>
#include <string.h>

#define NX 8
__constant__ float XS[NX] = {0.5f, 1.0f, 2.0f, 3.14159265f, 10.0f, -1.5f, 1e-3f, 100.0f};

__global__ void fkernel(float *out)
{
    int i = threadIdx.x;
    float x = XS[i];
    float ax = fabsf(x);
    float r[16] = {sqrtf(ax), expf(x), logf(ax), sinf(x), cosf(x), powf(ax, 1.7f), __fdividef(1.0f, x),
                   __expf(x), fminf(x, 1.0f), fmaxf(x, 1.0f), rsqrtf(ax), __saturatef(x),
                   floorf(x), ceilf(x), fabsf(x), tanf(x)};
    for (int k = 0; k < 16; k++) out[i * 16 + k] = r[k];
}

__global__ void dkernel(double *out)
{
    int i = threadIdx.x;
    double x = (double)XS[i];
    double ax = fabs(x);
    double r[6] = {sqrt(ax), exp(x), log(ax), sin(x), cos(x), pow(ax, 1.7)};
    for (int k = 0; k < 6; k++) out[i * 6 + k] = r[k];
}

__global__ void print_from_device()
{
    float x = XS[threadIdx.x];
    float s = sinf(x);
    printf("dev printf: x=%.9g sinf=%.9g bits=%08x __sinf=%.9g\n", x, s, __float_as_int(s), __sinf(x));
}

int main()
{
    const char *fn[16] = {"sqrtf(|x|)", "expf", "logf(|x|)", "sinf", "cosf", "powf(|x|,1.7)", "__fdividef(1,x)",
                          "__expf", "fminf(x,1)", "fmaxf(x,1)", "rsqrtf(|x|)", "__saturatef", "floorf", "ceilf",
                          "fabsf", "tanf"};
    const char *dn[6] = {"sqrt(|x|)", "exp", "log(|x|)", "sin", "cos", "pow(|x|,1.7)"};
    float xs[NX];
    cudaMemcpyFromSymbol(xs, XS, sizeof(xs));
    float *d_f; double *d_d;
    float hf[NX * 16]; double hd[NX * 6];
    cudaMalloc((void **)&d_f, sizeof(hf));
    cudaMalloc((void **)&d_d, sizeof(hd));
    fkernel<<<1, NX>>>(d_f);
    dkernel<<<1, NX>>>(d_d);
    cudaMemcpy(hf, d_f, sizeof(hf), cudaMemcpyDeviceToHost);
    cudaMemcpy(hd, d_d, sizeof(hd), cudaMemcpyDeviceToHost);
    for (int i = 0; i < NX; i++) {
        printf("x = %.9g\n", xs[i]);
        for (int k = 0; k < 16; k++) {
            float v = hf[i * 16 + k];
            unsigned bits;
            memcpy(&bits, &v, 4);
            printf("  %-16s %.9g 0x%08x\n", fn[k], v, bits);
        }
        for (int k = 0; k < 6; k++) {
            double v = hd[i * 6 + k];
            unsigned long long bits;
            memcpy(&bits, &v, 8);
            printf("  %-16s %.17g 0x%016llx\n", dn[k], v, bits);
        }
        double x = xs[i];
        printf("  host glibc: sinf=%.9g expf=%.9g logf=%.9g sin=%.17g exp=%.17g\n", sinf(xs[i]), expf(xs[i]),
               logf(fabsf(xs[i])), sin(x), exp(x));
    }
    fflush(stdout);
    print_from_device<<<1, NX>>>();
    printf("status: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
