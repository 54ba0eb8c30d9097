// A non-blocking stream does not synchronise with the legacy default stream: a kernel in the
// default stream reads a flag that a long kernel in the non-blocking stream has not set yet.
// With a blocking stream it waits and sees the flag.
#include <stdio.h>

__global__ void slow_set(int *flag, float *sink, int iters)
{
    float x = threadIdx.x;
    for (int i = 0; i < iters; i++) x = x * 0.999f + 1.0f;
    sink[threadIdx.x] = x;
    if (threadIdx.x == 0) *flag = 1;
}

__global__ void read_flag(const int *flag, int *seen) { *seen = *flag; }

int main()
{
    int *flag, *seen, h;
    float *sink;
    cudaMalloc(&flag, 4); cudaMalloc(&seen, 4); cudaMalloc(&sink, 128);
    cudaStream_t blocking, nonblocking;
    cudaStreamCreate(&blocking);
    cudaStreamCreateWithFlags(&nonblocking, cudaStreamNonBlocking);
    cudaMemset(flag, 0, 4);
    slow_set<<<1, 32, 0, blocking>>>(flag, sink, 1 << 20);
    read_flag<<<1, 1>>>(flag, seen);
    cudaMemcpy(&h, seen, 4, cudaMemcpyDeviceToHost);
    printf("blocking stream: default stream saw flag %d\n", h);
    cudaMemset(flag, 0, 4);
    cudaDeviceSynchronize();
    slow_set<<<1, 32, 0, nonblocking>>>(flag, sink, 1 << 20);
    read_flag<<<1, 1>>>(flag, seen);
    cudaMemcpy(&h, seen, 4, cudaMemcpyDeviceToHost);
    printf("non-blocking stream: default stream saw flag %d\n", h);
    cudaDeviceSynchronize();
    return 0;
}
