// Tiled 1D convolution with halo elements (seed 002, "Tiled 1D Convolution with Halo
// Elements"): the notes' example of a 16-element convolution with 4 blocks of 4 threads,
// mask width 5 (n = 2) in constant memory, ghost elements 0.
// Note (blockIdx.x - 1) in block 0: blockIdx.x is unsigned, so the product wraps around
// modulo 2^32 and only the conversion to int makes halo_index_left negative.
// Only added: host code, TILE_SIZE 4, the kernel's closing brace.
#include <stdio.h>

#define MAX_MASK_WIDTH 10
#define TILE_SIZE 4
__constant__ float M[MAX_MASK_WIDTH];

__global__ void convolution_1D_basic_kernel(float *N, float *P, int
Mask_Width,
    int Width) {

    int i = blockIdx.x*blockDim.x + threadIdx.x;
    __shared__ float N_ds[TILE_SIZE + MAX_MASK_WIDTH - 1];

    int n = Mask_Width/2;

    int halo_index_left = (blockIdx.x - 1)*blockDim.x + threadIdx.x;
    if (threadIdx.x >= blockDim.x - n) {
        N_ds[threadIdx.x - (blockDim.x - n)] =
            (halo_index_left < 0) ? 0 : N[halo_index_left];
    }

    N_ds[n + threadIdx.x] = N[blockIdx.x*blockDim.x + threadIdx.x];

    int halo_index_right = (blockIdx.x + 1)*blockDim.x + threadIdx.x;
    if (threadIdx.x < n) {
        N_ds[n + blockDim.x + threadIdx.x] =
            (halo_index_right >= Width) ? 0 : N[halo_index_right];
    }

    __syncthreads();

    float Pvalue = 0;
    for(int j = 0; j < Mask_Width; j++) {
        Pvalue += N_ds[threadIdx.x + j]*M[j];
    }
    P[i] = Pvalue;
}

int main()
{
    const int Width = 16, Mask_Width = 5;
    float h_N[Width], h_P[Width], ref[Width];
    for (int i = 0; i < Width; i++) h_N[i] = (float)(i + 1);
    float h_M[Mask_Width] = {3, 4, 5, 4, 3};
    for (int i = 0; i < Width; i++) {
        float v = 0;
        for (int j = 0; j < Mask_Width; j++) {
            int k = i - Mask_Width / 2 + j;
            if (k >= 0 && k < Width) v += h_N[k] * h_M[j];
        }
        ref[i] = v;
    }
    float *d_N, *d_P;
    cudaMalloc((void **)&d_N, sizeof(h_N));
    cudaMalloc((void **)&d_P, sizeof(h_P));
    cudaMemcpy(d_N, h_N, sizeof(h_N), cudaMemcpyHostToDevice);
    cudaMemcpyToSymbol(M, h_M, Mask_Width * sizeof(float));
    convolution_1D_basic_kernel<<<Width / TILE_SIZE, TILE_SIZE>>>(d_N, d_P, Mask_Width, Width);
    cudaError_t err = cudaDeviceSynchronize();
    cudaMemcpy(h_P, d_P, sizeof(h_P), cudaMemcpyDeviceToHost);
    for (int i = 0; i < Width; i++) printf("P[%d] = %g (reference %g)\n", i, h_P[i], ref[i]);
    printf("status: %s\n", cudaGetErrorName(err));
    return 0;
}
