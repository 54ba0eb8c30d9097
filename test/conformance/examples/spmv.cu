// Sparse matrix-vector multiply in CSR format (seed 002, "Sequential Sparse-Matrix Vector
// Multiplication" and the parallel SpMV_CSR kernel), on the notes' 4x4 example:
//   Row 0: 3 0 1 0   Row 1: 0 0 0 0   Row 2: 0 2 4 1   Row 3: 1 0 0 1
//   data = {3,1,2,4,1,1,1}  col_index = {0,2,1,2,3,0,3}  row_ptr = {0,2,2,5,7}
// Only added: host code, x = {1,2,3,4}, y = 0 before the sequential version (it does y[row] +=),
// and "introw"/"intelem" are "int row"/"int elem" (the notes lost the space).
#include <stdio.h>

__global__ void SpMV_CSR(int num_rows, float *data, int *col_index,
   int *row_ptr, float *x, float *y) {

    int row = blockIdx.x * blockDim.x + threadIdx.x;

    if (row < num_rows) {
        float dot = 0;
        int row_start = row_ptr[row];
        int row_end = row_ptr[row+1];
        for (int elem = row_start; elem < row_end; elem++) {
            dot += data[elem] * x[col_index[elem]];
        }
        y[row] = dot;
    }
}

static void spmv_sequential(int num_rows, float *data, int *col_index, int *row_ptr,
                            float *x, float *y)
{
    for (int row = 0; row < num_rows; row++) {
        float dot = 0;
        int row_start = row_ptr[row];
        int row_end = row_ptr[row+1];

        for (int elem = row_start; elem < row_end; elem++) {
            dot += data[elem] * x[col_index[elem]];
        }

        y[row] += dot;
    }
}

int main()
{
    const int num_rows = 4;
    float data[7] = {3, 1, 2, 4, 1, 1, 1};
    int col_index[7] = {0, 2, 1, 2, 3, 0, 3};
    int row_ptr[5] = {0, 2, 2, 5, 7};
    float x[4] = {1, 2, 3, 4};
    float y_seq[4] = {0, 0, 0, 0};
    float y_gpu[4] = {-1, -1, -1, -1};
    spmv_sequential(num_rows, data, col_index, row_ptr, x, y_seq);

    float *d_data, *d_x, *d_y;
    int *d_col, *d_ptr;
    cudaMalloc((void **)&d_data, sizeof(data));
    cudaMalloc((void **)&d_x, sizeof(x));
    cudaMalloc((void **)&d_y, sizeof(y_gpu));
    cudaMalloc((void **)&d_col, sizeof(col_index));
    cudaMalloc((void **)&d_ptr, sizeof(row_ptr));
    cudaMemcpy(d_data, data, sizeof(data), cudaMemcpyHostToDevice);
    cudaMemcpy(d_x, x, sizeof(x), cudaMemcpyHostToDevice);
    cudaMemcpy(d_y, y_gpu, sizeof(y_gpu), cudaMemcpyHostToDevice);
    cudaMemcpy(d_col, col_index, sizeof(col_index), cudaMemcpyHostToDevice);
    cudaMemcpy(d_ptr, row_ptr, sizeof(row_ptr), cudaMemcpyHostToDevice);
    // 2 blocks of 3 threads: 6 threads for 4 rows, the last 2 fail the row test
    SpMV_CSR<<<2, 3>>>(num_rows, d_data, d_col, d_ptr, d_x, d_y);
    cudaError_t err = cudaDeviceSynchronize();
    cudaMemcpy(y_gpu, d_y, sizeof(y_gpu), cudaMemcpyDeviceToHost);
    for (int r = 0; r < num_rows; r++)
        printf("y[%d]: sequential=%g gpu=%g\n", r, y_seq[r], y_gpu[r]);
    printf("status: %s\n", cudaGetErrorName(err));
    return 0;
}
