// Pageable, pinned (cudaMallocHost, cudaHostAlloc with each flag), mapped (cudaHostGetDevicePointer)
// and managed memory, each used by a kernel; what cudaPointerGetAttributes says of each; the
// errors of freeing with the wrong call; cudaMemGetInfo's total.
#include <stdio.h>
#include <stdlib.h>

#define N 1000

__global__ void scale(int *p, int n, int k)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = p[i] * k + i;
}

static long long sum(const int *p) { long long s = 0; for (int i = 0; i < N; i++) s += p[i]; return s; }
static void fill(int *p) { for (int i = 0; i < N; i++) p[i] = i % 10; }
static void describe(const char *name, const void *p)
{
    cudaPointerAttributes a;
    cudaError_t e = cudaPointerGetAttributes(&a, p);
    printf("%s: %s type %d device %d host==ptr %d dev==ptr %d\n", name, cudaGetErrorName(e), (int)a.type, a.device,
           a.hostPointer == p, a.devicePointer == p);
}

int main()
{
    int *pageable = (int *)malloc(N * sizeof(int));
    int *dev; cudaMalloc(&dev, N * sizeof(int));
    fill(pageable);
    cudaMemcpy(dev, pageable, N * sizeof(int), cudaMemcpyHostToDevice);
    scale<<<(N + 127) / 128, 128>>>(dev, N, 2);
    cudaMemcpy(pageable, dev, N * sizeof(int), cudaMemcpyDeviceToHost);
    printf("pageable %lld\n", sum(pageable));

    int *pinned; cudaError_t e = cudaMallocHost(&pinned, N * sizeof(int));
    fill(pinned);
    cudaMemcpy(dev, pinned, N * sizeof(int), cudaMemcpyHostToDevice);
    scale<<<(N + 127) / 128, 128>>>(dev, N, 3);
    cudaMemcpy(pinned, dev, N * sizeof(int), cudaMemcpyDeviceToHost);
    printf("pinned %s %lld\n", cudaGetErrorName(e), sum(pinned));

    unsigned flags[] = {cudaHostAllocDefault, cudaHostAllocPortable, cudaHostAllocMapped, cudaHostAllocWriteCombined, 0x10};
    for (int f = 0; f < 5; f++) {
        int *h = 0; cudaError_t ea = cudaHostAlloc(&h, N * sizeof(int), flags[f]);
        unsigned got = 0; cudaError_t eg = h ? cudaHostGetFlags(&got, h) : cudaErrorInvalidValue;
        int *dp = 0; cudaError_t ed = h ? cudaHostGetDevicePointer(&dp, h, 0) : cudaErrorInvalidValue;
        printf("hostAlloc flags %u: %s getFlags %s %u devptr %s same %d\n", flags[f], cudaGetErrorName(ea), cudaGetErrorName(eg), got,
               cudaGetErrorName(ed), dp == h);
        if (h) {
            fill(h);
            scale<<<(N + 127) / 128, 128>>>(dp, N, 4 + f);
            cudaDeviceSynchronize();
            printf("  mapped kernel result %lld\n", sum(h));
            cudaFreeHost(h);
        }
    }

    int *managed; e = cudaMallocManaged(&managed, N * sizeof(int));
    fill(managed);
    scale<<<(N + 127) / 128, 128>>>(managed, N, 5);
    cudaDeviceSynchronize();
    printf("managed %s %lld\n", cudaGetErrorName(e), sum(managed));
    int *managed2; e = cudaMallocManaged(&managed2, N * sizeof(int), cudaMemAttachHost);
    printf("managed attachHost %s\n", cudaGetErrorName(e));

    describe("pageable", pageable);
    describe("device", dev);
    describe("pinned", pinned);
    describe("managed", managed);

    cudaError_t f1 = cudaFree(pinned);
    cudaGetLastError();
    cudaError_t f2 = cudaFreeHost(dev);
    cudaGetLastError();
    cudaError_t f3 = cudaFreeHost(pinned);
    cudaError_t f4 = cudaFree(managed);
    cudaError_t f5 = cudaFree(managed2);
    printf("cudaFree(pinned) %s cudaFreeHost(dev) %s cudaFreeHost(pinned) %s cudaFree(managed) %s %s\n",
           cudaGetErrorName(f1), cudaGetErrorName(f2), cudaGetErrorName(f3), cudaGetErrorName(f4), cudaGetErrorName(f5));

    size_t freeB, totalB;
    e = cudaMemGetInfo(&freeB, &totalB);
    printf("memGetInfo %s total %zu free<=total %d\n", cudaGetErrorName(e), totalB, freeB <= totalB);
    void *big; e = cudaMalloc(&big, totalB);
    printf("malloc(total) %s\n", cudaGetErrorName(e));
    printf("after %s\n", cudaGetErrorName(cudaGetLastError()));
    cudaFree(dev); free(pageable);
    return 0;
}
