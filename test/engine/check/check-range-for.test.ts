import { describe, expect, it } from 'vitest';
import { runSource } from '../exec/run-source.js';

/* Range-based for loops over arrays, host and device, as g++ runs them (expected output printed by g++ 12.2). */

function out(source: string): string {
  const r = runSource(source);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout;
}

function firstError(body: string): string {
  const r = runSource(`#include <cstdio>\nint main() {\n  int a[3] = {1, 2, 3}; int s = 0;\n  ${body}\n  return s;\n}\n`);
  const d = r.diagnostics.find((x) => x.severity === 'error')!;
  return `${d.loc.line}:${d.loc.col}: ${d.message}`;
}

describe('range-based for over arrays', () => {
  it('copies or binds each element in turn, with break and continue', () => {
    expect(out(`#include <cstdio>
struct P { int x; float y; };
int main() {
  int a[] = {1, 2, 3, 4}; int s = 0;
  for (int x : a) s += x;
  for (auto &y : a) y *= 2;
  for (const auto v : a) printf("%d ", v);
  printf("%d\\n", s);
  P ps[3] = {{1, 1.5f}, {2, 2.5f}, {3, 3.5f}};
  for (P &p : ps) p.x *= 10;
  for (auto p : ps) { if (p.x == 20) continue; printf("%d %g\\n", p.x, p.y); }
  int m[2][3] = {{1, 2, 3}, {4, 5, 6}};
  for (auto &row : m) for (int e : row) printf("%d", e);
  double d[3] = {0.5, 1.5, 2.5};
  for (float f : d) { if (f > 2) break; printf(" %g", f); }
  int n = 0; for (char ch : "hello") n += ch != 0;
  const int ca[2] = {7, 8}; for (auto &r : ca) printf(" %d", r);
  printf(" %d\\n", n);
  return 0;
}`)).toBe('2 4 6 8 10\n10 1.5\n30 3.5\n123456 0.5 1.5 7 8 5\n');
  });

  it('runs in device code', () => {
    expect(out(`#include <cstdio>
__global__ void k() { int v[4] = {1, 2, 3, 4}; int s = 0; for (int x : v) s += x * threadIdx.x; for (auto &y : v) y += 1; for (const auto &z : v) s += z; printf("%d\\n", s); }
int main() { k<<<1, 2>>>(); cudaDeviceSynchronize(); return 0; }`)).toBe('14\n24\n');
  });

  it('names ranges without begin() as C++ does, and braced lists as unsupported', () => {
    expect(firstError('int *p = a; for (int x : p) s += x;')).toBe("4:28: invalid range expression of type 'int *'; no viable 'begin' function available");
    expect(firstError('for (int x : {1, 2, 3}) s += x;')).toBe('4:16: range-based for loops over braced lists are not supported by Warpscope');
    expect(firstError('const int c[2] = {1, 2}; for (int &x : c) s += x;')).toBe("4:42: binding reference of type 'int' to value of type 'const int' drops 'const' qualifier");
  });
});
