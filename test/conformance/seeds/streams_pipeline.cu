// 004 Listing 5 (overlapping copies and kernels in 4 streams), completed after the blog post it
// cites: pinned host memory, a kernel per chunk, and a check of the result.
#include <stdio.h>
#include <math.h>

__global__ void kernel(float *a, int offset)
{
    int i = offset + threadIdx.x + blockIdx.x * blockDim.x;
    float x = (float)i;
    float s = sinf(x), c = cosf(x);
    a[i] = a[i] + sqrtf(s * s + c * c);
}

int main()
{
    const int blockSize = 256, nStreams = 4;
    const int n = 4 * 1024 * blockSize * nStreams / 64;
    const int streamSize = n / nStreams;
    const int streamBytes = streamSize * sizeof(float);
    float *a, *d_a;
    cudaMallocHost((void **)&a, n * sizeof(float));
    cudaMalloc((void **)&d_a, n * sizeof(float));
    cudaStream_t stream[nStreams];
    for (int i = 0; i < nStreams; ++i) cudaStreamCreate(&stream[i]);
    for (int i = 0; i < n; i++) a[i] = 0;

    for (int i = 0; i < nStreams; ++i){
       int offset = i * streamSize; //offset for memory copy
       cudaMemcpyAsync(&d_a[offset], &a[offset], streamBytes,\
          cudaMemcpyHostToDevice, stream[i]);
       kernel<<<streamSize/blockSize, blockSize, 0,\
          stream[i]>>>(d_a, offset);
        cudaMemcpyAsync(&a[offset], &d_a[offset], streamBytes,\
          cudaMemcpyDeviceToHost, stream[i]);
    }
    cudaDeviceSynchronize();
    float maxErr = 0;
    for (int i = 0; i < n; i++) maxErr = fmaxf(maxErr, fabsf(a[i] - 1.0f));
    printf("n = %d, max error %g\n", n, maxErr);
    for (int i = 0; i < nStreams; ++i) cudaStreamDestroy(stream[i]);
    cudaFreeHost(a); cudaFree(d_a);
    return 0;
}
