// The order in which a call's arguments are evaluated: gcc (nvcc's host compiler) goes right
// to left on x86-64; device code is compiled by nvcc's own front end.
#include <stdio.h>

__device__ int dcount;
__device__ int dnext() { return ++dcount; }
static int hcount;
static int hnext() { return ++hcount; }
__device__ int dsum3(int a, int b, int c) { return a * 100 + b * 10 + c; }
static int hsum3(int a, int b, int c) { return a * 100 + b * 10 + c; }

__global__ void k()
{
    dcount = 0;
    printf("dev printf: %d %d %d\n", dnext(), dnext(), dnext());
    int s = dsum3(dnext(), dnext(), dnext());
    printf("dev call: %d\n", s);
    int i = 0;
    int arr[3] = {i++, i++, i++};
    printf("dev init list: %d %d %d\n", arr[0], arr[1], arr[2]);
}

int main()
{
    printf("host printf: %d %d %d\n", hnext(), hnext(), hnext());
    int s = hsum3(hnext(), hnext(), hnext());
    printf("host call: %d\n", s);
    int i = 0;
    int arr[3] = {i++, i++, i++};
    printf("host init list: %d %d %d\n", arr[0], arr[1], arr[2]);
    k<<<1, 1>>>();
    cudaDeviceSynchronize();
    return 0;
}
