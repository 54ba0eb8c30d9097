// Vector addition (seed 004, Listing 2), as written: 64 blocks of 512 threads, doubles.
// Only added: init_host_vector (a[i] = i, b[i] = 2*i, "simple 0, 1, 2, 3, ...") and
// check_result, which the notes declare but do not show.
#include "stdio.h"
#include <stdlib.h>
#define N_THREADS 512
#define N_BLOCKS 64
void init_host_vector(double *a, double *b);
void check_result(double *res);

__global__
void add_vec(double *a, double *b, double *res){
    //compute the index
    int id = blockIdx.x*blockDim.x+threadIdx.x;
    if(id < N_THREADS*N_BLOCKS){
        res[id] = a[id] + b[id];
    }
}

int main(){
    const int size_in_bytes =N_THREADS*N_BLOCKS*sizeof(double);
    //initialize the data on HOST

    //malloc() (C) or new (C++)
    double *hst_a = (double *)malloc(size_in_bytes);
    double *hst_b = (double *)malloc(size_in_bytes);

    double *hst_res = (double *)malloc(size_in_bytes);
    init_host_vector(hst_a, hst_b);

    //allocate memory on GPU
    double* dv_a;     cudaMalloc(&dv_a, size_in_bytes);
    double* dv_b;     cudaMalloc(&dv_b, size_in_bytes);

    double* dv_res; cudaMalloc(&dv_res, size_in_bytes);
    cudaMemcpy(dv_a, hst_a, size_in_bytes, cudaMemcpyHostToDevice);

    cudaMemcpy(dv_b, hst_b, size_in_bytes, cudaMemcpyHostToDevice);
    add_vec<<<N_BLOCKS, N_THREADS>>>(dv_a, dv_b, dv_res);

    cudaDeviceSynchronize();
    cudaMemcpy( hst_res, dv_res, size_in_bytes, cudaMemcpyDeviceToHost );

    check_result(hst_res);

    cudaFree(dv_res);    free(hst_res);

    cudaFree(dv_a);      free(hst_a);
    cudaFree(dv_b);      free(hst_b);
    return 0;
}

void init_host_vector(double *a, double *b){
    for (int i = 0; i < N_THREADS*N_BLOCKS; i++) {
        a[i] = i;
        b[i] = 2.0 * i;
    }
}

void check_result(double *res){
    int errors = 0;
    double sum = 0;
    for (int i = 0; i < N_THREADS*N_BLOCKS; i++) {
        if (res[i] != 3.0 * i) errors++;
        sum += res[i];
    }
    printf("n=%d errors=%d sum=%.1f res[0]=%g res[1]=%g res[32767]=%g\n",
           N_THREADS*N_BLOCKS, errors, sum, res[0], res[1], res[N_THREADS*N_BLOCKS-1]);
}
