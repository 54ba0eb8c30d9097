// Threads & blocks indexing (seed 004, section 2.2), as written: note the format string
// "Hi from GPU\n, from thread id %d and block id %d" has its '\n' in the middle and none at the
// end, so the notes' pretty output is not what printf gives. Only added: main() of 2.1.1.
#include <stdio.h>
#define N_THREADS 4
#define N_BLOCKS 2
__global__
void hi_from_gpu(){
    printf("Hi from GPU\n, from thread id %d and block id %d",
        threadIdx.x, blockIdx.x);
}

int main(){
    printf("Hi from CPU\n");
    hi_from_gpu<<<N_BLOCKS,N_THREADS>>>();
    cudaDeviceSynchronize();
    printf("\nback on the CPU\n");
    return 0;
}
