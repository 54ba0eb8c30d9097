// Float matrix multiply with multiple blocks, one thread per element (seed 002,
// "MatrixMulKernel" with the bounds test, and its launch with BLOCK_WIDTH 16 rounding the
// number of blocks up). Only added: host code; the launch's "<<dimGrid, dimBlock>>" has
// one '<' and '>' too few and names "matrixMulKernel" with a lower-case m in the notes.
// Width defaults to 20 (not a multiple of 16: exercises the bounds test); argv[1] overrides.
#include <stdio.h>
#include <stdlib.h>

#define BLOCK_WIDTH 16

__global__ void MatrixMulKernel(float* d_M, float* d_N, float* d_P, int Width)
{
    // Calculate the row index of the d_Pelement and d_M
    int Row = blockIdx.y*blockDim.y+threadIdx.y;
    // Calculate the column index of d_P and d_N
    int Col = blockIdx.x*blockDim.x+threadIdx.x;
    if ((Row < Width) && (Col < Width))
    {
        float Pvalue = 0;
        // each thread computes one element of the block sub-matrix
        for (int k = 0; k < Width; ++k)
            Pvalue += d_M[Row*Width+k]*d_N[k*Width+Col];
        d_P[Row*Width+Col] = Pvalue;
    }
}

int main(int argc, char **argv)
{
    int Width = argc > 1 ? atoi(argv[1]) : 20;
    size_t bytes = (size_t)Width * Width * sizeof(float);
    float *M = (float *)malloc(bytes), *N = (float *)malloc(bytes), *P = (float *)malloc(bytes);
    for (int i = 0; i < Width * Width; i++) {
        M[i] = (float)(i % 7 - 3);
        N[i] = (float)(i % 5 - 2);
    }
    float *d_M, *d_N, *d_P;
    cudaMalloc((void **)&d_M, bytes);
    cudaMalloc((void **)&d_N, bytes);
    cudaMalloc((void **)&d_P, bytes);
    cudaMemcpy(d_M, M, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(d_N, N, bytes, cudaMemcpyHostToDevice);
    cudaMemset(d_P, 0, bytes);

    // Setup the execution configuration
    int NumBlocks = Width/BLOCK_WIDTH;
    if (Width % BLOCK_WIDTH)
        NumBlocks++;

    dim3 dimGrid(NumBlocks, NumBlocks);
    dim3 dimBlock(BLOCK_WIDTH, BLOCK_WIDTH);

    // Launch the device computation threads
    MatrixMulKernel<<<dimGrid, dimBlock>>>(d_M, d_N, d_P, Width);
    cudaError_t err = cudaDeviceSynchronize();
    cudaMemcpy(P, d_P, bytes, cudaMemcpyDeviceToHost);

    int mismatches = 0;
    double checksum = 0;
    for (int r = 0; r < Width; r++)
        for (int c = 0; c < Width; c++) {
            float ref = 0;
            for (int k = 0; k < Width; k++) ref += M[r * Width + k] * N[k * Width + c];
            if (ref != P[r * Width + c]) mismatches++;
            checksum += P[r * Width + c] * (double)((r * Width + c) % 13 + 1);
        }
    printf("Width=%d grid=%dx%d block=%dx%d status=%s\n", Width, NumBlocks, NumBlocks,
           BLOCK_WIDTH, BLOCK_WIDTH, cudaGetErrorName(err));
    printf("P[0][0]=%g P[0][1]=%g P[1][0]=%g P[W-1][W-1]=%g\n", P[0], P[1], P[Width],
           P[Width * Width - 1]);
    printf("checksum=%.1f mismatches=%d\n", checksum, mismatches);
    return 0;
}
