// Function templates and template kernels as students write them: a kernel templated on the
// element type (int, float, double, unsigned char), on a block size (non-type parameter used for
// a static shared array), a template __device__ helper with deduced arguments
// and explicit template arguments.
#include <stdio.h>

template <typename T> __device__ T square(T x) { return x * x; }
template <typename T> __device__ T clampTo(T x, T lo, T hi) { return x < lo ? lo : (x > hi ? hi : x); }

template <typename T>
__global__ void scale(T *a, T factor, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) a[i] = clampTo<T>(square(a[i]) * factor, (T)0, (T)200);
}

template <int BLOCK>
__global__ void blockSum(const int *in, int *out)
{
    __shared__ int s[BLOCK];
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * BLOCK + t];
    __syncthreads();
    for (int stride = BLOCK / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0] * BLOCK;
}

template <typename T>
void runScale(const char *name, const char *fmt, T factor)
{
    const int n = 10;
    T h[n];
    for (int i = 0; i < n; i++) h[i] = (T)(i * 1.5);
    T *d;
    cudaMalloc(&d, n * sizeof(T));
    cudaMemcpy(d, h, n * sizeof(T), cudaMemcpyHostToDevice);
    scale<T><<<2, 8>>>(d, factor, n);
    cudaMemcpy(h, d, n * sizeof(T), cudaMemcpyDeviceToHost);
    cudaFree(d);
    printf("%-6s size %d:", name, (int)sizeof(T));
    for (int i = 0; i < n; i++) printf(fmt, h[i]);
    printf("\n");
}

template <int B>
void runSum()
{
    int h[4 * B], out[4];
    for (int i = 0; i < 4 * B; i++) h[i] = i % 7 - 2;
    int *din, *dout;
    cudaMalloc(&din, sizeof(h));
    cudaMalloc(&dout, sizeof(out));
    cudaMemcpy(din, h, sizeof(h), cudaMemcpyHostToDevice);
    blockSum<B><<<4, B>>>(din, dout);
    cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost);
    printf("blockSum<%d>: %d %d %d %d\n", B, out[0], out[1], out[2], out[3]);
    cudaFree(din); cudaFree(dout);
}

int main()
{
    runScale<int>("int", " %d", 3);
    runScale<float>("float", " %.3f", 1.25f);
    runScale<double>("double", " %.3f", 0.75);
    runScale<unsigned char>("uchar", " %u", (unsigned char)2);
    runSum<32>();
    runSum<64>();
    runSum<128>();
    return 0;
}
