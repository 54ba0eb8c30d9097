#include <cstdio>

__global__ void spin(int *flag)
{
    while (*flag == 0) { }
}

int main()
{
    int *flag;
    cudaMalloc(&flag, sizeof(int));
    cudaMemset(flag, 0, sizeof(int));
    printf("launching\n");
    spin<<<1, 32>>>(flag);
    cudaDeviceSynchronize();
    printf("never printed\n");
    return 0;
}
