// Tables of string literals, as students write them for printing: at global scope, as a local
// array, and in device memory.
#include <cstdio>
const char *names[] = {"add", "sub"};
__constant__ const char *cnames[] = {"mul", "div"};
__device__ const char *dnames[] = {"min", "max"};
__global__ void k() {
    const char *local[] = {"x", "y"};
    printf("%d: %s %s %s\n", threadIdx.x, cnames[threadIdx.x], dnames[threadIdx.x], local[threadIdx.x]);
}
int main() {
    const char *ops[3] = {"and", "or", "xor"};
    for (int i = 0; i < 2; i++) printf("%s %s\n", names[i], ops[i]);
    printf("%s\n", ops[2]);
    k<<<1, 2>>>();
    cudaDeviceSynchronize();
    return 0;
}
