// Atomic idioms from student code: float atomicMax/atomicMin written as atomicCAS loops on the
// bits (__float_as_int / __int_as_float), the signed-int trick for non-negative floats,
// atomicAdd on double and on unsigned long long, a CAS-based double add, an atomic counter
// used as a ticket (only the count and the sorted set of tickets are printed), and a histogram.
#include <stdio.h>
#include <string.h>

__device__ float atomicMaxFloat(float *addr, float val)
{
    int *ai = (int *)addr;
    int old = *ai, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= val) break;
        old = atomicCAS(ai, assumed, __float_as_int(val));
    } while (assumed != old);
    return __int_as_float(old);
}
__device__ float atomicMinFloat(float *addr, float val)
{
    unsigned *au = (unsigned *)addr;
    unsigned old = *au, assumed;
    do {
        assumed = old;
        old = atomicCAS(au, assumed, __float_as_uint(fminf(val, __uint_as_float(assumed))));
    } while (assumed != old);
    return __uint_as_float(old);
}
__device__ double atomicAddCas(double *addr, double val)
{
    unsigned long long *a = (unsigned long long *)addr, old = *a, assumed;
    do {
        assumed = old;
        old = atomicCAS(a, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
    } while (assumed != old);
    return __longlong_as_double(old);
}

__global__ void atomics(const float *in, int n, float *fmaxv, float *fminv, int *posMax, double *dsum,
                        double *dsum2, unsigned long long *big, unsigned *ticket, int *seen, int *hist)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        float v = in[i];
        atomicMaxFloat(fmaxv, v);
        atomicMinFloat(fminv, v);
        if (v >= 0.0f) atomicMax(posMax, __float_as_int(v));
        atomicAdd(dsum, (double)v * 0.125);
        atomicAddCas(dsum2, (double)i);
        atomicAdd(big, 1000000007ull * (unsigned long long)(i + 1));
        unsigned tk = atomicAdd(ticket, 1u);
        seen[tk] = 1;
        atomicAdd(&hist[((int)floorf(v) % 8 + 8) % 8], 1);
    }
}

int main()
{
    const int n = 777;
    float h[n];
    for (int i = 0; i < n; i++) h[i] = ((i * 2654435761u) % 20000u) / 64.0f - 150.0f;
    float *din, *dmax, *dmin; int *dpos, *dseen, *dhist; double *dsum, *dsum2; unsigned long long *dbig; unsigned *dt;
    cudaMalloc(&din, sizeof(h)); cudaMalloc(&dmax, 4); cudaMalloc(&dmin, 4); cudaMalloc(&dpos, 4);
    cudaMalloc(&dsum, 8); cudaMalloc(&dsum2, 8); cudaMalloc(&dbig, 8); cudaMalloc(&dt, 4);
    cudaMalloc(&dseen, n * 4); cudaMalloc(&dhist, 32);
    cudaMemcpy(din, h, sizeof(h), cudaMemcpyHostToDevice);
    float initMax = -1e30f, initMin = 1e30f;
    cudaMemcpy(dmax, &initMax, 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dmin, &initMin, 4, cudaMemcpyHostToDevice);
    cudaMemset(dpos, 0, 4); cudaMemset(dsum, 0, 8); cudaMemset(dsum2, 0, 8); cudaMemset(dbig, 0, 8);
    cudaMemset(dt, 0, 4); cudaMemset(dseen, 0, n * 4); cudaMemset(dhist, 0, 32);
    atomics<<<4, 96>>>(din, n, dmax, dmin, dpos, dsum, dsum2, dbig, dt, dseen, dhist);
    float fmx, fmn; int pos; double s, s2; unsigned long long big; unsigned t; int seen[n], hist[8];
    cudaMemcpy(&fmx, dmax, 4, cudaMemcpyDeviceToHost); cudaMemcpy(&fmn, dmin, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&pos, dpos, 4, cudaMemcpyDeviceToHost); cudaMemcpy(&s, dsum, 8, cudaMemcpyDeviceToHost);
    cudaMemcpy(&s2, dsum2, 8, cudaMemcpyDeviceToHost); cudaMemcpy(&big, dbig, 8, cudaMemcpyDeviceToHost);
    cudaMemcpy(&t, dt, 4, cudaMemcpyDeviceToHost); cudaMemcpy(seen, dseen, sizeof(seen), cudaMemcpyDeviceToHost);
    cudaMemcpy(hist, dhist, sizeof(hist), cudaMemcpyDeviceToHost);
    int allSeen = 1;
    for (int i = 0; i < n; i++) allSeen &= seen[i];
    float hmax = -1e30f, hmin = 1e30f;
    for (int i = 0; i < n; i++) { if (h[i] > hmax) hmax = h[i]; if (h[i] < hmin) hmin = h[i]; }
    float posf; memcpy(&posf, &pos, 4);
    printf("max %.6f (host %.6f) min %.6f (host %.6f) posMax %.6f\n", fmx, hmax, fmn, hmin, posf);
    printf("dsum %.6f dsum2 %.1f big %llu tickets %u allSeen %d\n", s, s2, big, t, allSeen);
    printf("hist:");
    for (int i = 0; i < 8; i++) printf(" %d", hist[i]);
    printf("\n");
    return 0;
}
