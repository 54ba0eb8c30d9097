// Streams and events in the course's "overlap copies and kernels" exercise: pinned host
// memory, the data split in chunks over 3 streams (cudaMemcpyAsync in, a kernel, cudaMemcpyAsync
// out), events timing the whole thing (only whether the time is positive is printed), a stream
// waiting on another's event, cudaMemcpyToSymbolAsync, and queries after synchronisation.
#include <stdio.h>

#define CHUNKS 6
#define CHUNK 4096
#define NSTREAMS 3

__constant__ float scale[2];

__global__ void work(float *x, int n, int chunk)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = x[i] * scale[0] + scale[1] + chunk;
}

__global__ void add_from(float *dst, const float *src, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) dst[i] += src[i];
}

int main()
{
    const int n = CHUNKS * CHUNK;
    float *h, *d;
    cudaMallocHost(&h, n * sizeof(float));
    cudaMalloc(&d, n * sizeof(float));
    for (int i = 0; i < n; i++) h[i] = (float)(i % 1000);
    cudaStream_t s[NSTREAMS];
    for (int i = 0; i < NSTREAMS; i++) cudaStreamCreate(&s[i]);
    cudaEvent_t start, stop, done[NSTREAMS];
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    for (int i = 0; i < NSTREAMS; i++) cudaEventCreate(&done[i]);

    float hs[2] = {2.0f, 0.5f};
    cudaMemcpyToSymbolAsync(scale, hs, sizeof hs, 0, cudaMemcpyHostToDevice, s[0]);
    cudaStreamSynchronize(s[0]);

    cudaEventRecord(start);
    for (int c = 0; c < CHUNKS; c++) {
        cudaStream_t st = s[c % NSTREAMS];
        size_t off = (size_t)c * CHUNK;
        cudaMemcpyAsync(d + off, h + off, CHUNK * sizeof(float), cudaMemcpyHostToDevice, st);
        work<<<(CHUNK + 255) / 256, 256, 0, st>>>(d + off, CHUNK, c);
        cudaMemcpyAsync(h + off, d + off, CHUNK * sizeof(float), cudaMemcpyDeviceToHost, st);
    }
    for (int i = 0; i < NSTREAMS; i++) cudaEventRecord(done[i], s[i]);
    // stream 0 adds chunk 1 (from stream 1) into chunk 0 once stream 1 is done
    cudaStreamWaitEvent(s[0], done[1], 0);
    add_from<<<(CHUNK + 255) / 256, 256, 0, s[0]>>>(d, d + CHUNK, CHUNK);
    cudaEventRecord(stop, s[0]);
    cudaEventSynchronize(stop);
    float ms = -1.0f;
    cudaError_t e = cudaEventElapsedTime(&ms, start, stop);
    printf("elapsed: %s, positive: %s\n", cudaGetErrorString(e), ms > 0.0f ? "yes" : "no");
    cudaDeviceSynchronize();

    double sum = 0;
    for (int i = 0; i < n; i++) sum += h[i];
    printf("host sum %.1f h[0] %.1f h[4096] %.1f h[24575] %.1f\n", sum, h[0], h[4096], h[n - 1]);
    float first[3];
    cudaMemcpy(first, d, sizeof first, cudaMemcpyDeviceToHost);
    printf("device chunk 0 after add: %.1f %.1f %.1f\n", first[0], first[1], first[2]);
    for (int i = 0; i < NSTREAMS; i++)
        printf("stream %d query %s event %s\n", i, cudaGetErrorName(cudaStreamQuery(s[i])),
               cudaGetErrorName(cudaEventQuery(done[i])));
    float back[2] = {0, 0};
    cudaMemcpyFromSymbolAsync(back, scale, sizeof back, 0, cudaMemcpyDeviceToHost, s[2]);
    cudaStreamSynchronize(s[2]);
    printf("scale back %.2f %.2f\n", back[0], back[1]);
    cudaEvent_t never;
    cudaEventCreate(&never);
    printf("unrecorded event query %s\n", cudaGetErrorName(cudaEventQuery(never)));
    e = cudaEventElapsedTime(&ms, start, never);
    printf("elapsed to unrecorded event: %s\n", cudaGetErrorName(e));
    for (int i = 0; i < NSTREAMS; i++) { cudaStreamDestroy(s[i]); cudaEventDestroy(done[i]); }
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaEventDestroy(never);
    cudaFreeHost(h);
    cudaFree(d);
    printf("status: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 0;
}
