// nvcc's default -fmad=true contracts a*b+c into one fused multiply-add (one rounding).
// This program is built with -fmad=true (see fmad_true.flags) and run with --fmad=true.
#include <stdio.h>

__global__ void k(const float *x, float *out, double *dout)
{
    int t = threadIdx.x;
    float a = x[t], b = x[t + 1], c = x[t + 2];
    out[t * 4 + 0] = a * b + c;
    out[t * 4 + 1] = a * b - c;
    out[t * 4 + 2] = c - a * b;
    out[t * 4 + 3] = a * a + b * b;
    double da = a, db = b, dc = c;
    dout[t] = da * db + dc;
}

int main()
{
    float hx[34];
    for (int i = 0; i < 34; i++) hx[i] = 1.0f / (i + 3) + i * 0.1f;
    float *x, *o;
    double *dd;
    cudaMalloc((void **)&x, sizeof(hx));
    cudaMalloc((void **)&o, 32 * 4 * sizeof(float));
    cudaMalloc((void **)&dd, 32 * sizeof(double));
    cudaMemcpy(x, hx, sizeof(hx), cudaMemcpyHostToDevice);
    k<<<1, 32>>>(x, o, dd);
    float ho[128];
    double hd[32];
    cudaMemcpy(ho, o, sizeof(ho), cudaMemcpyDeviceToHost);
    cudaMemcpy(hd, dd, sizeof(hd), cudaMemcpyDeviceToHost);
    for (int t = 0; t < 32; t++)
        printf("%2d %a %a %a %a %a\n", t, ho[t * 4], ho[t * 4 + 1], ho[t * 4 + 2], ho[t * 4 + 3], hd[t]);
    return 0;
}
