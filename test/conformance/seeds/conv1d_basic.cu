// Basic 1D convolution (seed 002, convolution_1D_basic_kernel with the mask M passed as a
// pointer), on the notes' example N = {1,2,3,4,5,6,7}, M = {3,4,5,4,3}: P[1] = 38, P[2] = 57.
// Ghost elements outside N count as 0. Only added: host code ("_global_" is __global__).
#include <stdio.h>

__global__ void convolution_1D_basic_kernel(float *N, float *M, float *P,
int Mask_Width, int Width) {

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
    const int Width = 7, Mask_Width = 5;
    float h_N[Width] = {1, 2, 3, 4, 5, 6, 7};
    float h_M[Mask_Width] = {3, 4, 5, 4, 3};
    float h_P[Width];
    float *d_N, *d_M, *d_P;
    cudaMalloc((void **)&d_N, sizeof(h_N));
    cudaMalloc((void **)&d_M, sizeof(h_M));
    cudaMalloc((void **)&d_P, sizeof(h_P));
    cudaMemcpy(d_N, h_N, sizeof(h_N), cudaMemcpyHostToDevice);
    cudaMemcpy(d_M, h_M, sizeof(h_M), cudaMemcpyHostToDevice);
    // exactly Width threads: the kernel has no "i < Width" test
    convolution_1D_basic_kernel<<<1, Width>>>(d_N, d_M, d_P, Mask_Width, Width);
    cudaError_t err = cudaDeviceSynchronize();
    cudaMemcpy(h_P, d_P, sizeof(h_P), cudaMemcpyDeviceToHost);
    for (int i = 0; i < Width; i++) printf("P[%d] = %g\n", i, h_P[i]);
    printf("status: %s\n", cudaGetErrorName(err));
    return 0;
}
