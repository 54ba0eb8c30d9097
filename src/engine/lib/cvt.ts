import { rintEven } from './rint.js';

/*
 * CUDA's conversion intrinsics with an explicit rounding mode (__float2int_rn, __int2float_rz,
 * __double2float_ru, __ll2double_rd, ...): each rounds once, in its own mode, as the GPU's cvt does.
 * Float -> integer saturates. A NaN gives 0 from float to a 32-bit integer, and the integer's
 * lowest value (0x80...0) from double or to a 64-bit integer: an H100 printed 0 for
 * __float2int_rn(NaN) and __float2uint_rn(NaN), INT_MIN for __double2int_rn(NaN) and INT64_MIN for
 * __float2ll_rn(NaN), and the same pattern for the unsigned and double -> unsigned ones
 * (test/conformance/rules/float_conv_intrinsics.cu and float_conv_edges.cu).
 */

/** A rounding mode suffix: to nearest even, toward zero, up (+inf), down (-inf). */
export type RoundMode = 'rn' | 'rz' | 'ru' | 'rd';

/** A conversion intrinsic: its argument and result as the generated code holds them (bigint for 64-bit integers). */
export type CvtFn = (x: number | bigint) => number | bigint;

/** x rounded to an integer in mode m (x finite). */
function roundIntegral(x: number, m: RoundMode): number {
  if (m === 'rz') return Math.trunc(x);
  if (m === 'ru') return Math.ceil(x);
  if (m === 'rd') return Math.floor(x);
  return rintEven(x);
}

interface IntFormat { readonly min: bigint; readonly max: bigint; readonly wide: boolean }

const INT_FORMATS: Readonly<Record<string, IntFormat>> = {
  int: { min: -(2n ** 31n), max: 2n ** 31n - 1n, wide: false },
  uint: { min: 0n, max: 2n ** 32n - 1n, wide: false },
  ll: { min: -(2n ** 63n), max: 2n ** 63n - 1n, wide: true },
  ull: { min: 0n, max: 2n ** 64n - 1n, wide: true },
};

/** Rounds a float or double to an integer format, saturating; `fromDouble` picks the NaN result. */
function toInt(x: number, m: RoundMode, name: string, fromDouble: boolean): number | bigint {
  const f = INT_FORMATS[name]!;
  let v: bigint;
  if (x !== x) v = !fromDouble && !f.wide ? 0n : f.wide ? 2n ** 63n : 2n ** 31n;
  else {
    const r = roundIntegral(x, m);
    v = r <= Number(f.min) ? f.min : r >= Number(f.max) ? f.max : BigInt(r);
  }
  if (f.wide) return f.min < 0n ? BigInt.asIntN(64, v) : v;
  return f.min < 0n ? Number(BigInt.asIntN(32, v)) : Number(v);
}

const f32Bits = new Float32Array(1);
const u32Bits = new Uint32Array(f32Bits.buffer);
const f64Bits = new Float64Array(1);
const u64Bits = new BigUint64Array(f64Bits.buffer);

/** The next single (or double) after the finite r, toward +inf (up) or -inf. */
function step(r: number, up: boolean, single: boolean): number {
  if (r === 0) return (up ? 1 : -1) * (single ? 2 ** -149 : Number.MIN_VALUE);
  const away = r > 0 === up;
  if (single) {
    f32Bits[0] = r;
    u32Bits[0] = away ? u32Bits[0]! + 1 : u32Bits[0]! - 1;
    return f32Bits[0]!;
  }
  f64Bits[0] = r;
  u64Bits[0] = away ? u64Bits[0]! + 1n : u64Bits[0]! - 1n;
  return f64Bits[0]!;
}

/** Is r's significand even (round to nearest's tie-break)? */
function evenSignificand(r: number, single: boolean): boolean {
  if (single) {
    f32Bits[0] = r;
    return (u32Bits[0]! & 1) === 0;
  }
  f64Bits[0] = r;
  return (u64Bits[0]! & 1n) === 0n;
}

/** The two neighbours lo < v < hi of a value v that r (v rounded to nearest) is not; `above`: r > v. */
function bracket(r: number, above: boolean, single: boolean): [number, number] {
  return above ? [step(r, false, single), r] : [r, step(r, true, single)];
}

/** The double x rounded to single in mode m. */
function doubleToSingle(x: number, m: RoundMode): number {
  const r = Math.fround(x);
  if (r !== r || r === x || m === 'rn' || !Number.isFinite(x)) return r;
  const [lo, hi] = bracket(r, r > x, true);
  if (m === 'ru') return hi;
  if (m === 'rd') return lo;
  return x > 0 ? lo : hi;
}

/** The integer b rounded to single (or double) in mode m, exactly (no double rounding through a double). */
function integerToFloat(b: bigint, m: RoundMode, single: boolean): number {
  const d = Number(b); // to nearest double, ties to even
  if (d >= -(2 ** 53) && d <= 2 ** 53) return single ? doubleToSingle(d, m) : d;
  const r = single ? Math.fround(d) : d;
  const rb = BigInt(r);
  if (rb === b) return r;
  const [lo, hi] = bracket(r, rb > b, single);
  if (m === 'ru') return hi;
  if (m === 'rd') return lo;
  if (m === 'rz') return b > 0n ? lo : hi;
  const below = b - BigInt(lo), above = BigInt(hi) - b;
  if (below !== above) return below < above ? lo : hi;
  return evenSignificand(lo, single) ? lo : hi;
}

const MODES: readonly RoundMode[] = ['rn', 'rz', 'ru', 'rd'];

function build(): Record<string, CvtFn> {
  const out: Record<string, CvtFn> = {};
  for (const m of MODES) {
    for (const to of ['int', 'uint', 'll', 'ull']) {
      out[`__float2${to}_${m}`] = (x) => toInt(Number(x), m, to, false);
      out[`__double2${to}_${m}`] = (x) => toInt(Number(x), m, to, true);
    }
    for (const from of ['int', 'uint', 'll', 'ull']) {
      out[`__${from}2float_${m}`] = (x) => integerToFloat(BigInt(x), m, true);
      out[`__${from}2double_${m}`] = (x) => integerToFloat(BigInt(x), m, false);
    }
    out[`__double2float_${m}`] = (x) => doubleToSingle(Number(x), m);
  }
  return out;
}

/** Every conversion intrinsic by name. CUDA declares __int2double_rn and __uint2double_rn only in rn (exact anyway). */
export const CONVERSIONS: Readonly<Record<string, CvtFn>> = build();

/** The argument and result kinds of a conversion intrinsic's name, or null when it is not one CUDA declares. */
export function conversionSignature(name: string): { from: NumKind; to: NumKind } | null {
  const m = /^__(float|double|int|uint|ll|ull)2(float|double|int|uint|ll|ull)_r([nzud])$/.exec(name);
  if (!m || !Object.prototype.hasOwnProperty.call(CONVERSIONS, name)) return null;
  const from = m[1] as NumKind, to = m[2] as NumKind;
  if ((from === 'int' || from === 'uint') && to === 'double' && m[3] !== 'n') return null;
  return { from, to };
}

/** The C types a conversion intrinsic's name spells. */
export type NumKind = 'float' | 'double' | 'int' | 'uint' | 'll' | 'ull';
