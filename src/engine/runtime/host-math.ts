import type { CType } from '../check/types.js';
import type { Scalar } from '../exec/env.js';
import type { HostBuiltin } from './context.js';
import { deviceMath, longLongAsDouble } from '../lib/cudamath.js';
import { MATH } from '../compile/devmath.js';

/*
 * libm on the host. glibc's double functions are correctly rounded or within an ulp;
 * V8's Math follows fdlibm, which agrees on the values teaching programs print. Float
 * versions (sqrtf, expf...) are computed in double and rounded once, which is how
 * glibc's own float functions are built.
 */

const f = Math.fround;

const unary: Record<string, (x: number) => number> = {
  sqrt: Math.sqrt, cbrt: Math.cbrt, exp: Math.exp, exp2: (x) => 2 ** x, expm1: Math.expm1, log: Math.log, log2: Math.log2,
  log10: Math.log10, log1p: Math.log1p, sin: Math.sin, cos: Math.cos, tan: Math.tan, asin: Math.asin, acos: Math.acos,
  atan: Math.atan, sinh: Math.sinh, cosh: Math.cosh, tanh: Math.tanh, fabs: Math.abs, floor: Math.floor, ceil: Math.ceil,
  trunc: Math.trunc, round: roundHalfAway,
  // V8's inverse hyperbolics are fdlibm's; glibc's dbl-64 ones share the formulas, with its own log: within an ulp.
  asinh: Math.asinh, acosh: Math.acosh, atanh: Math.atanh,
  rint: roundHalfEven, nearbyint: roundHalfEven,
};

/** lround and lrint on x86: a value outside long's range, or NaN, converts to the "integer indefinite" INT64_MIN. */
const toLong: Record<string, (x: number) => bigint> = {
  lround: (x) => indefinite(x) ?? BigInt(roundHalfAway(x)),
  lrint: (x) => indefinite(x) ?? BigInt(roundHalfEven(x)),
};

function indefinite(x: number): bigint | null {
  return x !== x || x >= 2 ** 63 || x < -(2 ** 63) ? -(2n ** 63n) : null;
}

/** Rounds half away from zero (C's round). */
function roundHalfAway(x: number): number {
  const r = Math.trunc(x);
  return Math.abs(x - r) >= 0.5 ? r + Math.sign(x) : r;
}

/** Rounds half to even (rint in the default rounding mode). */
function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

const binary: Record<string, (x: number, y: number) => number> = {
  pow: Math.pow, atan2: Math.atan2, fmod: (x, y) => x % y, hypot: Math.hypot,
  fmin: (x, y) => (Number.isNaN(x) ? y : Number.isNaN(y) ? x : Math.min(x, y)),
  fmax: (x, y) => (Number.isNaN(x) ? y : Number.isNaN(y) ? x : Math.max(x, y)),
};

/** The NaN an x86 invalid operation produces: sign set, quiet (printf shows "-nan"). */
const X86_NAN = longLongAsDouble(0xfff8000000000000n);

// The functions whose domain errors glibc 2.36 answers with a positive NaN (printf's "nan"); the rest give x86's "-nan" (measured).
const POSITIVE_NAN: ReadonlySet<string> = new Set(['acos', 'asin', 'log10', 'acosf', 'asinf', 'log10f']);

/** A NaN made from numbers (a domain error) with the sign glibc gives it; other results pass unchanged. */
function domainNaN(name: string, single: boolean, r: number, ...xs: number[]): number {
  if (r === r || xs.some((x) => x !== x)) return r;
  return POSITIVE_NAN.has(single ? `${name}f` : name) ? Number.NaN : X86_NAN;
}

const EXACT: ReadonlySet<string> = new Set(['copysign', 'copysignf', 'fdim', 'fdimf', 'remainder', 'remainderf']);

function isFloat32(t: CType | undefined): boolean {
  return t?.kind === 'float' && t.bits === 32;
}

/** C99's classification macros, which glibc answers for float and double alike. */
const classify: Record<string, (x: number) => number> = {
  isnan: (x) => (Number.isNaN(x) ? 1 : 0),
  isinf: (x) => (x === Infinity || x === -Infinity ? 1 : 0),
  isfinite: (x) => (Number.isFinite(x) ? 1 : 0),
  signbit: (x) => (x < 0 || Object.is(x, -0) || (Number.isNaN(x) && new Float64Array([x])[0]! < 0) ? 1 : 0),
};

/** Resolves a host math built-in by base name; float overloads (sqrtf, or sqrt with a float argument) round to float. */
export function hostMath(base: string): HostBuiltin | undefined {
  const floatName = base.endsWith('f') && !(base in unary) && !(base in binary) ? base.slice(0, -1) : null;
  const name = floatName ?? base;
  if (name === 'abs' || name === 'labs' || name === 'llabs') {
    return (_ctx, args) => {
      const v = args[0]!;
      if (typeof v === 'bigint') return BigInt.asIntN(64, v < 0n ? -v : v);
      return Number.isInteger(v) && name === 'abs' && !Object.is(v, -0) ? Math.abs(v) | 0 : Math.abs(v);
    };
  }
  if (base === 'min' || base === 'max') return minMax(base);
  const long = toLong[name.replace(/^ll/, 'l')];
  if (long) return (_ctx, args) => long(Number(args[0]));
  const c = classify[base];
  if (c) return (_ctx, args) => c(Number(args[0]));
  const u = unary[name];
  if (u) {
    return (_ctx, args, types) => {
      const single = floatName !== null || isFloat32(types[0]);
      const x = Number(args[0]);
      return domainNaN(name, single, single ? f(u(x)) : u(x), x);
    };
  }
  const b = binary[name];
  if (b) {
    return (_ctx, args, types) => {
      const single = floatName !== null || isFloat32(types[0]);
      const [x, y] = [Number(args[0]), Number(args[1])];
      return domainNaN(name, single, single ? f(b(x, y)) : b(x, y), x, y);
    };
  }
  // Exact operations (sign copy, positive difference, IEEE remainder) give the same bits in glibc and the device library.
  if (EXACT.has(base)) {
    const g = MATH[base]!;
    return (_ctx, args) => {
      const [x, y] = [Number(args[0]), Number(args[1])];
      const r = g(x, y);
      // An invalid operation (remainder by 0, of infinity) gives x86's default NaN, which is negative.
      return r !== r && x === x && y === y ? X86_NAN : r;
    };
  }
  // fma is exact in glibc; the device library's exact fma serves both sides.
  const fused = deviceMath[base];
  if (name === 'fma' && fused) return (_ctx, args: readonly Scalar[]) => fused(Number(args[0]), Number(args[1]), Number(args[2]));
  return undefined;
}

/**
 * CUDA's host min and max (crt/math_functions.hpp): integers compare in their common type, which
 * the checker converted both to; float and double are fminf/fmin and fmaxf/fmax, NaN-ignoring.
 */
function minMax(base: 'min' | 'max'): HostBuiltin {
  const fn = binary[base === 'min' ? 'fmin' : 'fmax']!;
  return (_ctx, args, types) => {
    const [a, b] = [args[0]!, args[1]!];
    if (types[0]?.kind === 'float') return fn(Number(a), Number(b));
    return (base === 'min' ? b < a : b > a) ? b : a;
  };
}
