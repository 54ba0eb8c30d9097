import { deviceMath } from '../lib/cudamath.js';

/*
 * Every device math built-in generated code may call, by its base name. deviceMath (lib/cudamath)
 * holds the bit-exact ports; the functions below fill in the rest of builtins.ts's device keys.
 * They are correct to about 1 ulp (doubles) or correctly rounded from a double result (floats),
 * not bit-exact ports of libdevice: the H100 tables cover only the ported functions.
 */

/** A device math function over the IR's number convention. */
export type MathFn = (...a: number[]) => number;

const fr = Math.fround;
const SQRT_PI = Math.sqrt(Math.PI);
const LN_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);
// Lanczos (g = 7, n = 9): relative error about 1e-15 over the positive reals.
const LG = 7;
const LC = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];

function lanczosSum(x: number): number {
  let a = LC[0]!;
  for (let i = 1; i < LG + 2; i++) a += LC[i]! / (x + i);
  return a;
}

const F64 = new Float64Array(1);
const U8 = new Uint8Array(F64.buffer);

function signbit(y: number): boolean {
  if (y !== y) {
    F64[0] = y;
    return U8[7]! >= 128;
  }
  return y < 0 || Object.is(y, -0);
}

/** Gamma for doubles: Lanczos with the reflection formula below 0.5; the power is split so it does not overflow before the result does. */
function tgamma(x: number): number {
  if (x !== x || x === -Infinity) return NaN;
  if (x === Infinity) return Infinity;
  if (x === 0) return Object.is(x, -0) ? -Infinity : Infinity;
  if (x < 0 && Number.isInteger(x)) return NaN;
  if (x < 0.5) return Math.PI / (Math.sin(Math.PI * x) * tgamma(1 - x));
  if (x > 171.7) return Infinity;
  if (Number.isInteger(x) && x <= 23) {
    let r = 1;
    for (let i = 2; i < x; i++) r *= i;
    return r;
  }
  const z = x - 1;
  const t = z + LG + 0.5;
  const p = Math.pow(t, (z + 0.5) / 2);
  return Math.sqrt(2 * Math.PI) * p * (p * Math.exp(-t)) * lanczosSum(z);
}

/** log|Gamma(x)| for doubles. */
function lgamma(x: number): number {
  if (x !== x) return NaN;
  if (x === Infinity || x === -Infinity) return Infinity;
  if (x <= 0 && Number.isInteger(x)) return Infinity;
  if (x === 1 || x === 2) return 0;
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lgamma(1 - x);
  if (x < 15) return Math.log(Math.abs(tgamma(x)));
  const z = x - 1;
  const t = z + LG + 0.5;
  return LN_SQRT_2PI + (z + 0.5) * Math.log(t) - t + Math.log(lanczosSum(z));
}

/** erf by the all-positive series 2/sqrt(pi) e^{-x^2} sum 2^n x^{2n+1} / (2n+1)!! (no cancellation). */
function erfSeries(x: number): number {
  let term = x;
  let sum = x;
  const x2 = x * x;
  for (let n = 1; n < 200; n++) {
    term *= (2 * x2) / (2 * n + 1);
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return ((2 / SQRT_PI) * Math.exp(-x2)) * sum;
}

/** erfc for x > 0.8 by its continued fraction (modified Lentz). */
function erfcFraction(x: number): number {
  const tiny = 1e-300;
  let f = x;
  let C = x;
  let D = 0;
  for (let n = 1; n < 500; n++) {
    const a = n / 2;
    D = x + a * D;
    D = D === 0 ? 1 / tiny : 1 / D;
    C = x + a / C;
    if (C === 0) C = tiny;
    const delta = C * D;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / (SQRT_PI * f);
}

function erf(x: number): number {
  if (x !== x) return NaN;
  const a = Math.abs(x);
  if (a > 6) return x > 0 ? 1 : -1;
  const r = a < 0.8 ? erfSeries(a) : 1 - erfcFraction(a);
  return x < 0 ? -r : r;
}

function erfc(x: number): number {
  if (x !== x) return NaN;
  if (x > 27.3) return 0;
  if (x < -6) return 2;
  if (x < 0.8) return 1 - (x < 0 ? -erfSeries(-x) : erfSeries(x));
  return erfcFraction(x);
}

/** IEEE remainder: x - n*y with n = x/y rounded to even; the parity of the quotient comes from fmod by 2y. */
function remainder(x: number, y: number): number {
  if (x !== x || y !== y || !Number.isFinite(x) || y === 0) return NaN;
  if (!Number.isFinite(y)) return x;
  const ay = Math.abs(y);
  let r = ay < Number.MAX_VALUE / 2 ? x % (2 * ay) : x;
  let odd = false;
  if (Math.abs(r) >= ay) {
    r -= r > 0 ? ay : -ay;
    odd = true;
  }
  const ar = Math.abs(r);
  if (2 * ar > ay || (2 * ar === ay && odd)) r -= r > 0 ? ay : -ay;
  return r === 0 ? (x < 0 || Object.is(x, -0) ? -0 : 0) : r;
}

function fdim(x: number, y: number): number {
  if (x !== x || y !== y) return NaN;
  return x > y ? x - y : 0;
}

/** The high 32 bits of the 64-bit product (PTX mul.hi). */
function mulhi(a: number, b: number, signed: boolean): number {
  const p = signed ? BigInt(a | 0) * BigInt(b | 0) : BigInt(a >>> 0) * BigInt(b >>> 0);
  return signed ? Number(BigInt.asIntN(32, p >> 32n)) : Number(BigInt.asUintN(32, p >> 32n));
}

const LOG10_2 = Math.log10(2);
const LOG2_10 = Math.log2(10);
const exp2f = deviceMath['exp2f']!;
const sinf = deviceMath['__sinf']!;
const cosf = deviceMath['__cosf']!;

const extra: Record<string, MathFn> = {
  tgamma,
  tgammaf: (x) => fr(tgamma(x)),
  lgamma,
  lgammaf: (x) => fr(lgamma(x)),
  erf,
  erff: (x) => fr(erf(x)),
  erfc,
  erfcf: (x) => fr(erfc(x)),
  remainder,
  remainderf: (x, y) => fr(remainder(x, y)),
  fdim,
  fdimf: (x, y) => fr(fdim(x, y)),
  copysign: (x, y) => (signbit(y) ? -Math.abs(x) : Math.abs(x)),
  // rounding to nearest even is what nearbyint does in the default rounding mode
  nearbyint: (x) => deviceMath['rint']!(x),
  nearbyintf: (x) => deviceMath['rintf']!(x),
  __fsub_rn: (x, y) => fr(x - y),
  // the MUFU approximations modelled from the ones cudamath has: __tanf is __sinf/__cosf as nvcc expands it
  __tanf: (x) => fr(sinf(x) / cosf(x)),
  __log2f: (x) => fr(Math.log2(x)),
  __log10f: (x) => fr(fr(Math.log2(x)) * fr(LOG10_2)),
  __exp10f: (x) => exp2f(fr(x * fr(LOG2_10))),
  // 24-bit multiplies: the operands' low 24 bits (sign-extended for the signed one), low 32 bits of the product
  __mul24: (a, b) => Math.imul((a << 8) >> 8, (b << 8) >> 8),
  __umul24: (a, b) => Math.imul(a & 0xffffff, b & 0xffffff) >>> 0,
  __mulhi: (a, b) => mulhi(a, b, true),
  __umulhi: (a, b) => mulhi(a, b, false),
  // Byte permutes, funnel shifts, halving adds and sums of absolute differences (CUDA's integer intrinsics)
  __byte_perm: (x, y, s) => bytePerm(x, y, s),
  __funnelshift_l: (lo, hi, n) => funnelLeft(lo, hi, n & 31),
  __funnelshift_lc: (lo, hi, n) => funnelLeft(lo, hi, Math.min(n >>> 0, 32)),
  __funnelshift_r: (lo, hi, n) => funnelRight(lo, hi, n & 31),
  __funnelshift_rc: (lo, hi, n) => funnelRight(lo, hi, Math.min(n >>> 0, 32)),
  __hadd: (x, y) => Math.floor((x + y) / 2) | 0,
  __rhadd: (x, y) => Math.floor((x + y + 1) / 2) | 0,
  __uhadd: (x, y) => Math.floor(((x >>> 0) + (y >>> 0)) / 2) >>> 0,
  __urhadd: (x, y) => Math.floor(((x >>> 0) + (y >>> 0) + 1) / 2) >>> 0,
  __sad: (x, y, z) => (Math.abs((x | 0) - (y | 0)) + (z >>> 0)) >>> 0,
  __usad: (x, y, z) => (Math.abs((x >>> 0) - (y >>> 0)) + (z >>> 0)) >>> 0,
};

/** __byte_perm: result byte n is byte (s >> 4n) & 7 of the 8 bytes y:x (x's are bytes 0-3). */
function bytePerm(x: number, y: number, s: number): number {
  let r = 0;
  for (let n = 0; n < 4; n++) {
    const b = (s >>> (4 * n)) & 7;
    r |= (((b < 4 ? x >>> (8 * b) : y >>> (8 * (b - 4))) & 255) << (8 * n));
  }
  return r >>> 0;
}

/** The high word of hi:lo shifted left by n (0..32). */
function funnelLeft(lo: number, hi: number, n: number): number {
  if (n === 0) return hi >>> 0;
  if (n === 32) return lo >>> 0;
  return ((hi << n) | (lo >>> (32 - n))) >>> 0;
}

/** The low word of hi:lo shifted right by n (0..32). */
function funnelRight(lo: number, hi: number, n: number): number {
  if (n === 0) return lo >>> 0;
  if (n === 32) return hi >>> 0;
  return ((lo >>> n) | (hi << (32 - n))) >>> 0;
}

// JS Math for what neither table has (correctly rounded to float for the f versions).
const fallback: Record<string, MathFn> = {};
for (const n of ['sqrt', 'cbrt', 'exp', 'expm1', 'log', 'log2', 'log10', 'log1p', 'sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sinh', 'cosh', 'tanh', 'asinh', 'acosh', 'atanh', 'atan2', 'hypot', 'pow'] as const) {
  const f = Math[n] as MathFn;
  fallback[n] = f;
  fallback[n + 'f'] = (...a: number[]) => fr(f(...a));
}
fallback['exp2'] = (x) => 2 ** x;
fallback['exp2f'] = (x) => fr(2 ** x);
fallback['exp10'] = (x) => 10 ** x;
fallback['exp10f'] = (x) => fr(10 ** x);
fallback['rsqrtf'] = (x) => fr(1 / Math.sqrt(x));

/** Device math functions by base name: the exact ports first, then the approximations above, then JS Math. */
export const MATH: Readonly<Record<string, MathFn>> = { ...fallback, ...extra, ...deviceMath };
