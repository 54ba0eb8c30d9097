// glibc rand()/srand() on the host: the values a simulator must reproduce exactly, and the
// usual ways of scaling them (rand() % n, rand() / (float)RAND_MAX), then used as kernel input.
#include <stdio.h>
#include <stdlib.h>

__global__ void square(int *v, int n) { int i = threadIdx.x; if (i < n) v[i] = (v[i] % 1000) * (v[i] % 1000); }

int main()
{
    printf("RAND_MAX=%d\n", RAND_MAX);
    printf("unseeded:");
    for (int i = 0; i < 5; i++) printf(" %d", rand());
    printf("\n");
    srand(42);
    int v[16];
    printf("srand(42):");
    for (int i = 0; i < 16; i++) { v[i] = rand(); printf(" %d", v[i]); }
    printf("\n");
    printf("rand()%%100:");
    for (int i = 0; i < 10; i++) printf(" %d", rand() % 100);
    printf("\nrand()/(float)RAND_MAX:");
    for (int i = 0; i < 5; i++) printf(" %.9g", rand() / (float)RAND_MAX);
    printf("\n");
    srand(1);
    printf("srand(1): %d %d %d\n", rand(), rand(), rand());
    srand(0);
    printf("srand(0): %d %d %d\n", rand(), rand(), rand());
    srand(42);
    printf("srand(42) again: %d %d\n", rand(), rand());
    int *d;
    cudaMalloc((void **)&d, sizeof(v));
    cudaMemcpy(d, v, sizeof(v), cudaMemcpyHostToDevice);
    square<<<1, 16>>>(d, 16);
    cudaMemcpy(v, d, sizeof(v), cudaMemcpyDeviceToHost);
    printf("squares of (rand %% 1000):");
    for (int i = 0; i < 16; i++) printf(" %d", v[i]);
    printf("\n");
    return 0;
}
