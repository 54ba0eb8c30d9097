import { describe, expect, it } from 'vitest';
import { runSource } from '../exec/run-source.js';

/*
 * <cmath> and CUDA's host min/max in host code, as a program built with nvcc prints them on
 * x86-64 (glibc 2.36): expected lines were printed by the same statements built with gcc.
 */

function host(body: string): string {
  const r = runSource(`#include <cstdio>\n#include <cmath>\nint main() {\n  ${body}\n  return 0;\n}\n`);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout;
}

describe('host math', () => {
  it('offers CUDA\'s host min and max for every type pair it declares', () => {
    expect(host('printf("%d %u %g %lld %g\\n", min(3, -4), max(3u, 5u), min(2.5f, 1.5f), max(1LL << 40, 3LL), max(2.0, 0.0 / 0.0));')).toBe('-4 5 1.5 1099511627776 2\n');
    expect(host('int n = 1000; int blocks = min((n + 255) / 256, 2); printf("%d %ld\\n", blocks, max(-1L, 1L));')).toBe('2 1\n');
  });

  it('offers the inverse hyperbolic functions, within an ulp of glibc (V8 computes them as fdlibm does)', () => {
    expect(host('printf("%.15g %.15g %.15g %.9g\\n", asinh(1.5), acosh(1.5), atanh(0.5), asinhf(2.0f));')).toBe('1.19476321728711 0.962423650119207 0.549306144334055 1.44363546\n');
  });

  it('signs the NaN of a domain error as glibc does', () => {
    const body = 'volatile double m1 = -1, two = 2, half = 0.5; volatile float mf = -1, tf = 2, hf = 0.5f;\n' +
      '  printf("%f %f %f %f %f %f %f %f %f %f\\n", sqrt(m1), log(m1), acos(two), asin(two), pow(-two, half), atanh(two), acosh(half), log2(m1), log10(m1), log1p(-two));\n' +
      '  printf("%f %f %f %f %f %f %f %f %f\\n", sqrtf(mf), logf(mf), acosf(tf), asinf(tf), powf(-tf, hf), atanhf(tf), acoshf(hf), log2f(mf), log10f(mf));';
    expect(host(body)).toBe('-nan -nan nan nan -nan -nan -nan -nan nan -nan\n-nan -nan nan nan -nan -nan -nan -nan nan\n');
  });
});
