// Column-wise integer matrix multiply (seed 002, "2. Each column of resultant matrix to be
// computed by one thread"): one thread per column of c, wb threads in one block.
// Only added: host code; "int ridA" (undeclared in the notes); the launch names the kernel
// that is defined (the notes launch "multiplyKernel_b").
#include <stdio.h>

__global__ void multiplyKernel_colwise(int * a, int * b, int * c, int ha, int wa)
{
    int cidB = threadIdx.x;
    int wb = blockDim.x;
    int sum, k;
    int ridA;
    for(ridA = 0; ridA < ha; ridA++)
    {
        sum = 0;
        for( k=0; k< wa; k++)
        {
            sum += (a[ridA * wa + k] * b[k * wb + cidB]);
        }
        c[ridA * wb + cidB] =sum;
    }
}

static void print_matrix(const char *name, const int *m, int rows, int cols)
{
    printf("%s (%dx%d):\n", name, rows, cols);
    for (int r = 0; r < rows; r++) {
        for (int c = 0; c < cols; c++) printf(" %4d", m[r * cols + c]);
        printf("\n");
    }
}

int main()
{
    // the notes' example: a is 2x3, b is 3x3, c = a*b is 2x3 = {23 28 34; 87 84 76}
    const int ha = 2, wa = 3, hb = 3, wb = 3;
    int h_a[ha * wa] = {2, 3, 1, 4, 5, 7};
    int h_b[hb * wb] = {1, 8, 5, 4, 2, 7, 9, 6, 3};
    int h_c[ha * wb];
    int *d_a, *d_b, *d_c;
    cudaMalloc((void **)&d_a, sizeof(h_a));
    cudaMalloc((void **)&d_b, sizeof(h_b));
    cudaMalloc((void **)&d_c, sizeof(h_c));
    cudaMemcpy(d_a, h_a, sizeof(h_a), cudaMemcpyHostToDevice);
    cudaMemcpy(d_b, h_b, sizeof(h_b), cudaMemcpyHostToDevice);
    print_matrix("a", h_a, ha, wa);
    print_matrix("b", h_b, hb, wb);
    cudaMemset(d_c, 0, sizeof(h_c));
    multiplyKernel_colwise<<<1, wb>>>(d_a, d_b, d_c, ha, wa);
    cudaMemcpy(h_c, d_c, sizeof(h_c), cudaMemcpyDeviceToHost);
    print_matrix("c = a*b (column-wise, <<<1, wb>>>)", h_c, ha, wb);
    printf("status: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
