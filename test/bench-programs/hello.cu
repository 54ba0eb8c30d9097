// Benchmark: startup cost (compile and run a trivial program).
#include <stdio.h>

__global__ void hello() { printf("hello from thread %d\n", threadIdx.x); }

int main()
{
    hello<<<1, 4>>>();
    cudaDeviceSynchronize();
    return 0;
}
