// Benchmark: shared-memory tree reduction of 1M floats (256 threads a block, one partial sum
// per block, then the host adds the partial sums); prints the sum.
#include <stdio.h>

#define N (1 << 20)
#define THREADS 256

__global__ void reduce(const float *in, float *out, int n)
{
    __shared__ float s[THREADS];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x * 2 + t;
    float v = 0.0f;
    if (i < n) v = in[i];
    if (i + blockDim.x < n) v += in[i + blockDim.x];
    s[t] = v;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

int main()
{
    static float h[N];
    for (int i = 0; i < N; i++) h[i] = (float)(i % 100) * 0.01f;
    int blocks = N / (THREADS * 2);
    static float partial[N / (THREADS * 2)];
    float *d_in, *d_out;
    cudaMalloc((void **)&d_in, N * sizeof(float));
    cudaMalloc((void **)&d_out, blocks * sizeof(float));
    cudaMemcpy(d_in, h, N * sizeof(float), cudaMemcpyHostToDevice);
    reduce<<<blocks, THREADS>>>(d_in, d_out, N);
    cudaMemcpy(partial, d_out, blocks * sizeof(float), cudaMemcpyDeviceToHost);
    double sum = 0;
    for (int b = 0; b < blocks; b++) sum += partial[b];
    printf("sum %.3f\n", sum);
    cudaFree(d_in); cudaFree(d_out);
    return 0;
}
