// Exact fused multiply-add for float and double. CUDA's fmaf/fma (and every contracted a*b+c)
// round once; emulating them with a*b+c in doubles would round twice and differ from the GPU.

const dv = new DataView(new ArrayBuffer(8));

/** fmaf(x, y, z) rounded once to float32: exact product in double, then round-to-odd. */
export function fmaFloat(x: number, y: number, z: number): number {
  const p = x * y; // exact: 24x24-bit product fits a double, no overflow or underflow for floats
  if (!Number.isFinite(p) || !Number.isFinite(z)) return Math.fround(p + z);
  const s = p + z;
  // TwoSum: s + err is exactly p + z.
  const bb = s - p;
  const err = p - (s - bb) + (z - bb);
  if (err === 0 || s === 0) return Math.fround(s);
  // Round to odd at double precision keeps enough information (53 >= 24 + 2 bits) for the final
  // rounding to float to be the correctly rounded result of the exact sum.
  dv.setFloat64(0, s);
  let bits = dv.getBigUint64(0);
  const towardZero = s > 0 !== err > 0;
  if (towardZero) bits -= 1n; // truncate: the exact value lies below |s|
  bits |= 1n;
  dv.setBigUint64(0, bits);
  return Math.fround(dv.getFloat64(0));
}

/** |x| = mant * 2^exp with the sign apart; x finite and non-zero. */
function parts(x: number): { neg: boolean; mant: bigint; exp: number } {
  dv.setFloat64(0, x);
  const bits = dv.getBigUint64(0);
  const be = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & 0xfffffffffffffn;
  return { neg: bits >> 63n === 1n, mant: be === 0 ? frac : frac | (1n << 52n), exp: be === 0 ? -1074 : be - 1075 };
}

function bitLength(v: bigint): number {
  return v.toString(2).length;
}

/** Exact power-of-two scaling of an integer-valued double, done in steps that never round. */
function scale(v: number, e: number): number {
  let r = v;
  let k = e;
  while (k > 600) {
    r *= 2 ** 600;
    k -= 600;
  }
  while (k < -600) {
    r *= 2 ** -600;
    k += 600;
  }
  return r * 2 ** k;
}

/** fma(x, y, z) for doubles, rounded once to nearest-even, via exact BigInt arithmetic. */
export function fmaDouble(x: number, y: number, z: number): number {
  if (!Number.isFinite(x) || !Number.isFinite(y) || x === 0 || y === 0) return x * y + z;
  // a finite exact product never overflows inside fma: an infinite or NaN addend decides alone
  if (!Number.isFinite(z)) return z;
  if (z === 0) return x * y; // the exact product (non-zero) rounds once; its sign is kept
  const a = parts(x);
  const b = parts(y);
  const c = parts(z);
  const pe = a.exp + b.exp;
  const pm = a.mant * b.mant * (a.neg !== b.neg ? -1n : 1n);
  const cm = c.neg ? -c.mant : c.mant;
  const e0 = Math.min(pe, c.exp);
  const sum = (pm << BigInt(pe - e0)) + (cm << BigInt(c.exp - e0));
  if (sum === 0n) return 0; // exact cancellation gives +0 in round-to-nearest
  const neg = sum < 0n;
  const mag = neg ? -sum : sum;
  // Keep 53 significant bits, but never below the subnormal quantum 2^-1074.
  const shift = Math.max(bitLength(mag) - 53, -1074 - e0);
  let q = mag;
  if (shift > 0) {
    const sh = BigInt(shift);
    q = mag >> sh;
    const rem = mag - (q << sh);
    const half = 1n << (sh - 1n);
    if (rem > half || (rem === half && (q & 1n) === 1n)) q += 1n;
  }
  const r = scale(Number(q), e0 + Math.max(shift, 0));
  return neg ? -r : r;
}
