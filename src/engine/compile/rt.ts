import { ProgramExit } from '../exec/env.js';

/*
 * Scalar helpers that generated code calls for operations whose C semantics need more than one
 * JS operator. Device variants follow PTX, host variants follow x86-64 (see each function).
 * Kept small and monomorphic so V8 inlines them into the lane loops.
 */

/** Raised by host integer division by zero (and INT_MIN / -1), as x86 raises SIGFPE. */
export class HostSigfpe extends ProgramExit {
  constructor() {
    super(136);
  }
}

/** Device signed 32-bit division: PTX div.s32 by zero gives -1 (all ones); INT_MIN / -1 wraps. */
export function sdiv32d(a: number, b: number): number {
  return b === 0 ? -1 : (a / b) | 0;
}
/** Device unsigned 32-bit division: by zero gives 0xffffffff. */
export function udiv32d(a: number, b: number): number {
  return b === 0 ? 4294967295 : Math.floor(a / b) >>> 0;
}
/** Device signed remainder: by zero gives -1 (all ones), as the H100 prints for 13 % 0 and -13 % 0. */
export function srem32d(a: number, b: number): number {
  return b === 0 ? -1 : (a % b) | 0;
}
/** Device unsigned remainder: by zero gives 0xffffffff (all ones), as on the H100. */
export function urem32d(a: number, b: number): number {
  return b === 0 ? 4294967295 : (a % b) >>> 0;
}
/** Host signed division: x86 idiv faults on zero and on INT_MIN / -1. */
export function sdiv32h(a: number, b: number): number {
  if (b === 0 || (b === -1 && a === -2147483648)) throw new HostSigfpe();
  return (a / b) | 0;
}
/** Host unsigned division. */
export function udiv32h(a: number, b: number): number {
  if (b === 0) throw new HostSigfpe();
  return Math.floor(a / b) >>> 0;
}
/** Host signed remainder (idiv computes both, so INT_MIN % -1 faults too). */
export function srem32h(a: number, b: number): number {
  if (b === 0 || (b === -1 && a === -2147483648)) throw new HostSigfpe();
  return (a % b) | 0;
}
/** Host unsigned remainder. */
export function urem32h(a: number, b: number): number {
  if (b === 0) throw new HostSigfpe();
  return (a % b) >>> 0;
}
/** 64-bit division: device by zero gives all ones, host faults. */
export function div64(a: bigint, b: bigint, signed: boolean, host: boolean): bigint {
  if (b === 0n) {
    if (host) throw new HostSigfpe();
    return signed ? -1n : 0xffffffffffffffffn;
  }
  if (host && signed && b === -1n && a === -0x8000000000000000n) throw new HostSigfpe();
  return signed ? BigInt.asIntN(64, a / b) : BigInt.asUintN(64, a / b);
}
/** 64-bit remainder (device by zero: all ones, -1 when signed, as the H100 gives). */
export function rem64(a: bigint, b: bigint, signed: boolean, host: boolean): bigint {
  if (b === 0n) {
    if (host) throw new HostSigfpe();
    return signed ? -1n : 0xffffffffffffffffn;
  }
  if (host && signed && b === -1n && a === -0x8000000000000000n) throw new HostSigfpe();
  return signed ? BigInt.asIntN(64, a % b) : BigInt.asUintN(64, a % b);
}

/** Device shl.b32: counts >= 32 (unsigned) give 0, as PTX clamps. */
export function shl32d(a: number, n: number): number {
  return n >>> 0 >= 32 ? 0 : a << n;
}
/** Device shr.s32: counts >= 32 fill with the sign. */
export function sar32d(a: number, n: number): number {
  return a >> (n >>> 0 >= 32 ? 31 : n);
}
/** Device shr.u32: counts >= 32 give 0. */
export function shr32d(a: number, n: number): number {
  return n >>> 0 >= 32 ? 0 : a >>> n;
}
/** 64-bit shifts: device clamps like PTX, host masks the count to 6 bits like x86. */
export function shl64(a: bigint, n: bigint, signed: boolean, host: boolean): bigint {
  let c = BigInt.asUintN(64, n);
  if (host) c &= 63n;
  else if (c >= 64n) return 0n;
  return signed ? BigInt.asIntN(64, a << c) : BigInt.asUintN(64, a << c);
}
/** 64-bit right shift (arithmetic for signed). */
export function shr64(a: bigint, n: bigint, signed: boolean, host: boolean): bigint {
  let c = BigInt.asUintN(64, n);
  if (host) c &= 63n;
  else if (c >= 64n) c = 64n;
  return signed ? BigInt.asIntN(64, a >> c) : BigInt.asUintN(64, a >> c);
}

/** Device cvt.rzi.s32: saturates, NaN -> 0. */
export function f2i32d(x: number): number {
  if (x !== x) return 0;
  if (x >= 2147483647) return 2147483647;
  if (x <= -2147483648) return -2147483648;
  return Math.trunc(x) | 0;
}
/** Device cvt.rzi.u32: saturates to [0, 2^32-1], NaN -> 0. */
export function f2u32d(x: number): number {
  if (x !== x || x <= 0) return 0;
  if (x >= 4294967295) return 4294967295;
  return Math.trunc(x) >>> 0;
}
/** Host cvttss2si: out of range (and NaN) gives INT_MIN. */
export function f2i32h(x: number): number {
  const t = Math.trunc(x);
  return t >= -2147483648 && t <= 2147483647 ? t | 0 : -2147483648;
}
/** Host float -> unsigned int: gcc converts through a 64-bit cvttsd2si and keeps the low 32 bits. */
export function f2u32h(x: number): number {
  const t = Math.trunc(x);
  if (t >= -9223372036854775808 && t < 9223372036854775808) return Number(BigInt.asUintN(32, BigInt(t)));
  return 0;
}
/** Float -> 64-bit integer: device saturates (NaN -> 0), host gives INT64_MIN when out of range. */
export function f2i64(x: number, signed: boolean, host: boolean): bigint {
  if (x !== x) return host ? -0x8000000000000000n : 0n;
  const t = Math.trunc(x);
  if (signed) {
    if (t >= 9223372036854775807) return host ? -0x8000000000000000n : 0x7fffffffffffffffn;
    if (t < -9223372036854775808) return -0x8000000000000000n;
    return BigInt(t);
  }
  if (t <= 0) return host && t < 0 && t >= -9223372036854775808 ? BigInt.asUintN(64, BigInt(t)) : 0n;
  if (t >= 18446744073709551615) return host ? 0x8000000000000000n : 0xffffffffffffffffn;
  return BigInt(t);
}

/** fma with one rounding for doubles (error-free product and sum; exact except in rare double-rounding cases). */
export function fma(a: number, b: number, c: number): number {
  const p = a * b;
  if (!Number.isFinite(p) || !Number.isFinite(c) || p === 0 || c === 0) return p + c;
  const split = 134217729; // 2^27 + 1 (Veltkamp)
  let t = split * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = split * b;
  const bh = t - (t - b);
  const bl = b - bh;
  const pe = al * bl - (((p - ah * bh) - al * bh) - ah * bl);
  const s = p + c;
  const bb = s - p;
  const se = (p - (s - bb)) + (c - bb);
  return s + (se + pe);
}
/** fmaf: the float product is exact in a double, so one double add then fround (double rounding is possible only at ties). */
export function fmaf(a: number, b: number, c: number): number {
  return Math.fround(a * b + c);
}

/** Converts a 64-bit integer or pointer-sized value to a pointer number. */
export function toPtr(v: number | bigint): number {
  if (typeof v === 'bigint') return Number(BigInt.asUintN(64, v));
  return v < 0 ? Number(BigInt.asUintN(64, BigInt(v))) : v;
}
