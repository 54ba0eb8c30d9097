// Transpose 2, one thread per element on a 2D grid (seed 003, "2D transpose"): 16x16 blocks,
// SIZE/16 x SIZE/16 grid. Only added: host code.
#include <stdio.h>
#include <stdlib.h>

#define SIZE 128

__global__ void transpose2(int rows, int cols, float *in, float *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;

    out[i*rows+j] = in[j*cols+i];
}

void reference_transpose(int rows, int cols, float *in, float *out) {
    for (int i = 0; i < rows; ++i) {
        for (int j = 0; j < cols; ++j) {
            out[i*rows+j] = in[j*cols+i];
        }
    }
}

int main()
{
    const int rows = SIZE, cols = SIZE;
    size_t bytes = (size_t)rows * cols * sizeof(float);
    float *in = (float *)malloc(bytes), *out = (float *)malloc(bytes), *ref = (float *)malloc(bytes);
    for (int k = 0; k < rows * cols; k++) in[k] = (float)k;
    reference_transpose(rows, cols, in, ref);
    float *d_in, *d_out;
    cudaMalloc((void **)&d_in, bytes);
    cudaMalloc((void **)&d_out, bytes);
    cudaMemcpy(d_in, in, bytes, cudaMemcpyHostToDevice);
    cudaMemset(d_out, 0, bytes);
    transpose2<<<dim3(cols / 16, rows / 16), dim3(16, 16)>>>(rows, cols, d_in, d_out);
    cudaError_t err = cudaDeviceSynchronize();
    cudaMemcpy(out, d_out, bytes, cudaMemcpyDeviceToHost);
    int mismatches = 0;
    double checksum = 0;
    for (int k = 0; k < rows * cols; k++) {
        if (out[k] != ref[k]) mismatches++;
        checksum += (double)out[k] * (k % 97 + 1);
    }
    printf("transpose2 %dx%d: status=%s mismatches=%d checksum=%.1f\n", rows, cols,
           cudaGetErrorName(err), mismatches, checksum);
    printf("out[0]=%g out[1]=%g out[2]=%g out[%d]=%g out[%d]=%g out[last]=%g\n",
           out[0], out[1], out[2], cols, out[cols], 5 * cols + 3, out[5 * cols + 3],
           out[rows * cols - 1]);
    return 0;
}
