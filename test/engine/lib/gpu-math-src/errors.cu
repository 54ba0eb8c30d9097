#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
int main(){
  const char* un = cudaGetErrorName((cudaError_t)5555);
  const char* us = cudaGetErrorString((cudaError_t)5555);
  printf("unknown\t%s\t%s\n", un, us);
  for (int c = 0; c <= 20000; c++) {
    const char* n = cudaGetErrorName((cudaError_t)c);
    const char* s = cudaGetErrorString((cudaError_t)c);
    if (strcmp(n, un) == 0 && strcmp(s, us) == 0) continue;
    printf("%d\t%s\t%s\n", c, n, s);
  }
  return 0;
}
