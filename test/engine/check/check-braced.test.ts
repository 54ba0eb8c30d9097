import { describe, expect, it } from 'vitest';
import { checkErr } from './helpers.js';
import { runSource } from '../exec/run-source.js';

/** stdout of a host program printing what `body` computes (empty stderr, status 0 expected). */
function out(decls: string, body: string): string {
  const r = runSource(`#include <stdio.h>\n${decls}\nint main() {\n${body}\nreturn 0;\n}\n`);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout;
}

describe('braced lists as values (C++11)', () => {
  it('assigns a braced list to a struct, a struct member and a scalar', () => {
    const decls = 'struct V { float x, y, z; }; struct P { V pos; int id; };';
    expect(out(decls, `P h[2]; int n = 7; float f = 1;
for (int i = 0; i < 2; i++) { h[i].pos = {i * 1.0f, -0.5f}; h[i].id = i; }
n = {}; f = {2.5f};
V v = {9, 9, 9}; v = {1};
printf("%g %g %g %d | %g %g %g | %d %g | %g %g %g\\n", h[1].pos.x, h[1].pos.y, h[1].pos.z, h[1].id, h[0].pos.x, h[0].pos.y, h[0].pos.z, n, f, v.x, v.y, v.z);`)).toBe('1 -0.5 0 1 | 0 -0.5 0 | 0 2.5 | 1 0 0\n');
  });

  it('passes a braced list to by-value and const-reference struct parameters and to scalars', () => {
    const decls = `struct Pt { int x, y; };
Pt shift(const Pt &p, int d) { return {p.x + d, p.y - d}; }
int sum(Pt p) { return p.x + p.y; }
double half(double d) { return d / 2; }`;
    expect(out(decls, 'Pt q = shift({1, 2}, 3); printf("%d %d %d %g\\n", q.x, q.y, sum({4, 5}), half({3.0}));')).toBe('4 -1 9 1.5\n');
  });

  it('picks the overload a braced list can initialise', () => {
    const decls = `struct Two { int a, b; }; struct Three { int a, b, c; };
int f(Two t) { return 2; } int f(Three t) { return 3; }`;
    expect(out(decls, 'printf("%d %d\\n", f({1, 2, 3}), f({1, 2, 3}) + f(Two{1, 2}));')).toBe('3 5\n');
  });

  it('launches with braced dim3 configurations', () => {
    const r = runSource(`#include <stdio.h>
__global__ void k() { if (blockIdx.x + blockIdx.y + threadIdx.x + threadIdx.y == 0) printf("%d %d %d %d %d\\n", gridDim.x, gridDim.y, gridDim.z, blockDim.x, blockDim.y); }
int main() { k<<<{2, 3}, {8, 4}>>>(); cudaDeviceSynchronize(); return 0; }`);
    expect(r.stdout).toBe('2 3 1 8 4\n');
  });

  it('assigns a braced list in device code', () => {
    const r = runSource(`#include <stdio.h>
struct Pt { int x, y; };
__global__ void k(int *o) { Pt p; p = {(int)threadIdx.x, 2 * (int)threadIdx.x}; o[threadIdx.x] = p.x + p.y; }
int main() { int *d, h[4]; cudaMalloc(&d, sizeof(h)); k<<<1, 4>>>(d); cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost); printf("%d %d %d %d\\n", h[0], h[1], h[2], h[3]); return 0; }`);
    expect(r.stdout).toBe('0 3 6 9\n');
  });

  it('rejects what C++ rejects', () => {
    const err = (src: string, at: string, message: string): void => expect(checkErr(src)).toBe(`1:${src.indexOf(at) + 1}: ${message}`);
    err('struct Pt { int x, y; }; void g(Pt &p) {} void f() { g({1, 2}); }', 'g({', "no matching function for call to 'g'");
    err('struct Pt { int x, y; }; void g(Pt p) {} void f() { g({1, 2, 3}); }', 'g({', "no matching function for call to 'g'");
    err('template <typename T> void g(T p) {} void f() { g({1, 2}); }', 'g({', "no matching function for call to 'g'");
    err('void f() { int a[2]; a = {1, 2}; }', 'a =', "array type 'int [2]' is not assignable");
    err('void f() { int n = 0; n += {1}; }', '{1}', "initializer list cannot be used on the right hand side of operator '+='");
    err('struct Pt { int x, y; }; void f() { Pt p; p = {1, 2, 3}; }', '3}', 'excess elements in struct initializer');
  });
});
