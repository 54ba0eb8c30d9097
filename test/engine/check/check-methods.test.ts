import { describe, expect, it } from 'vitest';
import { runSource } from '../exec/run-source.js';

/*
 * Member functions, constructors and operators of structs, as nvcc compiles them: `this`,
 * const methods, calls through objects, references and pointers, in host and device code.
 */

/** stdout of a program (empty stderr and status 0 expected). */
function out(source: string): string {
  const r = runSource(source);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout;
}

/** The first error of a program that must not compile. */
function error(source: string): string {
  const r = runSource(source);
  expect(r.status).not.toBe(0);
  return r.stderr.split('\n')[0]!;
}

const acc = `#include <stdio.h>
struct Acc {
    float sum;
    int n;
    __host__ __device__ Acc() : sum(0), n(0) {}
    __host__ __device__ explicit Acc(float s) : n(1), sum(s) {}
    __host__ __device__ void add(float v) { sum += v; n++; }
    __host__ __device__ float mean() const { return n ? sum / n : 0.0f; }
    __host__ __device__ Acc operator+(const Acc &o) const { Acc r; r.sum = sum + o.sum; r.n = n + o.n; return r; }
    __host__ __device__ void operator+=(const Acc &o) { sum += o.sum; n += o.n; }
    __host__ __device__ bool operator<(const Acc &o) const { return mean() < o.mean(); }
    __device__ void twice() { this->add(sum); add(0); }
    __host__ __device__ Acc *self() { return this; }
};
`;

describe('member functions', () => {
  it('calls methods through objects, pointers, references and this, with constructors and operators, in device code', () => {
    expect(out(`${acc}
__global__ void k(float *out) {
    Acc a;
    a.add(threadIdx.x);
    a.add(2.0f);
    Acc b(10.0f), *p = &b;
    p->add(1.0f);
    Acc c = a + *p;
    c += Acc(3.0f);
    c.twice();
    const Acc &r = c;
    out[threadIdx.x] = r.mean() + (a < b ? 1000 : 0) + c.self()->n * 100;
}
int main() {
    float *d, h[2];
    cudaMalloc(&d, sizeof(h));
    k<<<1, 2>>>(d);
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    printf("%g %g\\n", h[0], h[1]);
    return 0;
}`)).toBe('1704.57 1704.86\n');
  });

  it('constructs by braces, copies, and converts in host code', () => {
    expect(out(`${acc}
Acc make(float v) { return Acc(v); }
float meanOf(Acc a) { return a.mean(); }
int main() {
    Acc x{2.0f}; Acc y = x; y.add(4);
    Acc z(y), w = make(5.0f);
    printf("%g %d %g %g %g\\n", y.mean(), y.n, (x + y).mean(), meanOf(z), w.sum);
    return 0;
}`)).toBe('3 2 2.66667 3 5\n');
  });

  it('operator[] and operator+= returning references, const overloads and unary minus', () => {
    expect(out(`#include <stdio.h>
struct V3 {
    float v[3];
    __host__ __device__ V3() { v[0] = v[1] = v[2] = 0; }
    __host__ __device__ V3(float a, float b, float c) { v[0] = a; v[1] = b; v[2] = c; }
    __host__ __device__ float &operator[](int i) { return v[i]; }
    __host__ __device__ float operator[](int i) const { return v[i] * 2; }
    __host__ __device__ V3 &operator+=(const V3 &o) { for (int i = 0; i < 3; i++) v[i] += o.v[i]; return *this; }
    __host__ __device__ V3 operator-() const { return V3(-v[0], -v[1], -v[2]); }
    __host__ __device__ bool operator==(const V3 &o) const { return v[0] == o.v[0] && v[1] == o.v[1] && v[2] == o.v[2]; }
};
__device__ float &pick(float *a, int i) { return a[i]; }
__global__ void k(float *out) {
    V3 a(1, 2, 3), b;
    b[1] = threadIdx.x;
    a += b += V3(1, 1, 1);
    const V3 n = -a;
    pick(out, threadIdx.x) = n[0] + n[1] * 10 + (a == a) * 1000;
}
int main() {
    float *d, h[2];
    cudaMalloc(&d, sizeof(h));
    k<<<1, 2>>>(d);
    cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    V3 x(1, 2, 3);
    x[2] = 7;
    printf("%g %g %g\\n", h[0], h[1], x[2]);
    return 0;
}`)).toBe('936 916 7\n');
  });

  it('operators defined at namespace scope, on vector types, beside built-in operators', () => {
    expect(out(`#include <stdio.h>
__host__ __device__ float2 operator+(float2 a, float2 b) { return make_float2(a.x + b.x, a.y + b.y); }
__host__ __device__ float2 operator*(float s, float2 a) { return make_float2(s * a.x, s * a.y); }
__host__ __device__ float2 operator-(float2 a) { return make_float2(-a.x, -a.y); }
__host__ __device__ void operator+=(float2 &a, float2 b) { a.x += b.x; a.y += b.y; }
__global__ void k(float2 *o) { float2 p = make_float2(threadIdx.x, 1); p += 2.0f * p + -p; o[threadIdx.x] = p; }
int main() {
    float2 *d, h[2];
    cudaMalloc(&d, sizeof(h)); k<<<1, 2>>>(d); cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    int a = 3 + 4;
    printf("%g %g %g %g %d\\n", h[0].x, h[0].y, h[1].x, h[1].y, a);
    return 0;
}`)).toBe('0 2 2 2 7\n');
  });

  it('a __host__ __device__ method compiles once per nvcc pass: device code sees __CUDA_ARCH__', () => {
    expect(out(`#include <stdio.h>
struct W {
    int v;
    __host__ __device__ W(int x) : v(x) {}
    __host__ __device__ int where() const {
#ifdef __CUDA_ARCH__
        return v + 1000;
#else
        return v;
#endif
    }
    int hostOnly() const { return where() * 2; }
};
__global__ void k(int *o) { W w(threadIdx.x); o[threadIdx.x] = w.where(); }
int main() {
    int *d, h[2];
    cudaMalloc(&d, sizeof(h)); k<<<1, 2>>>(d); cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
    W w(5);
    printf("%d %d %d %d\\n", h[0], h[1], w.where(), w.hostOnly());
    return 0;
}`)).toBe('1000 1001 5 10\n');
  });

  it('an empty default constructor lets arrays and members of the struct default-initialise', () => {
    expect(out(`#include <stdio.h>
struct V { float x; __host__ __device__ V() {} __host__ __device__ V(float a) : x(a) {} };
struct R { V o, d; };
int main() { V a[3]; a[1] = V(2); R r; r.o = V(1); R q = {a[1], a[1]}; printf("%g\\n", a[1].x + r.o.x + q.o.x + q.d.x); return 0; }`)).toBe('7\n');
  });

  it('chains compound assignments through an operator returning a reference, as g++ does', () => {
    expect(out(`#include <stdio.h>
struct V { int x; __host__ __device__ V(int v) : x(v) {} __host__ __device__ V &operator+=(const V &o) { x += o.x; return *this; } };
__global__ void k() { V a(1), b(2), c(3); (a += b) += c; printf("%d\\n", a.x); }
int main() { V a(1), b(2), c(3); (a += b) += c; ((a += b) += c) += a; printf("%d\\n", a.x); k<<<1, 1>>>(); cudaDeviceSynchronize(); return 0; }`)).toBe('22\n6\n');
  });

  it('brace-initialises struct members from constructor calls and functions returning structs, each run once, in order', () => {
    // Expected output printed by the same program built with g++ 12.2.
    expect(out(`#include <stdio.h>
struct V { int x; __host__ __device__ V(int v) : x(v) { printf("V(%d)\\n", v); } };
struct R { V a; V b; int n; };
__host__ __device__ V mk(int i) { printf("mk %d\\n", i); return V(i * 10); }
__global__ void k() { V v(1); R q = {mk(2), v, 9}; printf("%d %d %d\\n", q.a.x, q.b.x, q.n); }
int main() { V v(5); R q = {V(3), v, 2}; R r{v, mk(4), 1}; printf("%d %d %d %d\\n", q.a.x, q.b.x, r.a.x, r.b.x); k<<<1, 1>>>(); cudaDeviceSynchronize(); return 0; }`)).toBe(
      'V(5)\nV(3)\nmk 4\nV(40)\n3 5 5 40\nV(1)\nmk 2\nV(20)\n20 1 9\n',
    );
  });

  it('names what stays unsupported, and what C++ rejects, at its place', () => {
    expect(error('struct A { int x; virtual __device__ int f() { return x; } };\nint main() { return 0; }')).toBe('prog.cu:1:19: error: virtual functions are not supported by Warpscope');
    expect(error('struct A { int x; ~A() { x = 0; } };\nint main() { return 0; }')).toBe('prog.cu:1:19: error: destructors are not supported by Warpscope');
    expect(error('struct B { int y; };\nstruct A : B { int x; };\nint main() { return 0; }')).toBe('prog.cu:2:10: error: inheritance is not supported by Warpscope');
    expect(error('struct A { int x; int f(); };\nint main() { return 0; }')).toBe('prog.cu:1:23: error: defining member functions outside their class is not supported by Warpscope');
    expect(error('struct A { int x; A(int v) : x(v) {} };\nint main() { A a[2]; return 0; }')).toBe('prog.cu:2:16: error: arrays of structs with constructors are not supported by Warpscope');
    expect(error('struct A { int x; void f() { x++; } };\nint main() { const A a{}; a.f(); return 0; }')).toBe("prog.cu:2:27: error: 'this' argument to member function 'f' has type 'const A', but function is not marked const");
    expect(error('struct A { int x; A(int v) : x(v) {} };\nint main() { A a; return 0; }')).toBe("prog.cu:2:16: error: no matching constructor for initialization of 'A'");
    expect(error('struct A { int x; A(int v) : y(v) {} };\nint main() { return 0; }')).toBe("prog.cu:1:30: error: member initializer 'y' does not name a non-static data member or base class");
    expect(error('struct A { int x; int f() { return x; } };\nint main() { A a; return a.g(); }')).toBe("prog.cu:2:28: error: no member named 'g' in 'A'");
    expect(error('struct A { int x; __device__ int f() { return x; } };\nint main() { A a; return a.f(); }')).toBe('prog.cu:2:26: error: calling a __device__ function("A::f") from a __host__ function("main") is not allowed');
    expect(error('struct V { float x; V() : x(0) {} };\nstruct R { V o; };\nint main() { return 0; }')).toBe("prog.cu:2:14: error: a member whose struct's default constructor runs code is not supported by Warpscope");
    expect(error('struct V { float x; __device__ V() : x(0) {} };\n__global__ void k() { __shared__ V s; }\nint main() { return 0; }')).toBe('prog.cu:2:36: error: initialization is not supported for __shared__ variables');
    expect(error('int main() { return this == 0; }')).toBe("prog.cu:1:21: error: invalid use of 'this' outside of a non-static member function");
    expect(error('int &f() { int x = 1; return 2; }\nint main() { return f(); }')).toBe("prog.cu:1:30: error: non-const lvalue reference to type 'int' cannot bind to a temporary of type 'int'");
  });
});
