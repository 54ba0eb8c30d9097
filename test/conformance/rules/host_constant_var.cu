// Host code that reads and writes a __constant__ variable.
#include <cstdio>
__constant__ int k = 7;
__global__ void show() { printf("device k = %d\n", k); }
int main() {
    printf("host k = %d\n", k);
    k = 9;
    printf("host k after write = %d\n", k);
    show<<<1, 1>>>();
    cudaDeviceSynchronize();
    return 0;
}
