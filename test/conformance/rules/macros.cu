// Preprocessor: object-like and function-like macros, # stringizing, ## pasting, variadic
// macros with __VA_ARGS__, macros without parentheses (precedence surprises), #if/#ifdef/#elif,
// nested expansion, __LINE__, predefined __CUDA_ARCH__ in device code.
#include <stdio.h>

#define N 4
#define SQUARE(x) x * x
#define SQUARE_OK(x) ((x) * (x))
#define STR(x) #x
#define XSTR(x) STR(x)
#define CAT(a, b) a##b
#define MAKE_VAR(n) var_##n
#define LOG(fmt, ...) printf("[log] " fmt "\n", __VA_ARGS__)
#define LOG0(...) printf(__VA_ARGS__)
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define TPB (N * 2) + 1
#define DEBUG_LEVEL 2

__global__ void kernel()
{
#ifdef __CUDA_ARCH__
    printf("dev: __CUDA_ARCH__=%d\n", __CUDA_ARCH__);
#endif
    int var_1 = 11, var_2 = 22;
    printf("dev: SQUARE(1+2)=%d SQUARE_OK(1+2)=%d CAT=%d MAKE_VAR(2)=%d TPB*2=%d\n",
           SQUARE(1 + 2), SQUARE_OK(1 + 2), CAT(var_, 1), MAKE_VAR(2), TPB * 2);
    LOG("dev thread %d of %d, %s", (int)threadIdx.x, (int)blockDim.x, STR(threadIdx.x));
}

int main()
{
    int var_1 = 1, var_2 = 2, x = 3;
    printf("SQUARE(x+1)=%d SQUARE_OK(x+1)=%d\n", SQUARE(x + 1), SQUARE_OK(x + 1));
    printf("STR(a + b)=%s XSTR(N)=%s STR(N)=%s\n", STR(a + b), XSTR(N), STR(N));
    printf("CAT(var_, 1)=%d MAKE_VAR(2)=%d CAT(1, 5)=%d\n", CAT(var_, 1), MAKE_VAR(2), CAT(1, 5));
    int mx = MAX(x++, 2);
    printf("MAX(x++, 2)=%d x=%d\n", mx, x);
    printf("TPB=%d TPB*2=%d (TPB)*2=%d\n", TPB, TPB * 2, (TPB) * 2);
    LOG("%d + %d = %d", 2, 3, 2 + 3);
    LOG0("variadic only: %s %d\n", "ok", 7);
#if DEBUG_LEVEL > 3
    printf("debug > 3\n");
#elif DEBUG_LEVEL == 2
    printf("debug == 2\n");
#else
    printf("debug other\n");
#endif
#ifndef __CUDA_ARCH__
    printf("host: __CUDA_ARCH__ undefined\n");
#endif
#undef N
#define N 10
    printf("N redefined = %d, line %d\n", N, __LINE__);
    fflush(stdout);
    kernel<<<1, 2>>>();
    printf("status: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
