// Stream and event semantics a program can observe: query results while work is pending and
// after it ends, ordering across streams through events, error codes of misuse.
#include <stdio.h>

__global__ void busy(float *out, int iters)
{
    float x = threadIdx.x;
    for (int i = 0; i < iters; i++) x = x * 0.999f + 1.0f;
    out[threadIdx.x] = x;
}

__global__ void copy_plus(const float *in, float *out, float k) { out[threadIdx.x] = in[threadIdx.x] + k; }

#define CHECK(x) printf("%-48s %s\n", #x, cudaGetErrorName(x))

int main()
{
    float *a, *b, *c, h[32];
    cudaMalloc(&a, 128); cudaMalloc(&b, 128); cudaMalloc(&c, 128);
    cudaStream_t s1, s2, nb;
    CHECK(cudaStreamCreate(&s1));
    CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamDefault));
    CHECK(cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking));
    unsigned fl = 99;
    CHECK(cudaStreamGetFlags(nb, &fl));
    printf("nonblocking flags %u\n", fl);
    CHECK(cudaStreamQuery(s1));
    cudaEvent_t e0, e1, never, notiming;
    CHECK(cudaEventCreate(&e0));
    CHECK(cudaEventCreateWithFlags(&e1, cudaEventDefault));
    CHECK(cudaEventCreate(&never));
    CHECK(cudaEventCreateWithFlags(&notiming, cudaEventDisableTiming));
    CHECK(cudaEventQuery(never));

    CHECK(cudaEventRecord(e0, s1));
    busy<<<1, 32, 0, s1>>>(a, 1 << 20);
    CHECK(cudaEventRecord(e1, s1));
    CHECK(cudaStreamQuery(s1));
    CHECK(cudaEventQuery(e1));
    float ms = -1;
    CHECK(cudaEventElapsedTime(&ms, e0, e1));
    // s2 waits for s1's work through e1, so copy_plus sees busy's result.
    CHECK(cudaStreamWaitEvent(s2, e1, 0));
    copy_plus<<<1, 32, 0, s2>>>(a, b, 1.0f);
    CHECK(cudaStreamSynchronize(s2));
    CHECK(cudaStreamQuery(s1));
    CHECK(cudaEventQuery(e1));
    CHECK(cudaEventSynchronize(e1));
    CHECK(cudaEventElapsedTime(&ms, e0, e1));
    printf("busy kernel took more than 0.1 ms: %d\n", ms > 0.1f);
    CHECK(cudaEventElapsedTime(&ms, e1, e0));
    printf("reversed is negative: %d\n", ms < 0);
    CHECK(cudaEventElapsedTime(&ms, e0, never));
    CHECK(cudaEventRecord(notiming, s1));
    CHECK(cudaEventSynchronize(notiming));
    CHECK(cudaEventElapsedTime(&ms, e0, notiming));
    CHECK(cudaEventSynchronize(never));
    cudaMemcpy(h, b, 128, cudaMemcpyDeviceToHost);
    printf("b[0] %.6g b[31] %.6g\n", h[0], h[31]);

    // Legacy default stream: a kernel in it waits for s1 and s2, and work after it waits for it.
    busy<<<1, 32, 0, s1>>>(c, 1 << 18);
    copy_plus<<<1, 32>>>(c, b, 2.0f);
    copy_plus<<<1, 32, 0, s2>>>(b, a, 3.0f);
    CHECK(cudaStreamSynchronize(s2));
    cudaMemcpy(h, a, 128, cudaMemcpyDeviceToHost);
    printf("a[0] %.6g a[31] %.6g\n", h[0], h[31]);

    // Async copies with pageable memory: host-to-device returns once the source is staged;
    // device-to-host returns once the data is in the host buffer.
    float src[32], dst[32];
    for (int i = 0; i < 32; i++) src[i] = i;
    CHECK(cudaMemcpyAsync(a, src, 128, cudaMemcpyHostToDevice, s1));
    for (int i = 0; i < 32; i++) src[i] = -1;
    CHECK(cudaMemcpyAsync(dst, a, 128, cudaMemcpyDeviceToHost, s1));
    printf("dst[5] %g dst[31] %g\n", dst[5], dst[31]);
    CHECK(cudaMemsetAsync(a, 0, 128, s2));
    CHECK(cudaStreamSynchronize(s2));

    CHECK(cudaEventDestroy(e0));
    CHECK(cudaEventDestroy(notiming));
    CHECK(cudaStreamDestroy(s2));
    CHECK(cudaStreamDestroy(nb));
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaGetLastError());
    return 0;
}
