// CUDA pow(double, double), ported step by step from the PTX of nvcc 13 (-O3 -arch=sm_90
// -fmad=false): log|x| as a double-double, times y, exponentiated with a tail correction.
// Bit exact against the H100 except where the hardware reciprocal guess matters (it is refined
// by Newton steps, so it practically never does).

import { fmaDouble as fma } from './fma.js';
import { expDouble } from './libdevice-f64.js';
import { bitsToDouble as d, fromWords, hiWord as hi, rcpApprox64, withHi } from './double-bits.js';

const dv = new DataView(new ArrayBuffer(8));

const POLY = [0x3ef3b20a75488a3fn, 0x3f1745cde4faecd5n, 0x3f3c71c7258a578bn, 0x3f6249249242b910n, 0x3f89999999999dfbn].map(d);
const C3 = d(0x3fb5555555555555n);
const LN2_HI = d(0x3fe62e42fefa39efn);
const LN2_LO = d(0x3c7abc9e3b39803fn);

/** __internal_accurate_pow(|x|, y) for finite non-zero |x|. */
function accuratePow(xIn: number, y: number): number {
  let x = xIn;
  let e = hi(x) >>> 20;
  if (e === 0) {
    x *= 2 ** 54;
    e = (hi(x) >>> 20) - 54;
  }
  let k = e - 1023;
  let mHi = (hi(x) & 0x800fffff) | 0x3ff00000;
  if (mHi >>> 0 >= 0x3ff6a09f) {
    mHi -= 0x100000;
    k = e - 1022;
  }
  const m = withHi(x, mHi);
  const mp1 = m + 1;
  const a = rcpApprox64(mp1);
  const e1 = fma(-mp1, a, 1);
  const inv = fma(fma(e1, e1, e1), a, a);
  const mm1 = m - 1;
  const w = mm1 * inv;
  const u = w + w; // 2(m-1)/(m+1); log m = atanh series in u
  const v = u * u;
  let p = fma(d(0x3eb0f5ff7d2cafe2n), v, d(0x3ed0f5d241ad3b5an));
  for (const c of POLY) p = fma(p, v, c);
  p = v * p;
  const df = mm1 - u;
  const uT = inv * fma(-u, mm1, df + df); // tail of u
  // (p + 1/12) as a double-double
  const s0 = p + C3;
  const s1 = p + (C3 - s0) + 0 + d(0xbc46a4cb00b9e7b0n);
  const ph = s0 + s1;
  const pl = s1 + (s0 - ph);
  // u^2 and u^3 as double-doubles
  const u2 = u * u;
  const u2l = fma(u, withHi(uT, hi(uT) + 0x100000), fma(u, u, -u2));
  const u3 = u2 * u;
  const u3l = fma(u2l, u, fma(u2, uT, fma(u2, u, -u3)));
  const t = ph * u3;
  const tl = fma(pl, u3, fma(ph, u3l, fma(ph, u3, -t)));
  const r0 = t + tl;
  const r0l = tl + (t - r0);
  const r1 = u + r0;
  const r1l = uT + (r0l + (r0 + (u - r1)));
  const lh = r1 + r1l;
  const ll = r1l + (r1 - lh);
  // + k ln 2
  const hk = fma(k, LN2_HI, lh);
  const lo = fma(k, LN2_LO, ll - (fma(-k, LN2_HI, hk) - lh));
  const logH = hk + lo;
  const logL = lo + (hk - logH);
  // y * log|x|; a huge |y| loses exponent bits so the products stay finite (result is 0 or inf)
  const hy = hi(y);
  const y2 = (hy << 1) >>> 0 > 0xfdffffff ? withHi(y, hy & 0xff0fffff) : y;
  const z = logH * y2;
  const zl = fma(logL, y2, fma(logH, y2, -z));
  const zh = z + zl;
  const zt = zl + (z - zh);
  let r = expDouble(zh);
  if (Math.abs(r) !== Infinity) r = fma(r, zt, r);
  return r;
}

/** True if y is an odd integer, tested as libdevice does by shifting its bits. */
function isOddInteger(y: number): boolean {
  dv.setFloat64(0, y);
  const bits = dv.getBigUint64(0);
  const sh = ((hi(y) & 0x7ff00000) >>> 20) - 1012;
  if (sh < 0 || sh > 63) return false;
  return ((bits << BigInt(sh)) & 0xffffffffffffffffn) === 0x8000000000000000n;
}

/** CUDA pow(x, y) with its C99 special cases. */
export function powDouble(x: number, y: number): number {
  const hx = hi(x);
  const hy = hi(y);
  let res = accuratePow(Math.abs(x), y);
  let odd: boolean;
  if (x === 0) {
    odd = isOddInteger(y) && Math.abs(y) !== 0.5;
    const h = odd ? hx : 0;
    res = fromWords(hy < 0 ? h | 0x7ff00000 : h, 0);
  } else {
    odd = isOddInteger(y);
    if (hx < 0) {
      if (odd) res = -res;
      if (Math.trunc(y) !== y) res = d(0xfff8000000000000n);
    }
  }
  const s = x + y;
  if ((hi(s) & 0x7ff00000) === 0x7ff00000) {
    const ax = Math.abs(x);
    const ay = Math.abs(y);
    if (Number.isNaN(ax) || Number.isNaN(ay)) res = x + y;
    else if (ay === Infinity) {
      const big = ax > 1 ? 0x7ff00000 : 0;
      res = fromWords(x === -1 ? 0x3ff00000 : hy < 0 ? big ^ 0x7ff00000 : big, 0);
    } else if (ax === Infinity) {
      const h = hy >= 0 ? 0x7ff00000 : 0;
      const negOdd = hx < 0 && odd && (hy & 0x7fffffff) !== 0x3fe00000;
      res = fromWords(negOdd ? h | 0x80000000 : h, 0);
    }
  }
  return y === 0 || x === 1 ? 1 : res;
}
