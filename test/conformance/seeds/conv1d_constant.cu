// 1D convolution with the mask in constant memory (seed 002, "Constant Memory and Caching"):
// #define MAX_MASK_WIDTH 10, __constant__ float M[MAX_MASK_WIDTH], filled with
// cudaMemcpyToSymbol(M, h_M, Mask_Width * sizeof(float)); the kernel reads M as a global.
// N = 1..16 and M = {3,4,5,4,3}; 4 blocks of 4 threads. Only added: host code
// ("_global_" is __global__, "ba sic" is basic).
#include <stdio.h>

#define MAX_MASK_WIDTH 10
__constant__ float M[MAX_MASK_WIDTH];

__global__ void convolution_1D_basic_kernel(float *N, float *P, int Mask_Width,
int Width) {

    int i = blockIdx.x*blockDim.x + threadIdx.x;

    float Pvalue = 0;
    int N_start_point = i - (Mask_Width/2);
    for (int j = 0; j < Mask_Width; j++) {
        if (N_start_point + j >= 0 && N_start_point + j < Width) {
            Pvalue += N[N_start_point + j]*M[j];
        }
    }
    P[i] = Pvalue;
}

int main()
{
    const int Width = 16, Mask_Width = 5;
    float h_N[Width], h_P[Width];
    for (int i = 0; i < Width; i++) h_N[i] = (float)(i + 1);
    float h_M[Mask_Width] = {3, 4, 5, 4, 3};
    float *d_N, *d_P;
    cudaMalloc((void **)&d_N, sizeof(h_N));
    cudaMalloc((void **)&d_P, sizeof(h_P));
    cudaMemcpy(d_N, h_N, sizeof(h_N), cudaMemcpyHostToDevice);
    cudaError_t e1 = cudaMemcpyToSymbol(M, h_M, Mask_Width * sizeof(float));
    convolution_1D_basic_kernel<<<4, 4>>>(d_N, d_P, Mask_Width, Width);
    cudaError_t e2 = cudaDeviceSynchronize();
    cudaMemcpy(h_P, d_P, sizeof(h_P), cudaMemcpyDeviceToHost);
    for (int i = 0; i < Width; i++) printf("P[%d] = %g\n", i, h_P[i]);
    float back[MAX_MASK_WIDTH];
    cudaMemcpyFromSymbol(back, M, sizeof(back));
    printf("M in constant memory:");
    for (int j = 0; j < MAX_MASK_WIDTH; j++) printf(" %g", back[j]);
    printf("\n");
    printf("cudaMemcpyToSymbol: %s, kernel: %s\n", cudaGetErrorName(e1), cudaGetErrorName(e2));
    return 0;
}
