// C integer semantics on host and on device (the same __host__ __device__ function runs on
// both; each line is printed twice, "host:" then "dev:"): integer promotions, usual arithmetic
// conversions, signed/unsigned comparisons, 32- and 64-bit wraparound, division and modulo of
// negatives, shifts, conversions between widths.
#include <stdio.h>
#include <limits.h>
#include <stdint.h>

__host__ __device__ void run(const char *who, int a, int b, unsigned u, long long big)
{
    unsigned char uc = 200, uc2 = 100;
    signed char sc = -100, sc2 = -100;
    short s = 30000;
    unsigned short us = 65535;
    printf("%s promo: uc+uc2=%d sc+sc2=%d s+s=%d us+1=%d (uc*uc2)=%d ~uc=%d -uc=%d\n", who,
           uc + uc2, sc + sc2, s + s, us + 1, uc * uc2, ~uc, -uc);
    printf("%s sizeof: char+char=%d short*short=%d u+i=%d ll+u=%d 'a'=%d\n", who,
           (int)sizeof(uc + uc2), (int)sizeof(s * s), (int)sizeof(u + a), (int)sizeof(big + u), (int)sizeof('a'));
    unsigned char wrapc = (unsigned char)(uc + uc2);
    signed char wrapsc = (signed char)(uc);
    short wraps = (short)(s + s);
    printf("%s narrow: (uchar)300=%d (schar)200=%d (short)60000=%d (uint)-1=%u (int)3000000000u=%d\n", who,
           wrapc, wrapsc, wraps, (unsigned)a * 0u + (unsigned)-1, (int)(u * 3u));
    printf("%s cmp: -1<1u=%d -1<1=%d -1L<1u=%d (ll)-1<1u=%d u>a=%d a<u=%d uc<sc=%d\n", who,
           -1 < 1u, -1 < 1, -1L < 1u, (long long)-1 < 1u, u > (unsigned)a, a < (int)u, uc < sc);
    printf("%s cmp2: (a<u)=%d with a=%d u=%u\n", who, a < u, a, u);
    int imax = INT_MAX, imin = INT_MIN;
    unsigned umax = UINT_MAX;
    printf("%s wrap32: INT_MAX+1=%d INT_MIN-1=%d UINT_MAX+1=%u 0u-1=%u imax*2=%d imin*-1=%d\n", who,
           (int)((unsigned)imax + 1u), (int)((unsigned)imin - 1u), umax + 1u, 0u - 1u,
           (int)((unsigned)imax * 2u), (int)(0u - (unsigned)imin));
    long long llmax = LLONG_MAX;
    unsigned long long ullmax = ULLONG_MAX;
    printf("%s wrap64: LLONG_MAX+1=%lld ULLONG_MAX+1=%llu ULLONG_MAX=%llu big*big=%lld big<<20=%lld\n", who,
           (long long)((unsigned long long)llmax + 1ull), ullmax + 1ull, ullmax,
           (long long)((unsigned long long)big * (unsigned long long)big), (long long)((unsigned long long)big << 20));
    int vals[6] = {7, -7, 7, -7, 1, -1};
    int divs[6] = {2, 2, -2, -2, 3, 3};
    for (int k = 0; k < 6; k++)
        printf("%s div: %d/%d=%d %d%%%d=%d\n", who, vals[k], divs[k], vals[k] / divs[k], vals[k], divs[k], vals[k] % divs[k]);
    printf("%s div64: -9000000000/7=%lld -9000000000%%7=%lld 9000000000u/7=%llu\n", who,
           -big / 7, -big % 7, (unsigned long long)big / 7ull);
    printf("%s divu: -7/2u=%u (unsigned)-7%%3u=%u a/b=%d a%%b=%d\n", who, -7 / 2u, (unsigned)-7 % 3u, a / b, a % b);
    printf("%s shift: 1<<31=%d 1u<<31=%u -16>>2=%d -1>>31=%d 0x80000000u>>31=%u 1ll<<40=%lld -1ll>>63=%lld\n", who,
           (int)(1u << 31), 1u << 31, -16 >> 2, -1 >> 31, 0x80000000u >> 31, 1ll << 40, -1ll >> 63);
    int sh = b + 29;  // run-time shift counts
    printf("%s shiftvar: 1<<sh=%d 0xff<<sh=%u u>>sh=%u a>>3=%d (uchar)(uc<<1)=%d uc<<1=%d\n", who,
           (int)(1u << sh), 0xffu << sh, u >> sh, a >> 3, (unsigned char)(uc << 1), uc << 1);
    printf("%s bits: a&b=%d a|b=%d a^b=%d ~a=%d !a=%d !!b=%d u^0xdeadbeef=%#x\n", who,
           a & b, a | b, a ^ b, ~a, !a, !!b, u ^ 0xdeadbeefu);
    printf("%s logic: (a>0&&b>0)=%d (a<0||b<0)=%d ternary=%d comma=%d\n", who,
           a > 0 && b > 0, a < 0 || b < 0, a > b ? a : b, (a, b));
    int x = 5;
    int y = x++ + 2;
    int z = ++x * 2;
    x += 3; x <<= 2; x %= 7; x ^= 12; x -= -5;
    printf("%s incdec: y=%d z=%d x=%d\n", who, y, z, x);
    int64_t i64 = -5; uint32_t u32 = 4000000000u; int16_t i16 = -2; uint8_t u8 = 255;
    printf("%s stdint: i64*u32=%lld u8+1=%d (uint8_t)(u8+1)=%d i16*u8=%d u32+u32=%u\n", who,
           (long long)(i64 * u32), u8 + 1, (uint8_t)(u8 + 1), i16 * u8, u32 + u32);
    char c = 'A';
    printf("%s chars: c+1=%d (char)(c+1)=%c 'z'-'a'=%d '0'+7=%c\n", who, c + 1, (char)(c + 1), 'z' - 'a', '0' + 7);
}

__global__ void kernel(int a, int b, unsigned u, long long big)
{
    run("dev: ", a, b, u, big);
}

int main()
{
    int a = -13, b = 2;
    unsigned u = 1000000000u;
    long long big = 9000000000ll;
    run("host:", a, b, u, big);
    fflush(stdout);
    kernel<<<1, 1>>>(a, b, u, big);
    cudaError_t e = cudaDeviceSynchronize();
    printf("status: %s\n", cudaGetErrorName(e));
    return 0;
}
