// argc/argv: reads an int from argv[1] (default 5 when absent), echoes every argument, and
// launches that many threads. The golden runs with the arguments in argv_int.args.
#include <stdio.h>
#include <stdlib.h>

__global__ void k(int n, int *out) { int t = threadIdx.x; if (t < n) out[t] = t * n; }

int main(int argc, char **argv)
{
    printf("argc=%d\n", argc);
    for (int i = 1; i < argc; i++) printf("argv[%d]=\"%s\"\n", i, argv[i]);
    int n = argc > 1 ? atoi(argv[1]) : 5;
    if (n <= 0 || n > 1024) { printf("bad n %d\n", n); return 2; }
    int *d, h[1024];
    cudaMalloc((void **)&d, n * sizeof(int));
    k<<<1, n>>>(n, d);
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    long sum = 0;
    for (int i = 0; i < n; i++) sum += h[i];
    printf("n=%d sum=%ld last=%d\n", n, sum, h[n - 1]);
    return n % 7;
}
