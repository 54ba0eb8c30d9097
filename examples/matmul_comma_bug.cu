// Element-wise integer matrix multiply (seed 002, "3. Each element of resultant matrix to be
// computed by one thread").
// The notes launch it as  multiplyKernel_b<<<(1, 1), (wb,ha)>>>(d_a, d_b, d_c, wa);
// In C, (1, 1) and (wb,ha) are COMMA expressions: the launch is <<<1, ha>>>, a 1D block of
// ha = 2 threads, so threadIdx.y is always 0 and wb = blockDim.x = 2: the result is wrong.
// This program runs the launch as written (kernel name fixed to the one defined), and then
// the intended launch with dim3 grid(1,1) and block(wb,ha). c is zeroed before each launch.
#include <stdio.h>

__global__ void multiplyKernel_elementwise(int * a, int * b, int * c, int wa)
{
    int ridA = threadIdx.y;
    int cidB= threadIdx.x;
    int wb = blockDim.x;
    int sum=0, k;

    for( k = 0; k < wa; k++)
    {
        sum += (a[ridA * wa + k] * b[k * wb + cidB]);
    }
    c[ridA * wb + cidB] =sum;
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
    multiplyKernel_elementwise<<<(1, 1), (wb,ha)>>>(d_a, d_b, d_c, wa);
    cudaMemcpy(h_c, d_c, sizeof(h_c), cudaMemcpyDeviceToHost);
    print_matrix("c as written: <<<(1, 1), (wb,ha)>>> = <<<1, 2>>>", h_c, ha, wb);

    cudaMemset(d_c, 0, sizeof(h_c));
    dim3 grid(1, 1);
    dim3 block(wb, ha);
    multiplyKernel_elementwise<<<grid, block>>>(d_a, d_b, d_c, wa);
    cudaMemcpy(h_c, d_c, sizeof(h_c), cudaMemcpyDeviceToHost);
    print_matrix("c intended: <<<dim3(1,1), dim3(wb,ha)>>>", h_c, ha, wb);
    printf("status: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
