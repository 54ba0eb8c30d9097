import { describe, expect, it } from 'vitest';
import { checkErr, checkOk, fn } from './helpers.js';
import type { IExpr } from '../../../src/engine/check/ir.js';

/* Library pieces the conformance programs use: <stddef.h>, INFINITY/NAN, cudaFuncSetAttribute, host isnan. */

/** The value of `return EXPR;` in function f. */
function returned(src: string): IExpr {
  const body = fn(checkOk(src), 'f').body!.body;
  const r = body[body.length - 1]!;
  if (r.k !== 'return' || !r.value) throw new Error('no return');
  return r.value;
}

describe('library extras', () => {
  it('<stddef.h> and <cstddef> are available', () => {
    checkOk('#include <stddef.h>\n#include <cstddef>\nsize_t n = 3; ptrdiff_t d = -1;\nint main() { return 0; }');
  });

  it('INFINITY, NAN, HUGE_VAL and HUGE_VALF fold to constants of the right type', () => {
    const inf = returned('#include <math.h>\nfloat f() { return INFINITY; }');
    expect(inf).toMatchObject({ k: 'const', value: Infinity, type: { kind: 'float', bits: 32 } });
    const nan = returned('#include <math.h>\nfloat f() { return NAN; }');
    expect(nan.k === 'const' && Number.isNaN(nan.value)).toBe(true);
    expect(returned('#include <math.h>\ndouble f() { return HUGE_VAL; }')).toMatchObject({ k: 'const', value: Infinity, type: { kind: 'float', bits: 64 } });
    expect(returned('#include <math.h>\nfloat f() { return HUGE_VALF; }')).toMatchObject({ k: 'const', value: Infinity, type: { kind: 'float', bits: 32 } });
  });

  it('INFINITY works in device code and as a static initializer', () => {
    checkOk('#include <math.h>\n__device__ float lo = -INFINITY;\n__global__ void k(float *o) { o[0] = fminf(o[0], INFINITY); }\nint main() { return 0; }');
  });

  it('a NaN payload is reported as unsupported', () => {
    expect(checkErr('float f() { return __builtin_nanf("1"); }')).toBe("1:35: '__builtin_nanf' with a NaN payload is not supported by Warpscope");
  });

  it('cudaFuncSetAttribute takes a kernel, a cudaFuncAttribute and an int', () => {
    const p = checkOk(`__global__ void k() { extern __shared__ float s[]; s[0] = 1; }
int main() {
  cudaError_t a = cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 100000);
  cudaError_t b = cudaFuncSetAttribute(k, cudaFuncAttributePreferredSharedMemoryCarveout, cudaSharedmemCarveoutMaxShared);
  return a + b;
}`);
    expect(JSON.stringify(fn(p, 'main').body, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).toContain('"name":"cudaFuncSetAttribute"');
  });

  it('cudaDevAttr values are driver_types.h ones', () => {
    const v = (name: string): unknown => returned(`int f() { return ${name}; }`);
    expect(v('cudaDevAttrClockRate')).toMatchObject({ value: 13 });
    expect(v('cudaDevAttrMaxSharedMemoryPerBlockOptin')).toMatchObject({ value: 97 });
    expect(v('cudaDevAttrMaxBlocksPerMultiprocessor')).toMatchObject({ value: 106 });
    expect(v('cudaDevAttrMultiProcessorCount')).toMatchObject({ value: 16 });
    expect(v('cudaFuncAttributeMaxDynamicSharedMemorySize')).toMatchObject({ value: 8 });
  });

  it('isnan/isinf/isfinite/signbit are callable from host code with per-type keys', () => {
    const p = checkOk('#include <math.h>\nint main() { double d = 1; float x = 2; return isnan(d) + isinf(x) + isfinite(d) + signbit(x); }');
    const s = JSON.stringify(fn(p, 'main').body, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v));
    for (const k of ['isnan:f64', 'isinf:f32', 'isfinite:f64', 'signbit:f32']) expect(s).toContain(`"name":"${k}"`);
  });

  it('float literals exactly between two floats round as nvcc does (H100 rules/literals)', () => {
    expect(returned('float f() { return 16777217.0f; }')).toMatchObject({ k: 'const', value: 16777218 });
    expect(returned('float f() { return 16777219.0f; }')).toMatchObject({ k: 'const', value: 16777220 });
    expect(returned('float f() { return 2.7f; }')).toMatchObject({ k: 'const', value: Math.fround(2.7) });
  });

  it('goto and labels name the construct', () => {
    expect(checkErr('int main() {\n  goto out;\n  return 1;\n}')).toBe("2:3: goto statement 'goto out' is not supported by Warpscope");
    expect(checkErr('int main() {\nout:\n  return 1;\n}')).toBe("2:1: label 'out' (a goto target) is not supported by Warpscope");
  });
});
