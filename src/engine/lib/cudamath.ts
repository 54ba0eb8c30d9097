// CUDA device math as an H100 computes it (nvcc -O3 -arch=sm_90 -fmad=false, IEEE div/sqrt,
// no FTZ). Float functions take and return float32 values held in JS numbers. Golden tables
// from a real H100 live in test/engine/lib/gpu-math/; the test reports the remaining ulp gaps.
// Exactness status per function is listed in EXACTNESS below (kept next to the code so the
// simulator can tell users which results may differ from a GPU by an ulp).
// Bit-casting functions with 64-bit integers use bigint and live outside the number-only table:
// doubleAsLongLong (__double_as_longlong) and longLongAsDouble (__longlong_as_double).

import { fmaDouble, fmaFloat } from './fma.js';
import * as lf from './libdevice-f32.js';
import { expDouble, logDouble, sinCosDouble, tanDouble } from './libdevice-f64.js';
import { powDouble } from './libdevice-pow.js';
import { rintEven } from './rint.js';

const f = Math.fround;
const buf = new DataView(new ArrayBuffer(8));

/** Reinterprets the 32 bits of an int as a float (__int_as_float / __uint_as_float). */
export function intAsFloat(i: number): number {
  buf.setUint32(0, i >>> 0);
  return buf.getFloat32(0);
}

/** Reinterprets a float's bits as a signed int32 (__float_as_int). */
export function floatAsInt(x: number): number {
  buf.setFloat32(0, x);
  return buf.getInt32(0);
}

/** Reinterprets a float's bits as an unsigned int32 (__float_as_uint). */
export function floatAsUint(x: number): number {
  buf.setFloat32(0, x);
  return buf.getUint32(0);
}

/** __double_as_longlong: a double's 64 bits as a signed bigint. */
export function doubleAsLongLong(x: number): bigint {
  buf.setFloat64(0, x);
  return buf.getBigInt64(0);
}

/** __longlong_as_double: 64 bits (signed or unsigned bigint) reinterpreted as a double. */
export function longLongAsDouble(b: bigint): number {
  buf.setBigUint64(0, BigInt.asUintN(64, b));
  return buf.getFloat64(0);
}

/** C round(): halfway cases away from zero, keeping the sign of zero. */
function roundHalfAway(x: number): number {
  if (!Number.isFinite(x)) return x;
  const t = Math.trunc(x);
  // x - t is exact for every double, so the tie test is exact too.
  const r = Math.abs(x - t) >= 0.5 ? t + Math.sign(x) : t;
  return r === 0 ? (x < 0 || Object.is(x, -0) ? -0 : 0) : r;
}

/** C fmin/fmax: a NaN operand is ignored; -0 orders below +0 as on the GPU. */
function fminC(a: number, b: number): number {
  if (Number.isNaN(a)) return b;
  if (Number.isNaN(b)) return a;
  return Math.min(a, b);
}
function fmaxC(a: number, b: number): number {
  if (Number.isNaN(a)) return b;
  if (Number.isNaN(b)) return a;
  return Math.max(a, b);
}

/** GPU's __saturatef: clamp to [0, 1], NaN gives 0. */
function saturate(x: number): number {
  if (Number.isNaN(x)) return 0;
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

/** Integer abs/min/max on int32 values, wrapping like the GPU (abs(INT_MIN) == INT_MIN). */
function iabs(x: number): number {
  return Math.abs(x | 0) | 0;
}

/** Device math functions keyed by CUDA name; floats in and out are float32 values. */
export const deviceMath: Record<string, (...args: number[]) => number> = {
  // --- correctly rounded (IEEE) operations: exact ---
  sqrtf: (x) => f(Math.sqrt(x)),
  __fsqrt_rn: (x) => f(Math.sqrt(x)),
  sqrt: (x) => Math.sqrt(x),
  __fadd_rn: (x, y) => f(x + y),
  __fmul_rn: (x, y) => f(x * y),
  // double rounding of a float quotient through double is innocuous (53 >= 2*24 + 2)
  __fdiv_rn: (x, y) => f(x / y),
  __frcp_rn: (x) => f(1 / x),
  fmaf: (x, y, z) => fmaFloat(x, y, z),
  fma: (x, y, z) => fmaDouble(x, y, z),
  fabsf: (x) => Math.abs(x),
  fabs: (x) => Math.abs(x),
  floorf: (x) => Math.floor(x),
  floor: (x) => Math.floor(x),
  ceilf: (x) => Math.ceil(x),
  ceil: (x) => Math.ceil(x),
  truncf: (x) => Math.trunc(x),
  trunc: (x) => Math.trunc(x),
  roundf: (x) => roundHalfAway(x),
  round: (x) => roundHalfAway(x),
  rintf: (x) => rintEven(x),
  rint: (x) => rintEven(x),
  fminf: fminC,
  fmaxf: fmaxC,
  fmin: fminC,
  fmax: fmaxC,
  // JS % is the exact C fmod
  fmodf: (x, y) => x % y,
  fmod: (x, y) => x % y,
  copysignf: (x, y) => (Object.is(Math.sign(y), -0) || y < 0 || (Number.isNaN(y) && floatAsInt(y) < 0) ? -Math.abs(x) : Math.abs(x)),
  __saturatef: saturate,
  __int_as_float: intAsFloat,
  __uint_as_float: intAsFloat,
  __float_as_int: floatAsInt,
  __float_as_uint: floatAsUint,
  __double2hiint: (x) => Number(doubleAsLongLong(x) >> 32n),
  __double2loint: (x) => Number(BigInt.asIntN(32, doubleAsLongLong(x))),
  __hiloint2double: (hi, lo) => longLongAsDouble((BigInt(hi | 0) << 32n) | BigInt(lo >>> 0)),
  signbit: (x) => (x < 0 || Object.is(x, -0) || (Number.isNaN(x) && doubleAsLongLong(x) < 0n) ? 1 : 0),
  isnan: (x) => (Number.isNaN(x) ? 1 : 0),
  isinf: (x) => (x === Infinity || x === -Infinity ? 1 : 0),
  isfinite: (x) => (Number.isFinite(x) ? 1 : 0),
  // min/max/abs are CUDA's int overloads; the float overloads are fminf/fmaxf/fabsf
  min: (a, b) => Math.min(a | 0, b | 0),
  max: (a, b) => Math.max(a | 0, b | 0),
  abs: iabs,

  // --- libdevice float functions (ported algorithms, see libdevice-f32.ts) ---
  ...lf.libdeviceF32,

  // --- double functions: bit-exact libdevice ports, except rsqrt (hardware rsqrt.approx.f64) ---
  rsqrt: (x) => 1 / Math.sqrt(x),
  exp: expDouble,
  log: logDouble,
  sin: (x) => sinCosDouble(x, false),
  cos: (x) => sinCosDouble(x, true),
  tan: tanDouble,
  pow: powDouble,
};

/**
 * Gap to the H100 per function, measured on the golden tables (2048 mixed inputs, plus 65536
 * wide-range inputs for the ported ones); functions not listed matched every input bit for bit
 * (or are trivially exact: casts, abs, min, ...). The remaining gaps all come from the MUFU
 * hardware approximations (ex2/lg2/rcp/rsqrt/sin/cos.approx), whose tables are not public.
 */
export const EXACTNESS: Readonly<Record<string, string>> = {
  rsqrtf: '1 ulp on ~19% of inputs (rsqrt.approx)',
  cbrtf: '1 ulp on ~11%',
  expf: '1 ulp on ~25% (ex2.approx)',
  exp2f: '2 ulp, ~39% differ (ex2.approx)',
  exp10f: '1 ulp on ~24% (ex2.approx)',
  expm1f: '1 ulp on ~6%',
  sinhf: '2 ulp, ~26% differ',
  coshf: '2 ulp, ~27% differ',
  tanhf: '2 ulp, ~9% differ',
  tanf: '1 ulp on ~4-6% (rcp.approx in odd quadrants)',
  asinf: '2 ulp on <1% (rsqrt.approx)',
  acosf: '2 ulp on <1% (rsqrt.approx)',
  atanf: '1 ulp on ~0.1-1% (rcp.approx)',
  powf: '1 ulp on ~0.005% (rcp.approx)',
  rsqrt: '1 ulp on ~21% (rsqrt.approx.f64)',
  __expf: '2 ulp',
  __fdividef: '2 ulp',
  __logf: 'abs/rel 2^-20',
  __powf: 'rel 2e-5',
  __sinf: 'abs 2^-19 + |x| 2^-20 for |x| <= 100; larger arguments not modelled',
  __cosf: 'abs 2^-19 + |x| 2^-20 for |x| <= 100; larger arguments not modelled',
};
