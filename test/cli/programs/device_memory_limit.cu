// A 60 GiB allocation succeeds on an H100; touching it 5 GiB in is past what Warpscope backs.
#include <cstdio>

int main()
{
    char *p;
    printf("cudaMalloc: %s\n", cudaGetErrorName(cudaMalloc(&p, (size_t)60 << 30)));
    fflush(stdout);
    printf("memset next\n");
    fflush(stdout);
    cudaMemset(p + ((size_t)5 << 30), 1, 4096);
    printf("not reached\n");
    return 0;
}
