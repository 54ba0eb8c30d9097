// A kernel that never ends: the session must stay responsive and stop it on an interrupt.
#include <cstdio>

__global__ void spin(int *flag)
{
    while (*flag == 0) {
    }
}

int main()
{
    int *flag;
    cudaMalloc((void **)&flag, sizeof(int));
    cudaMemset(flag, 0, sizeof(int));
    spin<<<1, 32>>>(flag);
    cudaDeviceSynchronize();
    printf("never\n");
    return 0;
}
