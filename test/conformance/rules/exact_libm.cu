// copysign, fdim and remainder (double and float) on host and device, with -0, infinity and a
// zero divisor: exact operations, equal on both sides except the sign of an invalid result NaN
// (the host's x86 default NaN is negative).
#include <stdio.h>
#include <math.h>
__global__ void k(const double *v, double *o)
{
    int t = threadIdx.x;
    double x = v[t], y = v[(t + 1) % 6];
    o[t * 6 + 0] = copysign(x, y); o[t * 6 + 1] = fdim(x, y); o[t * 6 + 2] = remainder(x, y);
    o[t * 6 + 3] = copysignf((float)x, (float)y); o[t * 6 + 4] = fdimf((float)x, (float)y); o[t * 6 + 5] = remainderf((float)x, (float)y);
}
int main()
{
    double hv[6] = {7.5, -2.0, 3.25, -0.0, 1e300, 5.0};
    double *dv, *dout, ho[36];
    cudaMalloc(&dv, sizeof(hv)); cudaMalloc(&dout, sizeof(ho));
    cudaMemcpy(dv, hv, sizeof(hv), cudaMemcpyHostToDevice);
    k<<<1, 6>>>(dv, dout);
    cudaMemcpy(ho, dout, sizeof(ho), cudaMemcpyDeviceToHost);
    for (int t = 0; t < 6; t++) {
        double x = hv[t], y = hv[(t + 1) % 6];
        printf("host %g %g %g %g %g %g\n", copysign(x, y), fdim(x, y), remainder(x, y), copysignf((float)x, (float)y), fdimf((float)x, (float)y), remainderf((float)x, (float)y));
        printf("dev  %g %g %g %g %g %g\n", ho[t * 6], ho[t * 6 + 1], ho[t * 6 + 2], ho[t * 6 + 3], ho[t * 6 + 4], ho[t * 6 + 5]);
    }
    return 0;
}
