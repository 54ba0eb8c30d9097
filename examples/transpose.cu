// Transpose 4, shared-memory tile padded to TILE_SIZE+1 columns: no bank conflicts
// (seed 003, "transpose4 (no bank conf)"). The notes name the kernel transpose3 again and write
// "#define TILE_SIZE" with no value; here it is transpose4 and TILE_SIZE is 16.
// Only added: host code.
#include <stdio.h>
#include <stdlib.h>

#define SIZE 128

#define TILE_SIZE 16
__global__ void transpose4(int rows, int cols, float *in, float *out) {
    __shared__ float tile[TILE_SIZE][TILE_SIZE+1];

    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[j*cols+i];

    __syncthreads();

    i = blockIdx.y * blockDim.y + threadIdx.x;
    j = blockIdx.x * blockDim.x + threadIdx.y;
    out[j*rows+i] = tile[threadIdx.x][threadIdx.y];
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
    transpose4<<<dim3(cols / TILE_SIZE, rows / TILE_SIZE), dim3(TILE_SIZE, TILE_SIZE)>>>(rows, cols, d_in, d_out);
    cudaError_t err = cudaDeviceSynchronize();
    cudaMemcpy(out, d_out, bytes, cudaMemcpyDeviceToHost);
    int mismatches = 0;
    double checksum = 0;
    for (int k = 0; k < rows * cols; k++) {
        if (out[k] != ref[k]) mismatches++;
        checksum += (double)out[k] * (k % 97 + 1);
    }
    printf("transpose4 %dx%d: status=%s mismatches=%d checksum=%.1f\n", rows, cols,
           cudaGetErrorName(err), mismatches, checksum);
    printf("out[0]=%g out[1]=%g out[2]=%g out[%d]=%g out[%d]=%g out[last]=%g\n",
           out[0], out[1], out[2], cols, out[cols], 5 * cols + 3, out[5 * cols + 3],
           out[rows * cols - 1]);
    return 0;
}
