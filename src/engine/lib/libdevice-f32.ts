// Float transcendental functions of CUDA 13's libdevice as the H100 runs them.
// logf, log2f, log10f, log1pf, sinf, cosf, hypotf and atan2f are step-by-step ports of the PTX
// that nvcc 13 emits for them (-O3 -arch=sm_90 -fmad=false): only correctly rounded float ops
// and fmas, so the port is bit exact. powf, tanf, atanf, asinf and acosf are ported too but call
// a MUFU reciprocal / reciprocal square root, modelled as the rounded value, so a few inputs
// differ by an ulp or two. Functions built mainly on the MUFU approximations (ex2/lg2/rsqrt/
// sin/cos.approx) cannot be reproduced without NVIDIA's hardware tables; they are computed in
// double (JS Math, fdlibm in V8) and rounded once; the golden tests bound their gap.

import { fmaFloat as fma } from './fma.js';
import { rintEven } from './rint.js';

const f = Math.fround;
const dv = new DataView(new ArrayBuffer(8));

function bitsF(x: number): number {
  dv.setFloat32(0, x);
  return dv.getUint32(0);
}
function fromBits(b: number): number {
  dv.setUint32(0, b >>> 0);
  return dv.getFloat32(0);
}

/** x + y rounded toward zero to float (PTX add.rz.f32). */
function addRz(x: number, y: number): number {
  const s = x + y;
  const bb = s - x;
  const err = x - (s - bb) + (y - bb);
  const t = f(s);
  if (!Number.isFinite(s) || t === 0) return t;
  // t is too far from zero if it rounded away from s, or equals s while the exact sum is smaller.
  if (Math.abs(t) > Math.abs(s) || (t === s && err !== 0 && err > 0 !== s > 0)) return fromBits(bitsF(t) - 1);
  return t;
}

/** Shared core of logf/log10f: natural log of a float via libdevice's reduction and polynomial. */
function logCore(x: number): number {
  const sub = x < 1.1754943508222875e-38;
  const x1 = sub ? f(x * 8388608) : x;
  const e0 = sub ? -23 : 0;
  const r5 = bitsF(x1);
  const r7 = ((r5 - 0x3f2aaaab) & 0xff800000) | 0; // exponent that puts the mantissa in [2/3, 4/3)
  const m = fromBits((r5 - r7) | 0);
  const e = fma(r7, 1.1920928955078125e-7, e0);
  const t = f(m - 1);
  let p = fma(fromBits(0xbe055027), t, fromBits(0x3e1039f6));
  p = fma(p, t, fromBits(0xbdf8cdcc));
  p = fma(p, t, fromBits(0x3e0f2955));
  p = fma(p, t, fromBits(0xbe2ad8b9));
  p = fma(p, t, fromBits(0x3e4ced0b));
  p = fma(p, t, fromBits(0xbe7fff22));
  p = fma(p, t, fromBits(0x3eaaaa78));
  p = fma(p, t, -0.5);
  let r = fma(e, fromBits(0x3f317218), fma(f(t * p), t, t));
  if (r5 >>> 0 >= 0x7f800000) r = fma(x1, Infinity, Infinity); // inf, NaN, negative
  return x1 === 0 ? -Infinity : r;
}

function log2f(x: number): number {
  const sub = x < 1.1754943508222875e-38;
  const x1 = sub ? f(x * 8388608) : x;
  const e0 = sub ? -23 : 0;
  const r5 = bitsF(x1);
  const r7 = ((r5 - 0x3f3504f3) & 0xff800000) | 0; // mantissa in [1/sqrt2, sqrt2)
  const m = fromBits((r5 - r7) | 0);
  const e = fma(r7, 1.1920928955078125e-7, e0);
  const t = f(m - 1);
  const c = [0xbe2c7f30, 0x3e2fcf2a, 0xbe374e43, 0x3e520bf4, 0xbe763c8b, 0x3e93bf99, 0xbeb8aa49, 0x3ef6384a, 0xbf38aa3b];
  let p = fma(fromBits(0x3dc6b27f), t, fromBits(c[0]));
  for (let i = 1; i < c.length; i++) p = fma(p, t, fromBits(c[i]));
  let r = f(e + fma(t, fromBits(0x3fb8aa3b), f(t * f(t * p))));
  if (r5 >>> 0 >= 0x7f800000) r = fma(x1, Infinity, Infinity);
  return x1 === 0 ? -Infinity : r;
}

function log1pf(x: number): number {
  const r7 = ((bitsF(addRz(x, 1)) - 0x3f400000) & 0xff800000) | 0;
  const r8 = bitsF(x);
  const m = fromBits((r8 - r7) | 0); // x scaled by 2^-k, exact
  const s = fromBits((0x40800000 - r7) | 0); // 4 * 2^-k
  const t = f(fma(0.25, s, -1) + m); // (1 + x) * 2^-k - 1
  const k = f(r7 * 1.1920928955078125e-7);
  const c = [0xbe0778e0, 0x3e146475, 0xbe2a68dd, 0x3e4caf9e, 0xbe800042, 0x3eaaaae6, 0xbf000000];
  let p = fma(fromBits(0xbd39bf78), t, fromBits(0x3dd80012));
  for (const ci of c) p = fma(p, t, fromBits(ci));
  let r = fma(k, fromBits(0x3f317218), fma(f(t * p), t, t));
  if (r8 >>> 0 >= 0x7f800000) {
    // negative or non-finite inputs: x < -1 and NaN/inf take the special path
    if ((r8 | 0) >= -1082130431) r = fma(x, Infinity, Infinity);
    if (x === 0) r = -0;
  }
  return r;
}

const I2OPI = 0xa2f9836e4e441529fc2757d1f534ddc0db6295993c439041n; // 2/pi, 192 bits

/** Payne-Hanek reduction for |x| >= 105615: [reduced argument, quadrant], as libdevice does it. */
function reduceSlow(x: number): [number, number] {
  const b = bitsF(x);
  const e = ((b >>> 23) & 255) - 128;
  const mant = BigInt(((b << 8) | 0x80000000) >>> 0);
  const prod = mant * I2OPI; // 224 bits = seven 32-bit words
  const w = (i: number): number => Number((prod >> BigInt(32 * i)) & 0xffffffffn);
  const idx = e >>> 5;
  let hi = w(6 - idx);
  let mid = w(5 - idx);
  const sh = e & 31;
  if (sh !== 0) {
    hi = ((hi << sh) + (mid >>> (32 - sh))) >>> 0;
    mid = ((mid << sh) + (w(4 - idx) >>> (32 - sh))) >>> 0;
  }
  const sign = b & 0x80000000;
  const r41 = ((mid >>> 30) | (hi << 2)) >>> 0;
  const r42 = r41 >>> 31;
  const q0 = r42 + (hi >>> 30);
  const q = sign === 0 ? q0 : -q0;
  const neg = r42 !== 0 ? sign === 0 : sign !== 0;
  const mask = r42 !== 0 ? 0xffffffff : 0;
  const frac = BigInt.asIntN(64, (BigInt((r41 ^ mask) >>> 0) << 32n) | BigInt(((mid << 2) ^ mask) >>> 0));
  const r = f(Number(frac) * 8.515303950216386e-20); // 0x3BF921FB54442D19 = pi/2 * 2^-64
  return [neg ? -r : r, q];
}

/** Cody-Waite reduction by pi/2 shared by sinf/cosf/tanf (Payne-Hanek beyond 105615). */
function reduceF(x: number): [number, number] {
  const qf = f(x * fromBits(0x3f22f983));
  let q = Math.abs(qf) < 2 ** 31 ? rintEven(qf) : qf > 0 ? 0x7fffffff : -0x80000000;
  let r = fma(q, fromBits(0xbfc90fda), x);
  r = fma(q, fromBits(0xb3a22168), r);
  r = fma(q, fromBits(0xa7c234c5), r);
  const ax = Math.abs(x);
  if (!(ax < 105615)) {
    if (ax === Infinity) [r, q] = [f(x * 0), 0];
    else if (!Number.isNaN(x)) [r, q] = reduceSlow(x);
  }
  return [r, q];
}

/** tanf: polynomial in the reduced argument; odd quadrants take the hardware reciprocal. */
function tanf(x: number): number {
  const [r, q] = reduceF(x);
  const r2 = f(r * r);
  let p = fma(fromBits(0x3c190000), r2, fromBits(0x3b560000));
  for (const c of [0x3cc70000, 0x3d5b0000, 0x3e089438, 0x3eaaaa88]) p = fma(p, r2, fromBits(c));
  let t = fma(p, f(r2 * r), r);
  if (Math.abs(r) === fromBits(0x3a00b43c)) t = r;
  return (q & 1) !== 0 ? rcpApprox(-t) : t;
}

/** sinf (cos = false) or cosf (cos = true) exactly as libdevice computes them. */
function sinCos(x: number, cos: boolean): number {
  let [r, q] = reduceF(x);
  if (cos) q = (q + 1) | 0;
  const even = (q & 1) === 0;
  const r7 = even ? r : 1;
  const r2 = f(r * r);
  let p = even ? fromBits(0xb94d4153) : fma(fromBits(0x37cbac00), r2, fromBits(0xbab607ed));
  p = fma(p, r2, fromBits(even ? 0x3c0885e4 : 0x3d2aaabb));
  p = fma(p, r2, fromBits(even ? 0xbe2aaaa8 : 0xbeffffff));
  let res = fma(p, fma(r2, r7, 0), r7);
  if ((q & 2) !== 0) res = fma(res, -1, 0);
  return res;
}

/** __fdividef = div.approx.f32: x * rcp.approx(y); the reciprocal of |y| > 2^126 is 0. */
function fdividef(x: number, y: number): number {
  const ay = Math.abs(y);
  if (ay > 2 ** 126 && ay !== Infinity) return f(x * 0 * Math.sign(y));
  const r = f(1 / y);
  // a subnormal divisor is pre-scaled by the hardware, so its reciprocal does not overflow
  return f(Number.isFinite(r) || y === 0 ? x * r : x / y);
}

const ATAN_POLY = [0x3d2cdab2, 0xbd992d10, 0x3dd9ea6c, 0xbe117cb1, 0x3e4cbce0, 0xbeaaaa7d];

/** atan2f(y, x): odd polynomial of min/max (IEEE division), then octant fix-ups. */
function atan2f(y: number, x: number): number {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const steep = ay > ax;
  const big = steep ? ay : ax;
  const t = f((steep ? ax : ay) / big);
  const t2 = f(t * t);
  let p = fma(fromBits(0x3b33710b), t2, fromBits(0xbc807748));
  for (const c of ATAN_POLY) p = fma(p, t2, fromBits(c));
  let r = fma(f(t2 * p), t, t);
  const xNeg = (bitsF(x) & 0x80000000) !== 0;
  const halfPiHi = fromBits(0x3fd774eb); // pi/2 = this * 0x3f6ee581 (pi = this * 0x3feee581)
  if (steep) r = fma(fromBits(0x3f6ee581), halfPiHi, xNeg ? r : -r);
  else if (xNeg) r = fma(fromBits(0x3feee581), halfPiHi, -r);
  if (ax === ay) r = fromBits(xNeg ? 0x4016cbe4 : 0x3f490fdb); // 3pi/4 or pi/4
  if (big === 0) r = xNeg ? fromBits(0x40490fdb) : 0;
  const s = f(ax + ay);
  if (Number.isNaN(s)) return s;
  return (bitsF(y) & 0x80000000) !== 0 ? -Math.abs(r) : Math.abs(r);
}

/** Model of rcp.approx.ftz.f32 / rsqrt.approx.ftz.f32 (MUFU): the rounded value, usually right. */
const rcpApprox = (x: number): number => f(1 / x);
const rsqrtApprox = (x: number): number => f(1 / Math.sqrt(x));
const PI_2_A = fromBits(0x3f6ee581); // pi/2 = PI_2_A * PI_2_B in an fma
const PI_2_B = fromBits(0x3fd774eb);

const ATANF_POLY = [0x3d23397e, 0xbd948a7a, 0x3dd76b21, 0xbe111e88, 0x3e4caf60, 0xbeaaaa27];

/** atanf: polynomial on |x| or on 1/|x| (hardware reciprocal) for |x| > 1. */
function atanf(x: number): number {
  const ax = Math.abs(x);
  const t = ax > 1 ? rcpApprox(ax) : ax;
  const t2 = f(t * t);
  let p = fma(fromBits(0x3b2090aa), t2, fromBits(0xbc6be14f));
  for (const c of ATANF_POLY) p = fma(p, t2, fromBits(c));
  let r = fma(f(t2 * p), t, t);
  if (!(ax <= 1)) r = fma(PI_2_A, PI_2_B, -r);
  return ax <= Infinity ? (bitsF(x) & 0x80000000 ? -Math.abs(r) : Math.abs(r)) : r;
}

/** sqrt((1 - |x|) / 2) as asinf/acosf compute it: hardware rsqrt plus one Newton correction. */
function sqrtHalfComplement(ax: number): number {
  const h = fma(0.5, -ax, 0.5);
  const s = rsqrtApprox(h);
  const r = f(h * s);
  const corr = fma(-r, f(s * 0.5), 0.5);
  return ax === 1 ? 0 : fma(r, corr, r);
}

/** asinf: polynomial near 0, pi/2 - 2 asin(sqrt((1-|x|)/2)) beyond 0.56. */
function asinf(x: number): number {
  const ax = Math.abs(x);
  const big = ax > fromBits(0x3f0f5c29);
  const t = big ? sqrtHalfComplement(ax) : ax;
  const t2 = f(t * t);
  let p = fma(fromBits(0x3d4dd2f7), t2, fromBits(0x3c99ca97));
  for (const c of [0x3d3f90e8, 0x3d993ccf, 0x3e2aac04]) p = fma(p, t2, fromBits(c));
  const r0 = fma(f(t2 * p), t, t);
  const r = big ? fma(PI_2_A, PI_2_B, f(r0 * -2)) : r0;
  return r <= Infinity ? (bitsF(x) & 0x80000000 ? -Math.abs(r) : Math.abs(r)) : r;
}

/** acosf: pi/2 - asin(x) near 0, 2 asin(sqrt((1-|x|)/2)) (mirrored for x < 0) beyond 0.56. */
function acosf(x: number): number {
  const ax = Math.abs(x);
  const big = ax > fromBits(0x3f0f5c29);
  const t0 = big ? sqrtHalfComplement(ax) : ax;
  const t = bitsF(x) & 0x80000000 ? -Math.abs(t0) : Math.abs(t0);
  const t2 = f(t * t);
  let p = fma(fromBits(0x3d10ecef), t2, fromBits(0x3c8b1abb));
  for (const c of [0x3cfc028c, 0x3d372139, 0x3d9993db, 0x3e2aaac6]) p = fma(p, t2, fromBits(c));
  const a = fma(f(t2 * p), t, t);
  const r = x > fromBits(0x3f0f5c29) ? a : fma(PI_2_A, PI_2_B, big ? a : -a);
  return big ? f(r + r) : r;
}

/** powf's core: 2^(y * log2|x|) with log2 as a head/tail pair; |x| finite and non-zero. */
function powCore(ax0: number, y: number): number {
  const sub = ax0 < 1.1754943508222875e-38;
  const ax = sub ? f(ax0 * 16777216) : ax0;
  const r5 = bitsF(ax);
  const r7 = ((r5 - 0x3f3504f3) & 0xff800000) | 0;
  const m = fromBits((r5 - r7) | 0);
  const e = fma(r7, 1.1920928955078125e-7, sub ? -24 : 0);
  const mm1 = f(m - 1);
  const inv = rcpApprox(f(m + 1));
  const u = f(f(mm1 + mm1) * inv);
  const u2 = f(u * u);
  const d = f(mm1 - u);
  const uTail = f(inv * fma(-u, mm1, f(d + d)));
  let p = fma(fromBits(0x3a2c32e4), u2, fromBits(0x3b52e7db));
  p = fma(p, u2, fromBits(0x3c93bb73));
  p = f(fma(p, u2, fromBits(0x3df6384f)) * u2);
  const L2E = fromBits(0x3fb8aa3b);
  const hi0 = fma(u, L2E, e);
  let lo = fma(uTail, L2E, fma(u, L2E, f(e - hi0)));
  lo = fma(u, fromBits(0x32a55e34), lo);
  lo = fma(p, u, fma(f(p * 3), uTail, lo));
  const hi = f(hi0 + lo);
  const lo2 = f(lo - f(hi - hi0));
  // y * log2|x| as head + tail, then 2^frac by polynomial and 2^int by exponent arithmetic
  const t = f(hi * y);
  const tTail = fma(lo2, y, fma(hi, y, -t));
  const n = rintEven(t);
  const r = f(tTail + f(t - n));
  let q = fma(fromBits(0x391fcb8e), r, fromBits(0x3aaf85ed));
  for (const c of [0x3c1d9856, 0x3d6357bb, 0x3e75fdec, 0x3f317218]) q = fma(q, r, fromBits(c));
  q = fma(q, r, 1);
  const ni = Math.abs(n) < 2 ** 31 ? Math.trunc(n) : n > 0 ? 0x7fffffff : -0x80000000;
  const bias = n > 0 ? 0 : -2097152000;
  const res = f(f(q * fromBits((bias + 0x7f000000) | 0)) * fromBits(((ni << 23) - bias) | 0));
  if (Math.abs(t) > 152) return t < 0 ? 0 : Infinity;
  return res;
}

/** powf with C99 special cases, in libdevice's order. */
function powf(x: number, y: number): number {
  if (x === 1 || y === 0) return 1;
  if (Number.isNaN(x) || Number.isNaN(y)) return f(x + y);
  const yOdd = Math.abs(f(y - f(2 * Math.trunc(f(y * 0.5))))) === 1;
  const ax = Math.abs(x);
  if (x === 0 || ax === Infinity) {
    const b = bitsF(f(x + x));
    const r16 = y < 0 ? (b ^ 0x7f800000) >>> 0 : b;
    return fromBits(yOdd ? r16 : r16 & 0x7fffffff);
  }
  if (x === -1 && Math.abs(y) === Infinity) return 1;
  const r = powCore(ax, y);
  if (x >= 0) return r;
  return Math.floor(y) !== y ? NaN : yOdd ? -r : r;
}

/** hypotf: scale both by a power of two from the larger, fma the squares, IEEE sqrt, unscale. */
function hypotf(x: number, y: number): number {
  const ax = bitsF(Math.abs(x));
  const ay = bitsF(Math.abs(y));
  // The bit patterns of non-negative floats order like their values (NaN above inf).
  const lo = fromBits(Math.min(ax, ay));
  const hiBits = Math.max(ax, ay);
  const e = hiBits & 0xfe000000;
  const scale = fromBits(0x7e800000 - e);
  const a = f(lo * scale);
  const b = f(fromBits(hiBits) * scale);
  const r = f(f(Math.sqrt(fma(b, b, f(a * a)))) * fromBits(e | 0x00800000));
  if (lo === Infinity) return Infinity;
  return lo === 0 ? fromBits(hiBits) : r;
}

/** The libdevice float functions keyed by CUDA name. */
export const libdeviceF32: Record<string, (...args: number[]) => number> = {
  logf: logCore,
  log10f: (x) => f(logCore(x) * fromBits(0x3ede5bd9)),
  log2f,
  log1pf,
  hypotf,
  atan2f,
  atanf,
  powf,
  tanf,
  asinf,
  acosf,
  sinf: (x) => sinCos(x, false),
  cosf: (x) => sinCos(x, true),
  // MUFU-based: double then one rounding (not bit exact, see the test's tolerances)
  rsqrtf: (x) => f(1 / Math.sqrt(x)),
  cbrtf: (x) => f(Math.cbrt(x)),
  expf: (x) => f(Math.exp(x)),
  exp2f: (x) => f(2 ** x),
  exp10f: (x) => f(10 ** x),
  expm1f: (x) => f(Math.expm1(x)),
  sinhf: (x) => f(Math.sinh(x)),
  coshf: (x) => f(Math.cosh(x)),
  tanhf: (x) => f(Math.tanh(x)),
  // __fdividef = div.approx.f32: x * rcp.approx(y); the reciprocal of |y| > 2^126 is 0.
  __fdividef: fdividef,
  // __expf = ex2.approx(x * log2(e)) with the product rounded to float first
  __expf: (x) => f(2 ** f(x * fromBits(0x3fb8aa3b))),
  // __logf = lg2.approx(x) * ln(2)
  __logf: (x) => f(f(Math.log2(x)) * fromBits(0x3f317218)),
  // sin.approx/cos.approx: within 2^-19 absolute of the GPU for |x| <= 100; the hardware's
  // reduction of larger arguments is not modelled (the GPU loses accuracy there anyway)
  __sinf: (x) => f(Math.sin(x)),
  __cosf: (x) => f(Math.cos(x)),
  // __powf = ex2.approx(y * lg2.approx(x))
  __powf: (x, y) => f(2 ** f(y * f(Math.log2(x)))),
  // the / operator on floats (IEEE division with the default -prec-div=true)
  fdiv: (x, y) => f(x / y),
};
