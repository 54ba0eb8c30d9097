// memcheck: API errors (a double cudaFree, a copy with the wrong direction, freeing a host pointer) and a leak.
#include <stdio.h>
#include <stdlib.h>
int main()
{
    int *d, *leak, h[4] = {0};
    cudaMalloc(&d, 16);
    cudaMalloc(&leak, 1000);
    printf("%s\n", cudaGetErrorName(cudaMemcpy(d, h, 16, cudaMemcpyDeviceToHost)));
    printf("%s\n", cudaGetErrorName(cudaFree(h)));
    cudaFree(d);
    printf("%s\n", cudaGetErrorName(cudaFree(d)));
    return 0;
}
