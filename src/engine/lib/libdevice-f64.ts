// Double-precision libdevice functions ported step by step from the PTX nvcc 13 emits
// (-O3 -arch=sm_90 -fmad=false), so they are bit exact against the H100. Every fma here is the
// exact fused operation (fmaDouble), which is what makes the port exact.

import { fmaDouble as fma } from './fma.js';
import { bitsToDouble as d, hiWord, rcpApprox64, withHi } from './double-bits.js';
import { rintEven } from './rint.js';

const dv = new DataView(new ArrayBuffer(8));

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

// 2/pi as 18 little-endian 64-bit words (__cudart_i2opi_d).
const I2OPI_D = [
  0x6bfb5fb11f8d5d08n, 0x3d0739f78a5292ean, 0x7527bac7ebe5f17bn, 0x4f463f669e5fea2dn, 0x6d367ecf27cb09b7n,
  0xef2f118b5a0a6d1fn, 0x1ff897ffde05980fn, 0x9c845f8bbdf9283bn, 0x3991d639835339f4n, 0xe99c7026b45f7e41n,
  0xe88235f52ebb4484n, 0xfe1deb1cb129a73en, 0x06492eea09d1921cn, 0xb7246e3a424dd2e0n, 0xfe5163abdebbc561n,
  0xdb6295993c439041n, 0xfc2757d1f534ddc0n, 0xa2f9836e4e441529n,
];
const M64 = (1n << 64n) - 1n;

/** __internal_trig_reduction_slowpathd: Payne-Hanek for |x| >= 2^31, as [r, quadrant]. */
function trigReduceSlow(x: number): [number, number] {
  dv.setFloat64(0, x);
  const bits = dv.getBigUint64(0);
  const hi = dv.getUint32(0);
  const e = (hi >>> 20) & 2047;
  if (e === 2047) return [x, 0];
  const k = (e - 1024) >>> 6;
  const first = 15 - k;
  const last = 16 - k > 14 ? 18 : 19 - k;
  const mant = ((bits << 11n) & M64) | (1n << 63n);
  const w: bigint[] = [];
  let carry = 0n;
  for (let i = first; i < last; i++) {
    const p = I2OPI_D[i] * mant + carry;
    w.push(p & M64);
    carry = p >> 64n;
  }
  w.push(carry);
  let lo = w[2];
  let top = w[3];
  const sh = BigInt(((hi >>> 20) - 1024) & 63);
  if (sh !== 0n) {
    top = ((top << sh) | (lo >> (64n - sh))) & M64;
    lo = ((w[1] >> (64n - sh)) | (lo << sh)) & M64;
  }
  const q0 = Number(top >> 62n);
  const a = ((lo >> 62n) | (top << 2n)) & M64; // fraction, high word
  const round = Number((top >> 61n) & 1n);
  const signBit = hi & 0x80000000;
  const q = signBit === 0 ? q0 + round : -(q0 + round);
  const b = (lo << 2n) & M64; // fraction, low word
  // A fraction above one half is taken as its negative complement (128-bit negate).
  const neg128 = ((1n << 128n) - ((a << 64n) | b)) & ((1n << 128n) - 1n);
  const fh = round === 0 ? a : neg128 >> 64n;
  const fl = round === 0 ? b : neg128 & M64;
  const sign = round === 0 ? signBit : (signBit ^ 0x80000000) >>> 0;
  const lz = fh === 0n ? 64 : 64 - fh.toString(2).length;
  const norm = lz === 0 ? fh : ((fh << BigInt(lz)) | (fl >> BigInt(64 - lz))) & M64;
  const prod = norm * 0xc90fdaa22168c235n; // times pi/2 in 0.64 fixed point
  let ph = prod >> 64n;
  let extra = 0n;
  if (ph < 1n << 63n && ph > 0n) {
    ph = (prod << 1n) >> 64n;
    extra = 1n;
  }
  const expPart = (0x3fe0000000000000n - ((BigInt(lz) + extra) << 52n)) & M64;
  const mantPart = (((ph + 1n) >> 10n) + 1n) >> 1n;
  dv.setBigUint64(0, ((expPart + mantPart) & M64) | (BigInt(sign) << 32n));
  return [dv.getFloat64(0), q];
}

/** Cody-Waite reduction by pi/2 shared by sin, cos and tan (Payne-Hanek from 2^31): the remainder and the quadrant. */
function trigReduce(x: number): [number, number] {
  if (Math.abs(x) === Infinity) return [x * 0, 0];
  if (!(Math.abs(x) < 2 ** 31)) return trigReduceSlow(x);
  const t = x * d(0x3fe45f306dc9c883n);
  const q = Math.abs(t) < 2 ** 31 ? rintEven(t) : t > 0 ? 0x7fffffff : -0x80000000;
  let r = fma(-q, d(0x3ff921fb54442d18n), x);
  r = fma(-q, d(0x3c91a62633145c00n), r);
  r = fma(-q, d(0x397b839a252049c0n), r);
  return [r, q];
}

const SIN_POLY = [0xbe5ae5f12cb0d246n, 0x3ec71de369ace392n, 0xbf2a01a019db62a1n, 0x3f81111111110818n, 0xbfc5555555555554n, 0n].map(d);
const COS_POLY = [0x3e21eea7c1ef8528n, 0xbe927e4f8e06e6d9n, 0x3efa01a019ddbce9n, 0xbf56c16c16c15d47n, 0x3fa5555555555551n, 0xbfe0000000000000n].map(d);

/** CUDA sin (cos = false) or cos (cos = true) for doubles, bit exact. */
export function sinCosDouble(x: number, cos: boolean): number {
  let [r, q] = trigReduce(x);
  if (cos) q = (q + 1) | 0;
  const odd = (q & 1) !== 0;
  const c = odd ? COS_POLY : SIN_POLY;
  const r2 = r * r;
  let p = odd ? d(0xbda8ff8320fd8164n) : d(0x3de5db65f9785eban);
  for (const ci of c) p = fma(p, r2, ci);
  let res = odd ? fma(p, r2, 1) : fma(p, r, r);
  if ((q & 2) !== 0) res = fma(res, -1, 0);
  return res;
}

const TAN_POLY = [
  0x3f0980e90fd91e04n, 0xbefae2b0417d7e1dn, 0x3f119f5341bfba57n, 0x3f15e791a00f6919n, 0x3f2ff2e7fadec73an,
  0x3f434bc1b206da62n, 0x3f57db18ef2f83f9n, 0x3f6d6d2e7ae49fbcn, 0x3f8226e3a816a776n, 0x3f9664f485d25660n,
  0x3faba1ba1babf31dn, 0x3fc11111111105d2n, 0x3fd555555555555en,
].map(d);

/** CUDA tan for doubles: sin's reduction, an odd polynomial, and -1/tan in odd quadrants. */
export function tanDouble(x: number): number {
  const [r, q] = trigReduce(x);
  const r2 = r * r;
  let p = fma(d(0x3ee48dac2799bcb9n), r2, d(0xbef9757c5b27ebb1n));
  for (const c of TAN_POLY) p = fma(p, r2, c);
  const p2 = r2 * p;
  let y = fma(p2, r, r);
  if ((q & 1) !== 0) {
    // -1/y with y = r + p2*r carried as a head/tail pair; Newton steps refine the hardware guess
    const tail = fma(p2, r, -(y - r));
    const a = rcpApprox64(y);
    const e = fma(-y, a, 1);
    const inv = fma(fma(e, e, e), a, a);
    const n = -inv;
    y = fma(fma(n, tail, fma(y, n, 1)), n, n);
  }
  return y;
}

const LOG_POLY = [0x3ef3b2669f02676fn, 0x3f1745cba9ab0956n, 0x3f3c71c72d1b5154n, 0x3f624924923be72dn, 0x3f8999999999a3c4n, 0x3fb5555555555554n].map(d);

/** CUDA log for doubles: m in [sqrt(1/2), sqrt(2)), atanh series in u = 2(m-1)/(m+1), + e ln2. */
export function logDouble(xIn: number): number {
  let x = xIn;
  let e = -1023;
  if (hiWord(x) <= 0xfffff) {
    x *= 2 ** 54; // subnormal (or non-positive) input: scale into the normal range
    e = -1077;
  }
  const hi = hiWord(x);
  if ((hi - 1) >>> 0 >= 0x7fefffff) {
    // zero, negative, inf or NaN
    return (hi & 0x7fffffff) === 0 ? -Infinity : fma(x, Infinity, Infinity);
  }
  e += hi >>> 20;
  let mHi = (hi & 0x800fffff) | 0x3ff00000;
  if (mHi >= 0x3ff6a09f) {
    mHi -= 0x100000;
    e += 1;
  }
  const m = withHi(x, mHi);
  const mp1 = m + 1;
  const a = rcpApprox64(mp1);
  const inv = fma(fma(fma(-mp1, a, 1), fma(-mp1, a, 1), fma(-mp1, a, 1)), a, a);
  const mm1 = m - 1;
  const w = mm1 * inv;
  const u = w + w;
  const v = u * u;
  let p = fma(d(0x3eb1380b3ae80f1en), v, d(0x3ed0ee258b7a8b04n));
  for (const c of LOG_POLY) p = fma(p, v, c);
  const diff = mm1 - u;
  const corr = inv * fma(-u, mm1, diff + diff); // rounding error of u, as in libdevice
  const tail = fma(v * p, u, corr);
  const hiSum = fma(e, LN2_HI_POS, u);
  const lo = fma(e, LN2_LO_POS, tail - (fma(-e, LN2_HI_POS, hiSum) - u));
  return hiSum + lo;
}

const LN2_HI_POS = d(0x3fe62e42fefa39efn);
const LN2_LO_POS = d(0x3c7abc9e3b39803fn);
