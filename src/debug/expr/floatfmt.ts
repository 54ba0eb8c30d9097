/*
 * Floating-point text as gdb prints it: C's %g with DECIMAL_DIG significant digits for
 * the format (9 for float, 17 for double), and gdb's own spellings of the special values
 * (`inf`, `-inf`, `nan(0x400000)`, `-nan(0x8000000000000)`). Digits come from the exact
 * binary value with round-half-even, as glibc's printf does (JS's toPrecision rounds
 * exact ties away from zero).
 */

/** The exact decimal expansion of a finite positive double: significant digits and where the decimal point goes. */
function exactDecimal(x: number): { digits: string; point: number } {
  const dv = new DataView(new ArrayBuffer(8));
  dv.setFloat64(0, x);
  const hi = dv.getUint32(0);
  const lo = dv.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exp: number;
  if (biased === 0) exp = -1074;
  else {
    mant |= 1n << 52n;
    exp = biased - 1075;
  }
  if (exp >= 0) {
    const digits = (mant << BigInt(exp)).toString();
    return { digits, point: digits.length };
  }
  const digits = (mant * 5n ** BigInt(-exp)).toString();
  return { digits, point: digits.length + exp };
}

/** Rounds a digit string to `n` significant digits, half to even on exact ties. */
function roundTo(d: { digits: string; point: number }, n: number): { digits: string; point: number } {
  if (d.digits.length <= n) return { digits: d.digits.padEnd(n, '0'), point: d.point };
  const kept = d.digits.slice(0, n);
  const rest = d.digits.slice(n);
  const first = rest.charCodeAt(0) - 48;
  const beyond = /[1-9]/.test(rest.slice(1));
  const up = first > 5 || (first === 5 && (beyond || (kept.charCodeAt(n - 1) - 48) % 2 === 1));
  if (!up) return { digits: kept, point: d.point };
  const bumped = (BigInt(kept) + 1n).toString();
  return bumped.length > n ? { digits: bumped.slice(0, n), point: d.point + 1 } : { digits: bumped, point: d.point };
}

/** C's printf("%.{precision}g", x) for finite x. */
export function formatG(x: number, precision: number): string {
  const p = Math.max(1, precision);
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const sign = x < 0 ? '-' : '';
  const r = roundTo(exactDecimal(Math.abs(x)), p);
  const e = r.point - 1;
  if (e < -4 || e >= p) {
    const mant = stripZeros(r.digits[0] + '.' + r.digits.slice(1));
    return `${sign}${mant}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  }
  let fixed: string;
  if (r.point <= 0) fixed = '0.' + '0'.repeat(-r.point) + r.digits;
  else if (r.point >= r.digits.length) fixed = r.digits + '0'.repeat(r.point - r.digits.length);
  else fixed = r.digits.slice(0, r.point) + '.' + r.digits.slice(r.point);
  return sign + stripZeros(fixed);
}

/** %g drops trailing zeros of the fraction and a bare decimal point. */
function stripZeros(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** A float or double from its little-endian bytes as gdb prints it (%.9g / %.17g, inf, nan(0x...)). */
export function formatFloatBytes(bytes: Uint8Array, bits: 32 | 64, offset = 0): string {
  const dv = new DataView(bytes.buffer, bytes.byteOffset + offset, bits / 8);
  if (bits === 32) {
    const raw = dv.getUint32(0, true);
    const negative = raw >>> 31 === 1;
    if (((raw >>> 23) & 0xff) === 0xff) return special(negative, raw & 0x7fffff ? (raw & 0x7fffff).toString(16) : null);
    return formatG(dv.getFloat32(0, true), 9);
  }
  const lo = dv.getUint32(0, true);
  const hi = dv.getUint32(4, true);
  const negative = hi >>> 31 === 1;
  if (((hi >>> 20) & 0x7ff) === 0x7ff) {
    const top = hi & 0xfffff;
    // gdb's floatformat_mantissa: the top 20 bits with %lx, then the low 32 with %08lx.
    return special(negative, top || lo ? top.toString(16) + lo.toString(16).padStart(8, '0') : null);
  }
  return formatG(dv.getFloat64(0, true), 17);
}

/** inf or nan(0xMANTISSA), with gdb's sign. */
function special(negative: boolean, mantissa: string | null): string {
  const sign = negative ? '-' : '';
  return mantissa === null ? `${sign}inf` : `${sign}nan(0x${mantissa})`;
}
