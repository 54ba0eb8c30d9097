// Shared variables of several shapes for the Shared memory panel: a 2-D array, an array of
// structs, doubles, float4s and a 2-D byte array, each element set from its thread.
#include <stdio.h>

struct Part { float x; int n; char tag; };

__global__ void shapes(float *out)
{
    __shared__ float tile[4][5];
    __shared__ Part parts[3];
    __shared__ double d[2];
    __shared__ float4 v[2];
    __shared__ unsigned char c[2][3];
    int i = threadIdx.x;
    tile[i / 5][i % 5] = i + 0.5f;
    if (i < 3) { parts[i].x = i * 2.0f; parts[i].n = -i; parts[i].tag = 'a' + i; }
    if (i < 2) { d[i] = i / 3.0; v[i] = make_float4(i, i + 1, i + 2, i + 3); }
    if (i < 6) c[i / 3][i % 3] = i * 10;
    __syncthreads();
    out[i] = tile[i % 4][i / 4];
}

int main()
{
    float *d;
    cudaMalloc((void **)&d, 20 * sizeof(float));
    shapes<<<1, 20>>>(d);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
