import { formatPrintf } from './printf.js';

/*
 * What libstdc++'s `std::ostream` writes for one `<<` of a value (GCC 12, C locale), byte for
 * byte: num_put formats numbers through the C library's printf with the format the stream's
 * flags select ("%.*g" by default, precision 6), so the digits come from formatPrintf, which
 * reproduces glibc. Strings are byte strings (char codes 0..255).
 */

/** The format state of one stream: what the <ios>/<iomanip> manipulators set. */
export interface OstreamFlags {
  /** Field width of the next formatted output only (0: none); the stream resets it after each. */
  width: number;
  precision: number;
  fill: string;
  /** floatfield: 'hex' is fixed|scientific together, what std::hexfloat sets. */
  float: 'general' | 'fixed' | 'scientific' | 'hex';
  base: 10 | 16 | 8;
  adjust: 'right' | 'left' | 'internal';
  boolalpha: boolean;
  showpos: boolean;
  showbase: boolean;
  showpoint: boolean;
  uppercase: boolean;
}

/** A stream's state as constructed: precision 6, fill ' ', decimal, right-adjusted. */
export function defaultFlags(): OstreamFlags {
  return { width: 0, precision: 6, fill: ' ', float: 'general', base: 10, adjust: 'right', boolalpha: false, showpos: false, showbase: false, showpoint: false, uppercase: false };
}

/** One operand of `<<`, by the overload C++ picks for its type. */
export type OstreamValue =
  | { readonly kind: 'char'; readonly code: number }
  | { readonly kind: 'bool'; readonly value: boolean }
  /** Any integer type but the char types, with its type's width and signedness. */
  | { readonly kind: 'int'; readonly value: bigint; readonly bits: number; readonly signed: boolean }
  /** float is printed as the double of the same value (ostream::operator<<(float) converts). */
  | { readonly kind: 'float'; readonly value: number }
  | { readonly kind: 'string'; readonly text: string }
  | { readonly kind: 'pointer'; readonly address: bigint }
  | { readonly kind: 'nullptr' };

/** The bytes one insertion writes; the caller resets the width to 0 afterwards, as every formatted output does. */
export function formatInsertion(f: OstreamFlags, v: OstreamValue): string {
  switch (v.kind) {
    // Characters, strings and boolalpha's names are padded by __ostream_insert, where internal means right.
    case 'char':
      return pad(f, String.fromCharCode(v.code & 0xff), false);
    case 'string':
      return pad(f, v.text, false);
    case 'nullptr':
      return pad(f, 'nullptr', false);
    case 'bool':
      if (f.boolalpha) return pad(f, v.value ? 'true' : 'false', false);
      // num_put prints a bool without boolalpha as the long it converts to (showpos gives "+1").
      return formatInteger(f, v.value ? 1n : 0n, 64, true);
    case 'int':
      return formatInteger(f, v.value, v.bits, v.signed);
    case 'float':
      return formatFloat(f, v.value);
    case 'pointer':
      // num_put prints a void* as an unsigned long with hex|showbase and uppercase cleared, which shows no "0x" for zero.
      return formatInteger({ ...f, base: 16, showbase: true, uppercase: false }, v.address, 64, false);
  }
}

/**
 * An integer as num_put's _M_insert_int prints it: decimal keeps the sign (showpos adds '+' to
 * signed types only); hex and octal print the bits of the type as unsigned (ostream::operator<<
 * casts short and int to their unsigned types first, long types go through unsigned long), so -1
 * as an int is ffffffff, and showbase prefixes "0x"/"0X" or "0" to any value but zero.
 */
function formatInteger(f: OstreamFlags, value: bigint, bits: number, signed: boolean): string {
  if (f.base === 10) {
    const v = signed ? BigInt.asIntN(bits, value) : BigInt.asUintN(bits, value);
    return pad(f, (signed && f.showpos && v >= 0n ? '+' : '') + v.toString(), true);
  }
  const u = BigInt.asUintN(bits, value);
  const digits = f.uppercase ? u.toString(f.base).toUpperCase() : u.toString(f.base);
  const prefix = !f.showbase || u === 0n ? '' : f.base === 8 ? '0' : f.uppercase ? '0X' : '0x';
  return pad(f, prefix + digits, true);
}

/**
 * A floating value through printf with the format __num_base::_S_format_float builds from the
 * flags: '+' for showpos, '#' for showpoint, ".*" but for hexfloat, and g/e/a (uppercase: G/E/A)
 * or f (never F) for the floatfield.
 */
function formatFloat(f: OstreamFlags, value: number): string {
  const upper = f.uppercase && f.float !== 'fixed';
  const conv = { general: 'g', fixed: 'f', scientific: 'e', hex: 'a' }[f.float];
  const spec = `%${f.showpos ? '+' : ''}${f.showpoint ? '#' : ''}${f.float === 'hex' ? '' : '.*'}${upper ? conv.toUpperCase() : conv}`;
  // A negative precision means the default (6), as num_put takes it.
  const prec = f.precision < 0 ? 6 : f.precision;
  const args = f.float === 'hex' ? [{ kind: 'double' as const, value }] : [{ kind: 'int' as const, value: BigInt(prec) }, { kind: 'double' as const, value }];
  return pad(f, formatPrintf(spec, args), true);
}

/**
 * Pads to the field width with the fill character: after the text when left-adjusted, else before
 * it; a number (num_put's __pad) with internal adjustment takes the fill after its sign or "0x".
 */
function pad(f: OstreamFlags, text: string, numeric: boolean): string {
  const n = f.width - text.length;
  if (n <= 0) return text;
  const fill = f.fill.repeat(n);
  if (f.adjust === 'left') return text + fill;
  if (f.adjust === 'internal' && numeric) {
    const at = /^0[xX]/.test(text) ? 2 : text[0] === '-' || text[0] === '+' ? 1 : 0;
    return text.slice(0, at) + fill + text.slice(at);
  }
  return fill + text;
}
