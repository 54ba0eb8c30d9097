#include <cstdio>
#define ALL(P) \
  P("A|%s|%5s|%-6s|%.2s|\n", "hello", "ab", "cd", "xyz"); \
  P("B|%s|\n", (const char*)0); \
  P("C|%d|%i|%u|%x|%X|%o|%c|\n", -42, 17, 4000000000u, 255u, 255u, 8u, 65); \
  P("D|%lld|%llx|%ld|%hd|%hhd|%lu|\n", -1234567890123ll, 0xdeadbeefcafeull, -5l, (short)-3, (char)-7, 18446744073709551615ul); \
  P("E|%f|%.3f|%10.4f|%-10.2f|%+f|% f|%#.0f|\n", 3.14159, 2.71828, -1.5, 0.125, 1.0, 2.0, 3.0); \
  P("F|%e|%.2E|%g|%G|%.3g|%#g|%g|%g|\n", 12345.678, 0.000123, 1e-5, 1e20, 123456.0, 1.0, 100000.0, 1000000.0); \
  P("G|%a|%A|%.2a|\n", 1.0, -0.1, 3.14159); \
  P("H|%f|%f|%f|%e|%g|\n", 1.0/0.0, -1.0/0.0, 0.0/0.0, -0.0, 1e300*1e10); \
  P("I|%.20f|%.30e|%f|\n", 0.1, 1.0/3.0, 1e22); \
  P("J|%p|%p|\n", (void*)0, (void*)0x1234abcd); \
  P("K|%5d|%-5d|%05d|%+d|% d|%.3d|%#x|%#o|%%|\n", 42, 42, 42, 42, 42, 7, 255u, 8u); \
  P("L|%*d|%.*f|%-*s|\n", 6, 12, 2, 1.23456, 4, "z"); \
  P("M|%f|%f|\n", 1e300, -2.5e-300);
__global__ void k() { ALL(printf) }
int main() { ALL(printf) fflush(stdout); printf("--device--\n"); fflush(stdout); k<<<1,1>>>(); cudaDeviceSynchronize(); return 0; }
