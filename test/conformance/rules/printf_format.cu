// printf conversions, flags, widths, precisions and length modifiers, on host (glibc) and on
// the device (CUDA's device printf), from the same __host__ __device__ function.
// Note: the device printf has no '*' width/precision: it prints "%.*f" literally.
#include <stdio.h>
#include <stddef.h>

__host__ __device__ void run(const char *w, double zero)
{
    int i = 42, n = -42;
    unsigned u = 3000000000u;
    long l = -1234567890123l;
    long long ll = 1234567890123456789ll;
    unsigned long long ull = 18446744073709551615ull;
    short sh = -1234;
    unsigned char c = 'Q';
    size_t z = 123456789;
    printf("%s d/i: [%d] [%i] [%5d] [%-5d|] [%05d] [%+d] [% d] [%+d] [% d] [%.4d] [%8.4d] [%-+6d|]\n", w,
           i, n, i, i, i, i, i, n, n, i, n, i);
    printf("%s u/x/X/o: [%u] [%x] [%X] [%o] [%#x] [%#X] [%#o] [%08x] [%#010x] [%-8x|] [%.0x] [%#.0o]\n", w,
           u, u, u, u, u, u, u, 255u, 255u, 255u, 0u, 0u);
    printf("%s len: [%ld] [%lld] [%llu] [%llx] [%hd] [%hu] [%lu]\n", w,
           l, ll, ull, ull, sh, (unsigned short)sh, (unsigned long)z);
#ifndef __CUDA_ARCH__
    // host only: on an H100 the device printf misreads the arguments after %hhu and %zu
    // (the output changed from run to run), so they are not part of the device golden
    printf("%s len host-only: [%hhd] [%hhu] [%zu] [%zd]\n", w, (signed char)200, (unsigned char)300, z, (ptrdiff_t)-5);
#endif
    printf("%s c/s: [%c] [%3c] [%-3c|] [%s] [%10s] [%-10s|] [%.3s] [%10.2s] [%%]\n", w,
           c, c, c, "hello", "hi", "hi", "truncate", "ab");
    double pi = 3.14159265358979, big = 1234567.891, small = 0.000012345;
    printf("%s f: [%f] [%.2f] [%10.3f] [%-10.1f|] [%+.3f] [% .3f] [%010.2f] [%.0f] [%#.0f] [%.0f] [%.0f] [%.0f]\n", w,
           pi, pi, pi, pi, pi, pi, -pi, 2.5, 2.5, 3.5, -0.5, 1e15);
    printf("%s e: [%e] [%.2e] [%E] [%12.3e] [%+e] [%.0e] [%#.0e] [%e]\n", w, big, big, small, pi, small, big, big, 0.0);
    printf("%s g: [%g] [%g] [%g] [%g] [%.3g] [%#g] [%G] [%g] [%g] [%.10g] [%.17g] [%g]\n", w,
           pi, big, small, 100000.0, 1234.5, 1.5, 1e-10, 1e6, 123456789.0, pi, 0.1, 0.0001);
    float f = 1.1f;
    printf("%s float arg: [%f] [%.9g] [%a]\n", w, f, f, 1.0);
    double inf = 1.0 / zero, nan_ = zero / zero, negz = -zero;
    printf("%s special: [%f] [%f] [%e] [%g] [%5.1f] [%-6f|] [%+f] [%F] [%G] [%f] [%g] [%+g] [%e]\n", w,
           inf, -inf, inf, -inf, inf, inf, inf, inf, -inf, negz, negz, negz, negz);
    printf("%s nan: [%f] [%g] [%e] [%5.1f] [%F]\n", w, nan_ > 0 ? nan_ : (nan_ < 0 ? nan_ : 0.0 * nan_ + nan_),
           nan_, nan_, nan_, nan_);
    printf("%s star: [%*d] [%-*d|] [%.*f] [%*.*f]\n", w, 6, i, 6, i, 3, pi, 9, 2, pi);
    printf("%s many: %d %d %d %d %d %d %d %d %d %d %d %d\n", w, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
    printf("%s mixed: %c%s%d%u%x%.1f%e\n", w, 'x', "y", -1, 1u, 0xabcu, 0.25, 1e-5);
    printf("%s no args, percent: 100%%\n", w);
}

__global__ void kernel(double zero) { run("dev: ", zero); }

int main()
{
    run("host:", 0.0);
    fflush(stdout);
    kernel<<<1, 1>>>(0.0);
    printf("status: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
