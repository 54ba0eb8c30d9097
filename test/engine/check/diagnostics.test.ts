import { describe, expect, it } from 'vitest';
import { checkErr, checkOk, checkWarnings } from './helpers.js';

// Locations are where the parser's nodes start (clang points some of these at the operator or member name instead).
describe('diagnostics', () => {
  it.each([
    ['int main() {\n  return x;\n}', "2:10: use of undeclared identifier 'x'"],
    ['void f(int a, int b) {}\nint main() { f(1); }', '2:14: too few arguments to function call, expected 2, have 1'],
    ['void f(int *a) {}\nvoid f(double *a) {}\nint main() { float *p; f(p); }', "3:24: no matching function for call to 'f'"],
    ['int main() {\n  float *p = 0;\n  int *q = p;\n}', "3:12: cannot initialize a variable of type 'int *' with an lvalue of type 'float *'"],
    ['int main() { 1 = 2; }', '1:14: expression is not assignable'],
    ['int main() { float *a, *b; a + b; }', "1:30: invalid operands to binary expression ('float *' and 'float *')"],
    ['int main() { int x; int x; }', "1:25: redefinition of 'x'"],
    ['int main() { const int x = 1; x = 2; }', "1:31: cannot assign to variable 'x' with const-qualified type 'const int'"],
    ['int main() { int a[4]; a[1.0] = 1; }', '1:26: array subscript is not an integer'],
    ['int main() { int a; a.x = 1; }', "1:21: member reference base type 'int' is not a structure or union"],
    ['int main() { dim3 d; d.w = 1; }', "1:22: no member named 'w' in 'dim3'"],
    ['__device__ int sq(int x) { return x * x; }\nint main() { return sq(2); }', '2:21: calling a __device__ function("sq") from a __host__ function("main") is not allowed'],
    ['int h() { return 1; }\n__global__ void k(int *a) { a[0] = h(); }', '2:36: calling a __host__ function("h") from a __global__ function("k") is not allowed'],
    ['__global__ int k() { return 1; }', '1:12: a __global__ function must have a void return type'],
    ['__global__ void k() {}\nint main() { k(); }', '2:14: a __global__ function call must be configured'],
    ['__device__ void f() {}\nint main() { f<<<1, 1>>>(); }', '2:14: a __device__ function call cannot be configured'],
    ['void f() {}\nint main() { f<<<1, 1>>>(); }', '2:14: a host function call cannot be configured'],
    ['int apply(int (*f)(int), int v) { return f(v); }\nint main() { return 0; }', '1:42: calls through function pointers are not supported by Warpscope'],
    ['int inc(int v) { return v + 1; }\nint main() { int (*g)(int) = inc; return 0; }', '2:30: function pointers are not supported by Warpscope'],
    ['int main() { __syncthreads(); }', '1:14: calling a __device__ function("__syncthreads") from a __host__ function("main") is not allowed'],
    ['__global__ void k(int *p) { p[0] = rand(); }', '1:36: calling a __host__ function("rand") from a __global__ function("k") is not allowed'],
    ['template <typename T> struct S { T x; };', '1:1: class template is not supported by Warpscope'],
    ['int main() { break; }', "1:14: 'break' statement not in loop or switch statement"],
    ['void f() { return 1; }', "1:19: void function 'f' should not return a value"],
    ['static_assert(sizeof(int) == 8, "int is 8 bytes");', '1:1: static assertion failed: int is 8 bytes'],
    // With no specialization to end it, instantiating f<3> asks for f<2>, f<1>, ... without end: nvcc stops at its limit.
    ['template <int N> int f() { return N + f<N - 1>(); }\nint main() { return f<3>(); }', '1:39: recursive template instantiation exceeded maximum depth of 200'],
  ])('%s', (src, msg) => {
    expect(checkErr(src)).toBe(msg);
  });

  it('alignment requests that cannot be honoured are errors, never ignored', () => {
    expect(checkErr('struct __align__(12) S { int a; };')).toBe('1:18: requested alignment is not a power of 2');
    expect(checkErr('int n = 8;\nstruct alignas(n) S { int a; };')).toBe("2:16: 'aligned' attribute requires an integer constant");
    expect(checkErr('typedef float __attribute__((aligned(16))) f16;')).toBe('1:44: an aligned typedef is not supported by Warpscope');
    expect(() => checkErr('struct __attribute__((packed)) P { char c; int x; };')).toThrow("parse: 1:23: the 'packed' attribute is not supported by Warpscope");
    expect(() => checkErr('int main() { int * __align__(8) p = 0; }')).toThrow('parse: 1:20: an alignment attribute in this position is not supported by Warpscope');
  });

  it("names long double, whose x86 80-bit precision prints other digits than a double", () => {
    expect(checkErr('long double x;')).toBe("1:1: 'long double' (x86 80-bit extended precision) is not supported by Warpscope");
    expect(checkErr('double d = 1.5L;')).toBe("1:12: 'long double' literals (an 'L' suffix) are not supported by Warpscope");
    expect(() => checkOk('long l = 1L; double d = 1.5; float f = 2.5f;')).not.toThrow();
  });

  it('gives an enum its fixed underlying type and refuses values that do not fit it', () => {
    expect(checkErr('enum E : unsigned char { A = 300 };')).toBe("1:30: enumerator value 300 is not representable in the underlying type 'unsigned char'");
    expect(checkErr('enum E : float { A };')).toBe("1:10: non-integral type 'float' is an invalid underlying type");
    expect(checkErr('enum class C { R };\nint x = R;')).toBe("2:9: use of undeclared identifier 'R'");
    expect(() => checkOk('enum class C { R };\nint x = (int)C::R;\nstatic_assert(sizeof(C) == 4, "");')).not.toThrow();
  });

  it('offsetof walks members and constant indices, and names what it cannot find', () => {
    const S = '#include <stddef.h>\nstruct In { char c; double d; };\nstruct S { int a; In in[3]; };\n';
    expect(() => checkOk(`${S}static_assert(offsetof(S, in[2].d) == 48, "");`)).not.toThrow();
    expect(checkErr(`${S}int main() { return offsetof(S, b); }`)).toBe("4:21: no member named 'b' in 'S'");
    expect(checkErr(`${S}int main() { return offsetof(int, b); }`)).toBe("4:21: offsetof requires struct, union, or class type, 'int' invalid");
  });

  it('division by a constant zero is only a warning', () => {
    expect(checkWarnings('int main() { int a = 1; return a / 0; }')).toEqual(['1:34: division by zero is undefined']);
  });
});
