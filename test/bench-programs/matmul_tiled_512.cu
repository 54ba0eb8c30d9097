// Benchmark: tiled matrix multiply, 512x512 floats, 16x16 tiles in shared memory; prints a checksum.
#include <stdio.h>

#define N 512
#define TILE 16

__global__ void matmul(const float *A, const float *B, float *C, int n)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float sum = 0.0f;
    for (int t = 0; t < n / TILE; t++) {
        As[ty][tx] = A[row * n + t * TILE + tx];
        Bs[ty][tx] = B[(t * TILE + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            sum += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    C[row * n + col] = sum;
}

int main()
{
    static float hA[N * N], hB[N * N], hC[N * N];
    for (int i = 0; i < N * N; i++) {
        hA[i] = (float)((i * 7) % 13) / 13.0f;
        hB[i] = (float)((i * 5) % 11) / 11.0f;
    }
    float *A, *B, *C;
    size_t bytes = N * N * sizeof(float);
    cudaMalloc((void **)&A, bytes);
    cudaMalloc((void **)&B, bytes);
    cudaMalloc((void **)&C, bytes);
    cudaMemcpy(A, hA, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(B, hB, bytes, cudaMemcpyHostToDevice);
    dim3 block(TILE, TILE);
    dim3 grid(N / TILE, N / TILE);
    matmul<<<grid, block>>>(A, B, C, N);
    cudaMemcpy(hC, C, bytes, cudaMemcpyDeviceToHost);
    double sum = 0;
    for (int i = 0; i < N * N; i++) sum += hC[i];
    printf("checksum %.6f C[0]=%.6f C[last]=%.6f\n", sum, hC[0], hC[N * N - 1]);
    cudaFree(A); cudaFree(B); cudaFree(C);
    return 0;
}
