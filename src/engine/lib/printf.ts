// printf formatting that reproduces glibc (x86-64, C locale, round-to-nearest) byte for byte.
// Simulated programs print with printf on host and device, and users diff that output against
// real runs, so floating conversions use exact BigInt arithmetic on the binary value (glibc
// prints the exact decimal expansion, correctly rounded, ties to even) instead of toFixed.
//
// Strings are byte strings: every char code is 0..255.
// Argument conventions (documented choices where C would be undefined):
// - a missing argument reads as 0 (integers, doubles, pointers) or "" (%s);
// - an int argument for a floating conversion is converted to a double by value, and a double
//   argument for an integer conversion is truncated toward zero (C's cast), not reinterpreted;
// - %Lf etc. format the given double (a long double holding that value prints the same digits,
//   except %La, which glibc prints with the x87 layout; here it prints like %a);
// - the sign of a NaN is read from its bit pattern (V8 keeps the bits of NaNs read from memory).

import { SimulatorError } from '../exec/env.js';

/** One printf argument as the simulator passes it (after C's default promotions). */
export type PrintfArg =
  | { kind: 'int'; value: bigint }
  | { kind: 'double'; value: number }
  | { kind: 'string'; value: string | null }
  | { kind: 'pointer'; value: bigint };

interface Spec {
  minus: boolean;
  plus: boolean;
  space: boolean;
  alt: boolean;
  zero: boolean;
  width: number;
  prec: number; // -1 when absent
  len: string;
  conv: string;
}

/** Formats like glibc printf; throws on %n, which the simulator does not support. */
export function formatPrintf(format: string, args: readonly PrintfArg[]): string {
  return formatWith(format, args, false);
}

/**
 * Formats CUDA device printf output: the same rules as the host for every conversion (checked on
 * an H100: %s of NULL is "(null)", %p of 0 "(nil)", floats exact, "-nan" for negative NaNs,
 * '*' width honoured), except that the H100 prints a specification with a '.*' precision
 * literally ("%.*f") without consuming arguments. Not reproduced: with %hhd the H100 misreads
 * the arguments that follow it. Mismatched arguments arrive already reinterpreted as the GPU's
 * printf buffer does it (runtime/device-printf-args.ts).
 */
export function formatDevicePrintf(format: string, args: readonly PrintfArg[]): string {
  return formatWith(format, args, true);
}

function formatWith(format: string, args: readonly PrintfArg[], device: boolean): string {
  let out = '';
  let ai = 0;
  const next = (): PrintfArg | undefined => args[ai++];
  let i = 0;
  while (i < format.length) {
    const pct = format.indexOf('%', i);
    if (pct < 0) {
      out += format.slice(i);
      break;
    }
    out += format.slice(i, pct);
    i = pct + 1;
    const sp: Spec = { minus: false, plus: false, space: false, alt: false, zero: false, width: 0, prec: -1, len: '', conv: '' };
    for (; i < format.length; i++) {
      const c = format[i];
      if (c === '-') sp.minus = true;
      else if (c === '+') sp.plus = true;
      else if (c === ' ') sp.space = true;
      else if (c === '#') sp.alt = true;
      else if (c === '0') sp.zero = true;
      else if (c === "'" || c === 'I') continue; // grouping / locale digits: no effect in the C locale
      else break;
    }
    if (format[i] === '*') {
      i++;
      const w = Number(BigInt.asIntN(32, intOf(next())));
      // A negative * width means left-justify with its absolute value (C11 7.21.6.1p5).
      if (w < 0) sp.minus = true;
      sp.width = Math.abs(w);
    } else {
      while (i < format.length && isDigit(format[i])) sp.width = sp.width * 10 + (format.charCodeAt(i++) - 48);
    }
    let starPrec = false;
    if (format[i] === '.') {
      i++;
      if (format[i] === '*') {
        i++;
        starPrec = true;
        // device printf echoes such a specification (below) and consumes no argument for it
        if (!device) {
          const p = Number(BigInt.asIntN(32, intOf(next())));
          sp.prec = p < 0 ? -1 : p; // a negative * precision is taken as omitted
        }
      } else {
        sp.prec = 0;
        while (i < format.length && isDigit(format[i])) sp.prec = sp.prec * 10 + (format.charCodeAt(i++) - 48);
      }
    }
    const lm = /^(hh|h|ll|l|L|q|z|j|t|Z)/.exec(format.slice(i, i + 2));
    if (lm) {
      sp.len = lm[1];
      i += lm[1].length;
    }
    if (i >= format.length) {
      out += format.slice(pct); // glibc prints an incomplete trailing specification as is
      break;
    }
    sp.conv = format[i++];
    if (device && starPrec) {
      out += format.slice(pct, i);
      continue;
    }
    out += convert(sp, next, format.slice(pct, i));
  }
  return out;
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

function intOf(a: PrintfArg | undefined): bigint {
  if (!a) return 0n;
  if (a.kind === 'int' || a.kind === 'pointer') return a.value;
  if (a.kind === 'double') return Number.isFinite(a.value) ? BigInt(Math.trunc(a.value)) : 0n;
  return 0n; // a string has no integer value here: the simulator passes pointers as 'pointer'
}

function doubleOf(a: PrintfArg | undefined): number {
  if (!a) return 0;
  if (a.kind === 'double') return a.value;
  if (a.kind === 'int' || a.kind === 'pointer') return Number(a.value);
  return 0;
}

function bitsOfLen(len: string): number {
  if (len === 'hh') return 8;
  if (len === 'h') return 16;
  if (len === '') return 32;
  return 64; // l, ll, q, L, z, j, t are all 64-bit on x86-64
}

function convert(sp: Spec, next: () => PrintfArg | undefined, text: string): string {
  switch (sp.conv) {
    case '%':
      return '%';
    case 'd':
    case 'i': {
      const v = BigInt.asIntN(bitsOfLen(sp.len), intOf(next()));
      const sign = v < 0n ? '-' : sp.plus ? '+' : sp.space ? ' ' : '';
      return intField(sp, sign, '', digitsOf(v < 0n ? -v : v, 10, sp));
    }
    case 'u':
    case 'x':
    case 'X':
    case 'o': {
      const v = BigInt.asUintN(bitsOfLen(sp.len), intOf(next()));
      const base = sp.conv === 'u' ? 10 : sp.conv === 'o' ? 8 : 16;
      let digits = digitsOf(v, base, sp);
      if (sp.conv === 'X') digits = digits.toUpperCase();
      let prefix = '';
      if (sp.alt && sp.conv === 'o' && !digits.startsWith('0')) digits = '0' + digits;
      if (sp.alt && v !== 0n && base === 16) prefix = sp.conv === 'X' ? '0X' : '0x';
      return intField(sp, '', prefix, digits);
    }
    case 'c': {
      const v = Number(BigInt.asUintN(8, intOf(next())));
      return pad(String.fromCharCode(v), sp.width, sp.minus);
    }
    case 's': {
      const a = next();
      let s = a === undefined ? '' : a.kind === 'string' ? (a.value ?? null) : null;
      // glibc prints "(null)" for a NULL %s unless the precision is too small to hold it.
      if (s === null) s = sp.prec >= 0 && sp.prec < 6 ? '' : '(null)';
      if (sp.prec >= 0) s = s.slice(0, sp.prec);
      return pad(s, sp.width, sp.minus);
    }
    case 'p': {
      const v = BigInt.asUintN(64, intOf(next()));
      if (v === 0n) return pad('(nil)', sp.width, sp.minus);
      // glibc formats a non-null pointer as %#lx, honouring +, space, 0 and precision.
      const sign = sp.plus ? '+' : sp.space ? ' ' : '';
      return intField(sp, sign, '0x', digitsOf(v, 16, sp));
    }
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
    case 'a':
    case 'A':
      return floatField(sp, doubleOf(next()));
    case 'n':
      // A SimulatorError ends the run with one diagnostic at the printf's statement, not an internal error.
      throw new SimulatorError("printf's %n conversion is not supported by Warpscope");
    default:
      return text; // glibc echoes an unknown conversion specification
  }
}

function digitsOf(v: bigint, base: number, sp: Spec): string {
  // C: precision 0 with value 0 prints no digits at all.
  if (v === 0n && sp.prec === 0) return '';
  let d = v.toString(base);
  if (sp.prec > d.length) d = '0'.repeat(sp.prec - d.length) + d;
  return d;
}

function intField(sp: Spec, sign: string, prefix: string, digits: string): string {
  const body = sign + prefix + digits;
  // The 0 flag is ignored with '-' or with an explicit precision.
  if (sp.zero && !sp.minus && sp.prec < 0 && body.length < sp.width) {
    return sign + prefix + '0'.repeat(sp.width - body.length) + digits;
  }
  return pad(body, sp.width, sp.minus);
}

function pad(s: string, width: number, left: boolean): string {
  if (s.length >= width) return s;
  return left ? s + ' '.repeat(width - s.length) : ' '.repeat(width - s.length) + s;
}

// ---- floating point ----

const f64 = new DataView(new ArrayBuffer(8));

/** Sign bit, and |x| = mant * 2^exp exactly (finite x only). */
function decompose(x: number): { neg: boolean; mant: bigint; exp: number } {
  f64.setFloat64(0, x);
  const bits = f64.getBigUint64(0);
  const neg = bits >> 63n === 1n;
  const be = Number((bits >> 52n) & 0x7ffn);
  const frac = bits & 0xfffffffffffffn;
  if (be === 0) return { neg, mant: frac, exp: -1074 };
  return { neg, mant: frac | (1n << 52n), exp: be - 1075 };
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** round(num / den) with ties to even. */
function divRound(num: bigint, den: bigint): bigint {
  const q = num / den;
  const r2 = (num % den) * 2n;
  if (r2 > den || (r2 === den && (q & 1n) === 1n)) return q + 1n;
  return q;
}

/** The value as an exact fraction num/den. */
function fraction(mant: bigint, exp: number): [bigint, bigint] {
  return exp >= 0 ? [mant << BigInt(exp), 1n] : [mant, 1n << BigInt(-exp)];
}

/** Digits of |x| rounded to `prec` decimals, as an integer scaled by 10^prec. */
function fixedDigits(mant: bigint, exp: number, prec: number): string {
  const [num, den] = fraction(mant, exp);
  return divRound(num * pow10(prec), den).toString();
}

/** |x| as d.ddd * 10^X with prec digits after the point: returns [digits (prec+1 of them), X]. */
function expDigits(mant: bigint, exp: number, prec: number): [string, number] {
  if (mant === 0n) return ['0'.repeat(prec + 1), 0];
  const [num, den] = fraction(mant, exp);
  // Estimate the decimal exponent with floating point, then correct it exactly.
  let x = Math.floor(Math.log10(Number(mant)) + exp * Math.LOG10E * Math.LN2);
  const ge = (k: number): boolean => (k >= 0 ? num >= den * pow10(k) : num * pow10(-k) >= den);
  while (!ge(x)) x--;
  while (ge(x + 1)) x++;
  const shift = prec - x;
  let d = shift >= 0 ? divRound(num * pow10(shift), den) : divRound(num, den * pow10(-shift));
  // Rounding may carry into a new digit (9.99 -> 10.0); the result is then an exact power of ten.
  if (d === pow10(prec + 1)) {
    d = pow10(prec);
    x++;
  }
  return [d.toString(), x];
}

function withPoint(intPart: string, frac: string, alt: boolean): string {
  return frac.length > 0 || alt ? `${intPart}.${frac}` : intPart;
}

function expSuffix(x: number, upper: boolean): string {
  const a = Math.abs(x);
  return (upper ? 'E' : 'e') + (x < 0 ? '-' : '+') + (a < 10 ? '0' : '') + a;
}

function formatF(mant: bigint, exp: number, prec: number, alt: boolean): string {
  let d = fixedDigits(mant, exp, prec);
  if (d.length <= prec) d = '0'.repeat(prec + 1 - d.length) + d;
  return withPoint(d.slice(0, d.length - prec), d.slice(d.length - prec), alt);
}

function formatE(mant: bigint, exp: number, prec: number, alt: boolean, upper: boolean): string {
  const [d, x] = expDigits(mant, exp, prec);
  return withPoint(d[0], d.slice(1), alt) + expSuffix(x, upper);
}

function formatG(mant: bigint, exp: number, precIn: number, alt: boolean, upper: boolean): string {
  const p = precIn < 0 ? 6 : precIn === 0 ? 1 : precIn;
  // C: X is the exponent %e would print with precision P-1 (after rounding).
  const x = expDigits(mant, exp, p - 1)[1];
  let s = p > x && x >= -4 ? formatF(mant, exp, p - 1 - x, alt) : formatE(mant, exp, p - 1, alt, upper);
  if (!alt) {
    const ePos = s.search(/[eE]/);
    const head = ePos < 0 ? s : s.slice(0, ePos);
    const tail = ePos < 0 ? '' : s.slice(ePos);
    s = (head.includes('.') ? head.replace(/0+$/, '').replace(/\.$/, '') : head) + tail;
  }
  return s;
}

function formatA(mant: bigint, exp: number, prec: number, alt: boolean, upper: boolean): string {
  let lead: bigint;
  let frac: bigint; // 52 fraction bits = 13 hex digits
  let e: number;
  if (mant === 0n) {
    lead = 0n;
    frac = 0n;
    e = 0;
  } else if (mant < 1n << 52n) {
    // glibc prints subnormals as 0x0.xxxp-1022
    lead = 0n;
    frac = mant;
    e = -1022;
  } else {
    lead = 1n;
    frac = mant - (1n << 52n);
    e = exp + 52;
  }
  let digits: string;
  if (prec < 0) {
    digits = frac.toString(16).padStart(13, '0').replace(/0+$/, '');
  } else if (prec >= 13) {
    digits = frac.toString(16).padStart(13, '0') + '0'.repeat(prec - 13);
  } else {
    // Round the fraction to prec hex digits, ties to even; a carry bumps the leading digit.
    const drop = BigInt(4 * (13 - prec));
    const whole = (lead << 52n) | frac;
    const r = divRound(whole, 1n << drop);
    lead = r >> BigInt(4 * prec);
    const f = r & ((1n << BigInt(4 * prec)) - 1n);
    digits = prec === 0 ? '' : f.toString(16).padStart(prec, '0');
  }
  const body = `0x${lead.toString(16)}${digits.length > 0 || alt ? '.' : ''}${digits}p${e < 0 ? '-' : '+'}${Math.abs(e)}`;
  return upper ? body.toUpperCase() : body;
}

function floatField(sp: Spec, x: number): string {
  const upper = sp.conv === 'F' || sp.conv === 'E' || sp.conv === 'G' || sp.conv === 'A';
  const lower = sp.conv.toLowerCase();
  f64.setFloat64(0, x);
  const neg = (f64.getUint8(0) & 0x80) !== 0;
  const sign = neg ? '-' : sp.plus ? '+' : sp.space ? ' ' : '';
  if (!Number.isFinite(x)) {
    const word = Number.isNaN(x) ? 'nan' : 'inf';
    // inf/nan ignore the 0 flag and precision.
    return pad(sign + (upper ? word.toUpperCase() : word), sp.width, sp.minus);
  }
  const { mant, exp } = decompose(x);
  let body: string;
  let prefixLen = 0;
  if (lower === 'f') body = formatF(mant, exp, sp.prec < 0 ? 6 : sp.prec, sp.alt);
  else if (lower === 'e') body = formatE(mant, exp, sp.prec < 0 ? 6 : sp.prec, sp.alt, upper);
  else if (lower === 'g') body = formatG(mant, exp, sp.prec, sp.alt, upper);
  else {
    body = formatA(mant, exp, sp.prec, sp.alt, upper);
    prefixLen = 2; // zero padding goes after "0x"
  }
  const len = sign.length + body.length;
  if (sp.zero && !sp.minus && len < sp.width) {
    return sign + body.slice(0, prefixLen) + '0'.repeat(sp.width - len) + body.slice(prefixLen);
  }
  return pad(sign + body, sp.width, sp.minus);
}
