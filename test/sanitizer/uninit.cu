// initcheck: a kernel reads device memory that nothing ever wrote (half of it was copied).
#include <stdio.h>
__global__ void sum(const float *in, float *out, int n)
{
    float s = 0;
    for (int i = 0; i < n; i++) s += in[i];
    *out = s;
}
int main()
{
    const int n = 64;
    float h[n], *in, *out, r;
    for (int i = 0; i < n; i++) h[i] = 1;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&out, sizeof(float));
    cudaMemcpy(in, h, n / 2 * sizeof(float), cudaMemcpyHostToDevice);   // only the first half
    sum<<<1, 1>>>(in, out, n);
    cudaMemcpy(&r, out, sizeof(float), cudaMemcpyDeviceToHost);
    printf("copied half: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
