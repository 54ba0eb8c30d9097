import { describe, expect, it } from 'vitest';
import { runSource } from '../exec/run-source.js';

/* Function declarations and definitions: what one declaration gives the others, as C++ merges them. */

describe('default arguments across declarations', () => {
  it('a prototype\'s defaults serve calls of the function its definition defines, and declarations add defaults', () => {
    const r = runSource('#include <cstdio>\nint f(int x = 1);\nint g(int a, int b = 2);\nint g(int a = 1, int b);\nint main() { printf("%d %d %d\\n", f(), g(), g(5)); return 0; }\nint f(int x) { return x * 3; }\nint g(int a, int b) { return a * 10 + b; }\n');
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('3 12 52\n');
  });

  it('refuses a default given twice, at the second, as C++ does', () => {
    const r = runSource('int g(int x = 1);\nint g(int x = 1) { return x; }\nint main() { return g(); }\n');
    expect(r.diagnostics.map((d) => `${d.loc.line}:${d.loc.col}: ${d.message}`)).toEqual(['2:15: redefinition of default argument']);
  });
});

describe('trailing return types', () => {
  it('see the parameters, as decltype(a * b) needs (expected output printed by g++ 12.2)', () => {
    const r = runSource(`#include <cstdio>
template <typename T, typename U> auto mul(T a, U b) -> decltype(a * b) { return a * b; }
auto add(int a, double b) -> decltype(a + b) { return a + b; }
__device__ auto half(float x) -> decltype(x / 2) { return x / 2; }
__global__ void k() { printf("%g\\n", half(3.0f)); }
int main() { printf("%g %g %d %zu\\n", mul(2, 1.5), add(1, 2.5), mul(3, 4), sizeof(mul(1.0f, 2))); k<<<1, 1>>>(); cudaDeviceSynchronize(); return 0; }
`);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('3 3.5 12 4\n1.5\n');
  });
});
