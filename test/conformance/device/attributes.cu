// Every cudaDeviceGetAttribute value of the device, by number, and the error for numbers past the end.
#include <stdio.h>

int main()
{
    for (int a = 1; a <= 140; a++) {
        int v = -12345;
        cudaError_t e = cudaDeviceGetAttribute(&v, (cudaDeviceAttr)a, 0);
        printf("%d %s %d\n", a, cudaGetErrorName(e), e == cudaSuccess ? v : -1);
        cudaGetLastError();
    }
    int v;
    cudaError_t e = cudaDeviceGetAttribute(&v, cudaDevAttrMaxThreadsPerBlock, 1);
    printf("device 1: %s\n", cudaGetErrorName(e));
    int dev = -1, count = -1;
    cudaGetDevice(&dev); cudaGetDeviceCount(&count);
    printf("device %d of %d\n", dev, count);
    return 0;
}
