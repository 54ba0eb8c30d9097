// Stream priorities: the device's range, a priority clamped into it, and the priority a stream
// reports back (the default stream and a plain stream have priority 0). Work on prioritised
// streams still computes the same results.
#include <stdio.h>

__global__ void fill(int *a, int v) { a[threadIdx.x] = v + threadIdx.x; }

int main()
{
    int least = 99, greatest = 99;
    cudaError_t e = cudaDeviceGetStreamPriorityRange(&least, &greatest);
    printf("range %s least %d greatest %d\n", cudaGetErrorName(e), least, greatest);
    printf("null args %s\n", cudaGetErrorName(cudaDeviceGetStreamPriorityRange(NULL, NULL)));
    cudaStream_t hi, lo, plain, wild;
    printf("create hi %s\n", cudaGetErrorName(cudaStreamCreateWithPriority(&hi, cudaStreamNonBlocking, greatest)));
    printf("create lo %s\n", cudaGetErrorName(cudaStreamCreateWithPriority(&lo, cudaStreamDefault, least)));
    printf("create wild %s\n", cudaGetErrorName(cudaStreamCreateWithPriority(&wild, cudaStreamDefault, -100)));
    cudaStreamCreate(&plain);
    int p = 77;
    cudaStreamGetPriority(hi, &p); printf("hi %d\n", p);
    cudaStreamGetPriority(lo, &p); printf("lo %d\n", p);
    cudaStreamGetPriority(wild, &p); printf("wild %d\n", p);
    cudaStreamGetPriority(plain, &p); printf("plain %d\n", p);
    cudaStreamGetPriority(0, &p); printf("default %d\n", p);
    unsigned flags = 9;
    cudaStreamGetFlags(hi, &flags); printf("hi flags %u\n", flags);
    int *d; cudaMalloc(&d, 8 * sizeof(int));
    fill<<<1, 4, 0, lo>>>(d, 100);
    fill<<<1, 4, 0, hi>>>(d + 4, 200);
    cudaDeviceSynchronize();
    int h[8]; cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 8; i++) printf("%d ", h[i]);
    printf("\n%s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
