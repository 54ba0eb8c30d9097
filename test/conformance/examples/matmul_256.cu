// Tiled matrix multiply with shared memory (seed 000 "Tiled Matrix Multiplication Kernel";
// the same kernel is in seed 002), compared with the untiled multi-block kernel of seed 000
// ("Review: Matrix Multiplication Kernel using Multiple Blocks"), both as written.
// Launch as in the notes: dimBlock(TILE_WIDTH, TILE_WIDTH), dimGrid(Width/TILE_WIDTH, ...).
// Width defaults to 32; argv[1] overrides (the kernels assume Width % TILE_WIDTH == 0).
#include <stdio.h>
#include <stdlib.h>

#define TILE_WIDTH 16

__global__ void MatrixMulKernelUntiled(float* Md, float* Nd, float* Pd, int Width)
{
    // Calculate the row index of the Pd element and M
    int Row = blockIdx.y*TILE_WIDTH + threadIdx.y;
    // Calculate the column index of Pd and N
    int Col = blockIdx.x*TILE_WIDTH + threadIdx.x;

    float Pvalue = 0;    // register
    // each thread computes one element of the block sub-matrix
    for (int k = 0; k < Width; ++k)
        Pvalue += Md[Row*Width+k] * Nd[k*Width+Col];

    Pd[Row*Width+Col] = Pvalue;
}

__global__ void MatrixMulKernel(float* Md, float* Nd, float* Pd, int Width)
{
    __shared__ float Mds[TILE_WIDTH][TILE_WIDTH]; // Shared memory
    __shared__ float Nds[TILE_WIDTH][TILE_WIDTH]; // declarations

    int bx = blockIdx.x; int by = blockIdx.y; // ID thread
    int tx = threadIdx.x; int ty = threadIdx.y;

    // Identify the row and column of the Pd element to work on
    int Row = by * TILE_WIDTH + ty;
    int Col = bx * TILE_WIDTH + tx;

    float Pvalue = 0; // REGISTER!
    // Loop over the Md and Nd tiles required to compute the Pd element
    for (int m = 0; m < Width/TILE_WIDTH; ++m) {
        // Collaborative loading of Md and Nd tiles into shared memory
        Mds[ty][tx] = Md[Row*Width + (m*TILE_WIDTH + tx)];
        Nds[ty][tx] = Nd[Col + (m*TILE_WIDTH + ty)*Width];
        __syncthreads();

        for (int k = 0; k < TILE_WIDTH; ++k)
            Pvalue += Mds[ty][k] * Nds[k][tx];
        __syncthreads();
    }
    Pd[Row*Width+Col] = Pvalue;
}

static void report(const char *name, const float *P, const float *M, const float *N, int Width)
{
    int mismatches = 0;
    double checksum = 0;
    for (int r = 0; r < Width; r++)
        for (int c = 0; c < Width; c++) {
            float ref = 0;
            for (int k = 0; k < Width; k++) ref += M[r * Width + k] * N[k * Width + c];
            if (ref != P[r * Width + c]) mismatches++;
            checksum += P[r * Width + c] * (double)((r * Width + c) % 13 + 1);
        }
    printf("%s: P[0]=%g P[1]=%g P[Width]=%g P[last]=%g checksum=%.1f mismatches=%d\n", name,
           P[0], P[1], P[Width], P[Width * Width - 1], checksum, mismatches);
}

int main(int argc, char **argv)
{
    int Width = 32;
    if (argc > 1) Width = atoi(argv[1]);
    printf("Width=%d TILE_WIDTH=%d\n", Width, TILE_WIDTH);
    size_t bytes = (size_t)Width * Width * sizeof(float);
    float *M = (float *)malloc(bytes), *N = (float *)malloc(bytes), *P = (float *)malloc(bytes);
    for (int i = 0; i < Width * Width; i++) {
        M[i] = (float)((i * 7) % 11 - 5);
        N[i] = (float)((i * 3) % 7 - 3);
    }
    float *Md, *Nd, *Pd;
    cudaMalloc((void **)&Md, bytes);
    cudaMalloc((void **)&Nd, bytes);
    cudaMalloc((void **)&Pd, bytes);
    cudaMemcpy(Md, M, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(Nd, N, bytes, cudaMemcpyHostToDevice);

    // Set up the execution configuration
    dim3 dimBlock(TILE_WIDTH, TILE_WIDTH);
    dim3 dimGrid(Width / TILE_WIDTH,
                 Width / TILE_WIDTH);

    cudaMemset(Pd, 0, bytes);
    MatrixMulKernelUntiled<<<dimGrid, dimBlock>>>(Md, Nd, Pd, Width);
    cudaMemcpy(P, Pd, bytes, cudaMemcpyDeviceToHost);
    report("untiled", P, M, N, Width);

    cudaMemset(Pd, 0, bytes);
    MatrixMulKernel<<<dimGrid, dimBlock>>>(Md, Nd, Pd, Width);
    cudaMemcpy(P, Pd, bytes, cudaMemcpyDeviceToHost);
    report("tiled", P, M, N, Width);
    printf("status: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
