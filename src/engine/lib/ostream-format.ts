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
  float: 'general' | 'fixed' | 'scientific';
  base: 10 | 16 | 8;
  adjust: 'right' | 'left';
  boolalpha: boolean;
}

/** A stream's state as constructed: precision 6, fill ' ', decimal, right-adjusted. */
export function defaultFlags(): OstreamFlags {
  return { width: 0, precision: 6, fill: ' ', float: 'general', base: 10, adjust: 'right', boolalpha: false };
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
    case 'char':
      return pad(f, String.fromCharCode(v.code & 0xff));
    case 'string':
      return pad(f, v.text);
    case 'nullptr':
      return pad(f, 'nullptr');
    case 'bool':
      if (f.boolalpha) return pad(f, v.value ? 'true' : 'false');
      return formatInteger(f, v.value ? 1n : 0n, 64, true);
    case 'int':
      return formatInteger(f, v.value, v.bits, v.signed);
    case 'float':
      return formatFloat(f, v.value);
    case 'pointer':
      // num_put prints a void* as an unsigned long in hex with showbase, which shows no "0x" for zero.
      return v.address === 0n ? pad(f, '0') : pad(f, '0x' + BigInt.asUintN(64, v.address).toString(16));
  }
}

/**
 * An integer as num_put prints it: decimal keeps the sign; hex and octal print the bits of the
 * type as unsigned (ostream::operator<<(short/int) cast to unsigned short/int first, long types
 * go through unsigned long), so -1 as an int is ffffffff.
 */
function formatInteger(f: OstreamFlags, value: bigint, bits: number, signed: boolean): string {
  if (f.base === 10) {
    const v = signed ? BigInt.asIntN(bits, value) : BigInt.asUintN(bits, value);
    return pad(f, v.toString());
  }
  return pad(f, BigInt.asUintN(bits, value).toString(f.base));
}

/** A floating value through printf with the format num_put builds from the flags ("%.*g", "%.*f" or "%.*e"). */
function formatFloat(f: OstreamFlags, value: number): string {
  const conv = f.float === 'fixed' ? 'f' : f.float === 'scientific' ? 'e' : 'g';
  // A negative precision means the default (6), as num_put takes it.
  const prec = f.precision < 0 ? 6 : f.precision;
  const text = formatPrintf(`%.*${conv}`, [{ kind: 'int', value: BigInt(prec) }, { kind: 'double', value }]);
  return pad(f, text);
}

/** Pads to the field width with the fill character: after the text when left-adjusted, else before it (std::internal is not offered). */
function pad(f: OstreamFlags, text: string): string {
  const n = f.width - text.length;
  if (n <= 0) return text;
  const fill = f.fill.repeat(n);
  return f.adjust === 'left' ? text + fill : fill + text;
}
