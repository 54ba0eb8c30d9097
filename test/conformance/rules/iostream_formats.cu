// Host output through C++ streams, every form Warpscope offers: std::cout/std::cerr/std::clog with
// string literals, char arrays and pointers, chars (signed/unsigned, int8_t), bool, every integer
// type, float and double in the default format (%g, precision 6: 1e+06, -0, inf, nan), pointers,
// nullptr, std::endl, '\n' and std::flush, and the manipulators setw, setprecision, setfill,
// fixed, scientific, defaultfloat, hex, oct, dec, left, right and boolalpha. The order of cout
// text among printf and a kernel's device printf is program order (one stdio buffer); cerr and
// clog go to stderr (not in the golden) and a cerr write flushes cout first.
#include <cstdio>
#include <cstdint>
#include <cmath>
#include <iostream>
#include <iomanip>

#define CHECK(call)                                                              \
    do {                                                                         \
        cudaError_t err_ = (call);                                               \
        if (err_ != cudaSuccess) {                                               \
            std::cerr << "Error occured: " << cudaGetErrorString(err_) << std::endl; \
            return 1;                                                            \
        }                                                                        \
    } while (0)

__global__ void scale(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] / 3.0f + i;
    if (i == 0) printf("kernel: n = %d\n", n);
}

enum Phase { Load = 1, Compute = 2 };

int twice(int x)
{
    printf("(twice %d)", x);
    return 2 * x;
}

int main()
{
    using namespace std;
    const int n = 8;
    float h[n], r[n];
    for (int i = 0; i < n; i++) h[i] = (float)(i * i) - 4.5f;
    float *din, *dout;
    CHECK(cudaMalloc(&din, n * sizeof(float)));
    CHECK(cudaMalloc(&dout, n * sizeof(float)));
    CHECK(cudaMemcpy(din, h, sizeof(h), cudaMemcpyHostToDevice));

    cout << "launching " << n << " threads" << endl;
    printf("printf between\n");
    scale<<<1, n>>>(din, dout, n);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(r, dout, sizeof(r), cudaMemcpyDeviceToHost));
    std::cout << "results:";
    for (int i = 0; i < n; i++) std::cout << ' ' << r[i];
    std::cout << '\n';

    // Integers of every width, signed and unsigned, and the character types.
    short s = -12345;
    unsigned short us = 65535;
    int i32 = -2147483647 - 1;
    unsigned u32 = 4294967295u;
    long l = -1234567890123L;
    unsigned long ul = 18446744073709551615UL;
    long long ll = -9223372036854775807LL - 1;
    unsigned long long ull = 12345678901234567890ULL;
    size_t sz = sizeof(double);
    cout << s << ' ' << us << ' ' << i32 << ' ' << u32 << ' ' << l << ' ' << ul << ' ' << ll << ' ' << ull << ' ' << sz << endl;
    char c = 'A';
    signed char sc = 'b';
    unsigned char uc = 'C';
    int8_t i8 = 'd';
    uint8_t u8 = 'E';
    cout << c << sc << uc << i8 << u8 << ' ' << c + 1 << ' ' << (char)(c + 1) << ' ' << (int)uc << endl;
    cout << true << ' ' << false << ' ' << (3 > 2) << ' ' << Compute << endl;

    // Floating point in the default format, then with precision and the float fields.
    double third = 1.0 / 3.0;
    double zero = 0.0;
    float pi = 3.14159265f;
    cout << third << ' ' << pi << ' ' << 2.5f << ' ' << 100000.0 << ' ' << 1000000.0 << ' ' << 123456789.0 << ' ' << 1e-4 << ' ' << 1e-5 << endl;
    cout << -zero << ' ' << 1.0 / zero << ' ' << -1.0 / zero << ' ' << sqrt(-1.0 + zero) << ' ' << NAN << ' ' << 1e300 * 1e10 << ' ' << 0.1f << ' ' << 0.1 << endl;
    cout << setprecision(3) << third << ' ' << pi << ' ' << 1234.5 << ' ' << setprecision(10) << third << ' ' << pi << ' ' << setprecision(0) << 2.5 << endl;
    cout << fixed << setprecision(2) << third << ' ' << 2.5 << ' ' << 3.5 << ' ' << -0.001 << ' ' << 1e10 << ' ' << setprecision(0) << 0.5 << ' ' << 1.5 << endl;
    cout << scientific << setprecision(3) << third << ' ' << 123456.0 << ' ' << -0.000123 << ' ' << zero << defaultfloat << ' ' << third << endl;
    cout << setprecision(6);

    // Field width (one insertion only), fill, adjustment; bases; boolalpha.
    cout << '[' << setw(6) << 42 << "] [" << setw(6) << -4.5 << "] [" << setw(6) << "ab" << "] [" << setw(3) << 'x' << ']' << endl;
    cout << left << '[' << setw(6) << 42 << "] [" << setw(6) << "ab" << ']' << right << " [" << setw(6) << 7 << setw(2) << 8 << ']' << endl;
    cout << setfill('0') << setw(8) << 255 << ' ' << setw(8) << -255 << setfill('*') << ' ' << setw(5) << "z" << setfill(' ') << endl;
    cout << hex << 255 << ' ' << -1 << ' ' << s << ' ' << ull << ' ' << 0 << ' ' << 2.5 << dec << ' ' << 255 << ' ' << oct << 8 << ' ' << -8 << dec << endl;
    cout << boolalpha << true << ' ' << false << ' ' << setw(7) << true << noboolalpha << ' ' << true << endl;

    // Strings and pointers.
    char buf[16] = "char array";
    const char *lit = "const char *";
    char *p = buf + 5;
    cout << buf << " | " << lit << " | " << p << " | " << (const void *)0 << " | " << (void *)0x1234 << " | " << nullptr << endl;

    // Program order with printf, a call that prints while the chain runs, and stderr.
    printf("printf 1; ");
    cout << "cout 1; ";
    printf("printf 2\n");
    cout << "chain " << twice(3) << " then " << twice(4) << endl;
    cerr << "to stderr" << endl;
    clog << "to clog" << '\n';
    cout << "flushed" << flush << " and not" << '\n';
    cerr << "Error occured" << std::endl;
    cout << "Time elapsed given by " << 1.25f << endl;

    scale<<<1, 1>>>(din, dout, 1);
    cout << "after second launch, before sync" << endl;
    CHECK(cudaDeviceSynchronize());
    cout << "done" << endl;
    CHECK(cudaFree(din));
    CHECK(cudaFree(dout));
    return 0;
}
