// Every lane of one warp updates the same cell in one statement: its atomics apply one lane
// after another, in lane order; of its plain stores, the last lane's stays.
#include <stdio.h>

__global__ void k(int *counter, int *cell)
{
    atomicAdd(&counter[0], 1);
    cell[0] = threadIdx.x + 1;
    counter[1] = 7;
}

int main()
{
    int *c;
    cudaMalloc(&c, 3 * sizeof(int));
    cudaMemset(c, 0, 3 * sizeof(int));
    k<<<1, 32>>>(c, c + 2);
    cudaDeviceSynchronize();
    return 0;
}
