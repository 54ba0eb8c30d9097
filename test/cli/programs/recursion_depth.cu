// Recursion as deep as argv[1] says, on the host (argv[2] absent) or on the device (argv[2] = "device").
#include <cstdio>
#include <cstdlib>
#include <cstring>

int depth(int n) { return n == 0 ? 0 : 1 + depth(n - 1); }

__device__ int ddepth(int n) { return n == 0 ? 0 : 1 + ddepth(n - 1); }

__global__ void kernel(int n, int *out) { *out = ddepth(n); }

int main(int argc, char **argv)
{
    int n = atoi(argv[1]);
    printf("depth %d\n", n);
    if (argc > 2 && strcmp(argv[2], "device") == 0) {
        int *d, h = 0;
        cudaMalloc(&d, sizeof(int));
        kernel<<<1, 1>>>(n, d);
        cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
        printf("%d %s\n", h, cudaGetErrorName(cudaGetLastError()));
    } else {
        printf("%d\n", depth(n));
    }
    return 0;
}
