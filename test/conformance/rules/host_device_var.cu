// Host code that reads and writes a __device__ variable: nvcc warns and the host gets its own
// shadow copy (initialised from the initialiser); host writes never reach the device.
#include <cstdio>
__device__ int counter = 5;
__device__ float arr[3] = {1.5f, 2.5f, 3.5f};
__global__ void show() {
    printf("device counter = %d, arr[1] = %.1f\n", counter, arr[1]);
    counter += 1;
}
int main() {
    printf("host counter = %d\n", counter);
    counter = 3;
    arr[1] = 9.0f;
    printf("host counter after write = %d, arr[1] = %.1f\n", counter, arr[1]);
    show<<<1, 1>>>();
    cudaDeviceSynchronize();
    show<<<1, 1>>>();
    cudaDeviceSynchronize();
    printf("host counter at end = %d\n", counter);
    int v = 0;
    cudaMemcpyFromSymbol(&v, counter, sizeof v);
    printf("device counter by symbol = %d\n", v);
    return 0;
}
