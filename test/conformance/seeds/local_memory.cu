// Local memory (seed 003, "Local memory", "Static indexing"): per-thread arrays kernel1..kernel4
// as in the notes, with their "..." filled in (fill a[] from buf, write the sum back):
//   kernel1: float a[2], static indexing (registers)
//   kernel2: float a[5], #pragma unroll loop (registers)
//   kernel3: float a[6], index start_index + i known only at run time (local memory)
//   kernel4: float a[ARRAY_SIZE] indexed by a value read from memory (local memory)
#include <stdio.h>

#define ARRAY_SIZE 32

__global__ void kernel1(float * buf)
{
    float a[2];
    a[0] = buf[threadIdx.x];
    a[1] = buf[threadIdx.x + 1];
    float sum = a[0] + a[1];
    buf[64 + threadIdx.x] = sum;
}

__global__ void kernel2(float * buf)
{
    float a[5];
    for (int i = 0; i < 5; ++i) a[i] = buf[threadIdx.x + i];
    float sum = 0.0f;
    #pragma unroll
    for(int i = 0; i < 5; ++i)
        sum += a[i];
    buf[64 + threadIdx.x] = sum;
}

__global__ void kernel3(float * buf, int start_index)
{
    float a[6];
    for (int i = 0; i < 6; ++i) a[i] = buf[threadIdx.x + i];
    float sum = 0.0f;
    #pragma unroll
    for(int i = 0; i < 5; ++i)
        sum += a[start_index + i];
    buf[64 + threadIdx.x] = sum;
}

__global__ void kernel4(float * buf, int * indexbuf)
{
    float a[ARRAY_SIZE];
    for (int i = 0; i < ARRAY_SIZE; ++i) a[i] = buf[(threadIdx.x + i) % 64];
    int index = indexbuf[threadIdx.x + blockIdx.x * blockDim.x];
    float val = a[index];
    buf[64 + threadIdx.x] = val;
}

int main()
{
    float h[128];
    int idx[32];
    for (int i = 0; i < 32; i++) idx[i] = (i * 13) % ARRAY_SIZE;
    float *d; int *d_idx;
    cudaMalloc((void **)&d, sizeof(h));
    cudaMalloc((void **)&d_idx, sizeof(idx));
    cudaMemcpy(d_idx, idx, sizeof(idx), cudaMemcpyHostToDevice);
    for (int k = 0; k < 4; k++) {
        for (int i = 0; i < 128; i++) h[i] = (float)(i * i % 17);
        cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
        if (k == 0) kernel1<<<1, 32>>>(d);
        if (k == 1) kernel2<<<1, 32>>>(d);
        if (k == 2) kernel3<<<1, 32>>>(d, 1);
        if (k == 3) kernel4<<<1, 32>>>(d, d_idx);
        cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
        printf("kernel%d:", k + 1);
        for (int i = 64; i < 96; i++) printf(" %g", h[i]);
        printf("\n");
    }
    printf("status: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
