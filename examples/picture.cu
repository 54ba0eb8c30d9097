// pictureKernel on a 76x62 picture with 16x16 blocks (seed 002, "Mapping Threads to
// Multidimensional Data"): a 5x4 grid of 16x16 blocks = 80x64 threads for 76x62 pixels; the
// if statement keeps the 4 extra columns and 2 extra rows of threads from writing.
// Only added: host code; the notes launch "vecAddKernel", the kernel they define is pictureKernel.
// d_Pout is filled with -1 first so that pixels nobody writes would show.
#include <stdio.h>
#include <math.h>

__global__ void pictureKernel(float* d_Pin, float* d_Pout, int n, int m)
{
    // Calculate the row # of the d_Pin and d_Pout element to process
    int Row = blockIdx.y*blockDim.y + threadIdx.y;
    // Calculate the column # of the d_Pin and d_Pout element to process
    int Col = blockIdx.x*blockDim.x + threadIdx.x;
    // each thread computes one element of d_Pout if in range
    if ((Row < m) && (Col < n))
    {
        d_Pout[Row*n+Col] = 2*d_Pin[Row*n+Col];
    }
}

int main()
{
    int n = 76, m = 62;
    const int total = 76 * 62;
    static float Pin[76 * 62], Pout[76 * 62 + 16];
    for (int i = 0; i < total; i++) Pin[i] = (float)(i % 256) * 0.5f;
    for (int i = 0; i < total + 16; i++) Pout[i] = -1.0f;
    float *d_Pin, *d_Pout;
    cudaMalloc((void **)&d_Pin, total * sizeof(float));
    cudaMalloc((void **)&d_Pout, (total + 16) * sizeof(float));
    cudaMemcpy(d_Pin, Pin, total * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_Pout, Pout, (total + 16) * sizeof(float), cudaMemcpyHostToDevice);

    dim3 dimGrid (ceil(n/16.0), ceil(m/16.0), 1); // 5,4,1
    dim3 dimBlock(16, 16, 1);
    pictureKernel <<< dimGrid, dimBlock >>> (d_Pin, d_Pout, n, m);
    cudaError_t err = cudaDeviceSynchronize();
    cudaMemcpy(Pout, d_Pout, (total + 16) * sizeof(float), cudaMemcpyDeviceToHost);

    printf("dimGrid=(%u,%u,%u) dimBlock=(%u,%u,%u) threads=%ux%u pixels=%dx%d status=%s\n",
           dimGrid.x, dimGrid.y, dimGrid.z, dimBlock.x, dimBlock.y, dimBlock.z,
           dimGrid.x * dimBlock.x, dimGrid.y * dimBlock.y, n, m, cudaGetErrorName(err));
    int bad = 0;
    double sum = 0;
    for (int i = 0; i < total; i++) {
        if (Pout[i] != 2 * Pin[i]) bad++;
        sum += Pout[i];
    }
    int untouched = 0;
    for (int i = total; i < total + 16; i++) if (Pout[i] == -1.0f) untouched++;
    printf("wrong pixels=%d sum=%.1f guard cells untouched=%d/16\n", bad, sum, untouched);
    printf("Pout[0]=%g Pout[75]=%g Pout[76]=%g Pout[last]=%g\n", Pout[0], Pout[75], Pout[76],
           Pout[total - 1]);
    return 0;
}
