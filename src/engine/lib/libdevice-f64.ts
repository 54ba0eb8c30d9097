// Double-precision libdevice functions ported step by step from the PTX nvcc 13 emits
// (-O3 -arch=sm_90 -fmad=false), so they are bit exact against the H100. Every fma here is the
// exact fused operation (fmaDouble), which is what makes the port exact.

import { fmaDouble as fma } from './fma.js';

const dv = new DataView(new ArrayBuffer(8));

function d(hex: bigint): number {
  dv.setBigUint64(0, hex);
  return dv.getFloat64(0);
}
function hiWord(x: number): number {
  dv.setFloat64(0, x);
  return dv.getInt32(0);
}
function withHi(x: number, hi: number): number {
  dv.setFloat64(0, x);
  dv.setInt32(0, hi | 0);
  return dv.getFloat64(0);
}

const EXP_POLY = [
  0x3ec71dee62401315n, 0x3efa01997c89eb71n, 0x3f2a01a014761f65n, 0x3f56c16c1852b7afn,
  0x3f81111111122322n, 0x3fa55555555502a1n, 0x3fc5555555555511n, 0x3fe000000000000bn,
].map(d);
const SHIFTER = d(0x4338000000000000n); // 1.5 * 2^52: adding it rounds to an integer in the low bits
const LN2_HI = d(0xbfe62e42fefa39efn);
const LN2_LO = d(0xbc7abc9e3b39803fn);
const EXP_SAFE = f32(0x4086232b); // |x| below about 708.4: 2^k is a normal double
const EXP_LIMIT = f32(0x40874800); // |x| beyond about 745.1: the result is 0 or inf

function f32(bits: number): number {
  dv.setUint32(0, bits);
  return dv.getFloat32(0);
}

/** CUDA exp(double): k = round(x / ln2), degree-11 polynomial of the remainder, scaled by 2^k. */
export function expDouble(x: number): number {
  const t0 = fma(x, d(0x3ff71547652b82fen), SHIFTER);
  dv.setFloat64(0, t0);
  const k = dv.getInt32(4); // low word holds the integer
  const kd = t0 - SHIFTER;
  const r = fma(kd, LN2_LO, fma(kd, LN2_HI, x));
  let p = fma(d(0x3e5ade1569ce2bdfn), r, d(0x3e928af3fca213ean));
  for (const c of EXP_POLY) p = fma(p, r, c);
  p = fma(fma(p, r, 1), r, 1);
  // libdevice compares the high word of x reinterpreted as a float against thresholds.
  dv.setInt32(0, hiWord(x));
  const hiAbs = Math.abs(dv.getFloat32(0));
  if (hiAbs < EXP_SAFE) return withHi(p, hiWord(p) + (k << 20));
  const big = x < 0 ? 0 : x + Infinity;
  if (!(hiAbs < EXP_LIMIT)) return big;
  // Near the limits 2^k alone would overflow or underflow: scale in two halves.
  const k1 = (k + (k >>> 31)) >> 1;
  const a = withHi(p, hiWord(p) + (k1 << 20));
  const b = withHi(0, ((k - k1) << 20) + 0x3ff00000);
  return a * b;
}
