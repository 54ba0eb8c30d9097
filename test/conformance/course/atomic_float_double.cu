// Floating-point atomics in a first course: a dot product summed with atomicAdd on double (one
// add per block after a shared-memory reduction), a float max and min over negative values
// with atomicCAS loops, atomicExch of floats, and float atomicAdd on shared memory. Every value
// is a multiple of a power of two small enough that the sums are exact in any order.
#include <stdio.h>

#define N 3000
#define THREADS 128

__device__ float atomicMaxFloat(float *addr, float v)
{
    int *p = (int *)addr;
    int old = *p, assumed;
    do {
        assumed = old;
        if (__int_as_float(assumed) >= v) break;
        old = atomicCAS(p, assumed, __float_as_int(v));
    } while (assumed != old);
    return __int_as_float(old);
}

__device__ float atomicMinFloat(float *addr, float v)
{
    unsigned *p = (unsigned *)addr;
    unsigned old = *p, assumed;
    do {
        assumed = old;
        if (__uint_as_float(assumed) <= v) break;
        old = atomicCAS(p, assumed, __float_as_uint(v));
    } while (assumed != old);
    return __uint_as_float(old);
}

__device__ double atomicMaxDouble(double *addr, double v)
{
    unsigned long long *p = (unsigned long long *)addr;
    unsigned long long old = *p, assumed;
    do {
        assumed = old;
        if (__longlong_as_double(assumed) >= v) break;
        old = atomicCAS(p, assumed, __double_as_longlong(v));
    } while (assumed != old);
    return __longlong_as_double(old);
}

__global__ void dot(const float *a, const float *b, int n, double *result)
{
    __shared__ double part[THREADS];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    part[threadIdx.x] = i < n ? (double)a[i] * b[i] : 0.0;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) part[threadIdx.x] += part[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(result, part[0]);
}

__global__ void extremes(const float *a, int n, float *mx, float *mn, double *dmx, float *last, float *blocksum)
{
    __shared__ float s;
    if (threadIdx.x == 0) s = 0.0f;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        atomicMaxFloat(mx, a[i]);
        atomicMinFloat(mn, a[i]);
        atomicMaxDouble(dmx, -(double)a[i] * 0.5);
        atomicAdd(&s, a[i] > 0.0f ? 1.0f : -1.0f);
    }
    if (blockIdx.x == 0 && threadIdx.x == 5) atomicExch(last, 42.5f);
    __syncthreads();
    if (threadIdx.x == 0) blocksum[blockIdx.x] = s;
}

int main()
{
    static float a[N], b[N];
    for (int i = 0; i < N; i++) {
        a[i] = ((i * 7919) % 1001 - 700) * 0.25f;  // from -175 to 75
        b[i] = ((i * 104729) % 64 - 32) * 0.5f;
    }
    float *da, *db, *dmx, *dmn, *dlast, *dbs;
    double *dres, *ddmx;
    cudaMalloc(&da, sizeof a);
    cudaMalloc(&db, sizeof b);
    cudaMalloc(&dres, sizeof(double));
    cudaMalloc(&ddmx, sizeof(double));
    cudaMalloc(&dmx, sizeof(float));
    cudaMalloc(&dmn, sizeof(float));
    cudaMalloc(&dlast, sizeof(float));
    cudaMalloc(&dbs, 8 * sizeof(float));
    cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
    double zero = 0.0, lowest = -1e300;
    float fmx = -1e30f, fmn = 1e30f, fl = -1.0f;
    cudaMemcpy(dres, &zero, sizeof zero, cudaMemcpyHostToDevice);
    cudaMemcpy(ddmx, &lowest, sizeof lowest, cudaMemcpyHostToDevice);
    cudaMemcpy(dmx, &fmx, sizeof fmx, cudaMemcpyHostToDevice);
    cudaMemcpy(dmn, &fmn, sizeof fmn, cudaMemcpyHostToDevice);
    cudaMemcpy(dlast, &fl, sizeof fl, cudaMemcpyHostToDevice);

    dot<<<(N + THREADS - 1) / THREADS, THREADS>>>(da, db, N, dres);
    extremes<<<8, THREADS>>>(da, N, dmx, dmn, ddmx, dlast, dbs);
    double res, rdmx;
    float bs[8];
    cudaMemcpy(&res, dres, sizeof res, cudaMemcpyDeviceToHost);
    cudaMemcpy(&rdmx, ddmx, sizeof rdmx, cudaMemcpyDeviceToHost);
    cudaMemcpy(&fmx, dmx, sizeof fmx, cudaMemcpyDeviceToHost);
    cudaMemcpy(&fmn, dmn, sizeof fmn, cudaMemcpyDeviceToHost);
    cudaMemcpy(&fl, dlast, sizeof fl, cudaMemcpyDeviceToHost);
    cudaMemcpy(bs, dbs, sizeof bs, cudaMemcpyDeviceToHost);
    double check = 0.0;
    for (int i = 0; i < N; i++) check += (double)a[i] * b[i];
    printf("dot = %.4f (host %.4f)\n", res, check);
    printf("max = %.2f min = %.2f dmax = %.3f exch = %.1f\n", fmx, fmn, rdmx, fl);
    for (int i = 0; i < 8; i++) printf("block %d sign sum %.1f\n", i, bs[i]);
    printf("status: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
