// One register of each warp changes form between checkpoints: the same value in every lane, a
// line, 32-bit integers, floats, doubles, then the same value again. A checkpoint that stored a
// row in one form must store its next value in the form that value takes.
#include <stdio.h>

__global__ void forms(float *out)
{
    int t = threadIdx.x;
    float acc = 0.0f;
    double x = 7;
    for (int k = 0; k < 4; k++) acc += (float)x;
    x = t * 3 + 1;
    for (int k = 0; k < 4; k++) acc += (float)x;
    x = t * t;
    for (int k = 0; k < 4; k++) acc += (float)x;
    if (t % 3 == 0) x = -1;
    for (int k = 0; k < 4; k++) acc += (float)x;
    x = t / 4.0f;
    for (int k = 0; k < 4; k++) acc += (float)x;
    x = t / 3.0;
    for (int k = 0; k < 4; k++) acc += (float)x;
    x = 2;
    for (int k = 0; k < 4; k++) acc += (float)x;
    out[blockIdx.x * blockDim.x + t] = acc;
}

int main()
{
    float *d;
    float h[80];
    cudaMalloc((void **)&d, sizeof h);
    forms<<<2, 40>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%.3f %.3f\n", h[0], h[79]);
    cudaFree(d);
    return 0;
}
