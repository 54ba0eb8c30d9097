// Hello from CUDA (seed 004, section 2.1.1), as written: 2 blocks of 4 threads, printf from
// each thread. Expected: "Hi from CPU" then 8 times "Hi from GPU".
#include <stdio.h> //for printf()
#define N_THREADS 4 //number of threads
#define N_BLOCKS 2 //number of block

__global__ //declaration specifier
void hi_from_gpu(){ //kernel
    printf("Hi from GPU\n");
}

int main(){
    printf("Hi from CPU\n");
    //invoking kernel
    hi_from_gpu<<<N_BLOCKS,N_THREADS>>>();
    cudaDeviceSynchronize();
    //synchronize CUDA program
    return 0;
}
