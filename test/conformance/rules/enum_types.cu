// Enums with a fixed underlying type (enum E : unsigned char), scoped enums named through their
// type (Big::X), and an unscoped enum whose values need more than int: sizes, values, and enum
// values passed to and stored by a kernel.
#include <stdio.h>

enum Small : unsigned char { A = 1, B = 200 };
enum class Big : long long { X = 1LL << 40, Y };
enum Plain { P = 3, Q };
enum Wide { W0 = 1, W1 = 0x100000000 };
enum Neg : short { N = -5 };
enum class Color { Red, Green = 5, Blue };
struct S { Small s; char c; };

__global__ void pick(Small *out, Big b, Color c)
{
    Small v = (b == Big::Y) ? B : A;
    switch (c) {
    case Color::Red: v = A; break;
    case Color::Blue: v = (Small)(v - threadIdx.x); break;
    default: break;
    }
    out[threadIdx.x] = v;
}

int main()
{
    printf("sizes %d %d %d %d %d %d %d\n", (int)sizeof(Small), (int)sizeof(Big), (int)sizeof(Plain), (int)sizeof(S),
           (int)sizeof(Wide), (int)sizeof(Neg), (int)sizeof(Small[5]));
    printf("values %lld %lld %d %d %d %lld %d %d\n", (long long)Big::X, (long long)Big::Y, (int)B, (int)Small::A, (int)Q,
           (long long)W1, (int)N, (int)Color::Blue);
    Small *d;
    cudaMalloc(&d, 4);
    pick<<<1, 4>>>(d, Big::Y, Color::Blue);
    Small h[4];
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    printf("kernel %d %d %d %d\n", (int)h[0], (int)h[1], (int)h[2], (int)h[3]);
    Small wrap = (Small)(B + 100);
    printf("wrap %d\n", (int)wrap);
    return 0;
}
