#include <cstdio>
__global__ void k(int which) {
  if (which == 0) printf("L1|%*d|\n", 6, 12);
  if (which == 1) printf("L2|%.*f|\n", 2, 1.23456);
  if (which == 2) printf("M1|%f|\n", 1e300);
  if (which == 3) printf("M2|%f|\n", -2.5e-300);
  if (which == 4) printf("D1|%hhd|%d|\n", (char)-7, 5);
  if (which == 5) printf("D2|%lu|\n", 18446744073709551615ul);
  if (which == 6) printf("N1|%f|%f|%e|\n", __int_as_float(0x7fffffff) * 1.0, -__int_as_float(0x7fffffff) * 1.0, 0.0 / 0.0);
  if (which == 7) printf("C1|%c|%5c|%-3c|\n", 'A', 'B', 'C');
  if (which == 8) printf("S1|%10.3s|%-10s|\n", "abcdef", "xy");
  if (which == 9) printf("E1|%.0e|%#.0e|%g|%g|\n", 2.5, 3.0, 0.0001, 123456789.0);
}
int main() { for (int w = 0; w < 10; w++) { k<<<1, 1>>>(w); cudaError_t e = cudaDeviceSynchronize(); printf("[w=%d rc=%d]\n", w, (int)e); fflush(stdout); } return 0; }
