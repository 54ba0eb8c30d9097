// Device configuration calls as a program sees them: limits (with the driver's rounding), cache
// preferences, device flags, versions, cudaChooseDevice, cudaEventRecordWithFlags and the
// profiler switches, each call's result, and the last error an unsupported limit leaves.
#include <stdio.h>
#include <cuda_profiler_api.h>
__global__ void k(int *a) { a[threadIdx.x] = threadIdx.x; }
#define P(call) printf("%-60s %s\n", #call, cudaGetErrorName(call))
int main()
{
    int drv = -1, rt = -1;
    P(cudaDriverGetVersion(&drv));
    P(cudaRuntimeGetVersion(&rt));
    printf("versions %d %d\n", drv, rt);
    size_t v = 0;
    for (int lim = 0; lim <= 6; lim++) { cudaError_t e = cudaDeviceGetLimit(&v, (cudaLimit)lim); printf("limit %d %s %zu\n", lim, cudaGetErrorName(e), v); }
    P(cudaDeviceSetLimit(cudaLimitStackSize, 4000));
    P(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 3000000));
    P(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 10000000));
    for (int lim = 0; lim <= 2; lim++) { cudaDeviceGetLimit(&v, (cudaLimit)lim); printf("limit %d now %zu\n", lim, v); }
    cudaFuncCache fc;
    P(cudaDeviceGetCacheConfig(&fc)); printf("cache %d\n", (int)fc);
    P(cudaDeviceSetCacheConfig(cudaFuncCachePreferShared));
    P(cudaDeviceGetCacheConfig(&fc)); printf("cache %d\n", (int)fc);
    P(cudaFuncSetCacheConfig(k, cudaFuncCachePreferL1));
    unsigned fl = 77;
    P(cudaGetDeviceFlags(&fl)); printf("flags %u\n", fl);
    P(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync));
    P(cudaGetDeviceFlags(&fl)); printf("flags %u\n", fl);
    int dev = -1; cudaDeviceProp prop = {};
    prop.major = 9;
    P(cudaChooseDevice(&dev, &prop)); printf("chosen %d\n", dev);
    cudaEvent_t e; cudaEventCreate(&e);
    P(cudaEventRecordWithFlags(e, 0, cudaEventRecordDefault));
    P(cudaEventSynchronize(e));
    P(cudaProfilerStart());
    int *d; cudaMalloc(&d, 32 * sizeof(int));
    k<<<1, 32>>>(d);
    P(cudaProfilerStop());
    int h[32]; cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    printf("h[31] %d\n", h[31]);
    P(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 20000000));
    P(cudaGetLastError());
    return 0;
}
