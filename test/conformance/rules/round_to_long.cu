// lround, llround, lrint, llrint and their float forms on host and device: halves (away from
// zero vs to even), a value just below -0.5, and out-of-range and NaN arguments, which the host
// (x86) turns into INT64_MIN while the device saturates.
#include <stdio.h>
#include <math.h>
__global__ void k(const double *v, long long *o)
{
    int t = threadIdx.x;
    double x = v[t];
    o[t * 8 + 0] = lround(x);
    o[t * 8 + 1] = llround(x);
    o[t * 8 + 2] = lrint(x);
    o[t * 8 + 3] = llrint(x);
    o[t * 8 + 4] = lroundf((float)x);
    o[t * 8 + 5] = llroundf((float)x);
    o[t * 8 + 6] = lrintf((float)x);
    o[t * 8 + 7] = llrintf((float)x);
}
int main()
{
    double hv[8] = {2.5, -2.5, 3.5, -0.49999999999999994, 1e19, -1e30, NAN, 123456789.75};
    double *dv; long long *dout; long long ho[64];
    cudaMalloc(&dv, sizeof(hv)); cudaMalloc(&dout, sizeof(ho));
    cudaMemcpy(dv, hv, sizeof(hv), cudaMemcpyHostToDevice);
    k<<<1, 8>>>(dv, dout);
    cudaMemcpy(ho, dout, sizeof(ho), cudaMemcpyDeviceToHost);
    for (int t = 0; t < 8; t++) {
        double x = hv[t];
        printf("host %ld %lld %ld %lld %ld %lld %ld %lld\n", lround(x), llround(x), lrint(x), llrint(x), lroundf((float)x), llroundf((float)x), lrintf((float)x), llrintf((float)x));
        printf("dev  %lld %lld %lld %lld %lld %lld %lld %lld\n", ho[t * 8], ho[t * 8 + 1], ho[t * 8 + 2], ho[t * 8 + 3], ho[t * 8 + 4], ho[t * 8 + 5], ho[t * 8 + 6], ho[t * 8 + 7]);
    }
    return 0;
}
