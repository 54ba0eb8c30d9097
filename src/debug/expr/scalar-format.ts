import type { CType } from '../../engine/check/types.js';
import { sizeOf } from '../../engine/check/types.js';
import { readBig, readFloat } from './value.js';
import { charLiteral } from './chars.js';
import { formatFloatBytes } from './floatfmt.js';

/*
 * gdb's print_scalar_formatted: one scalar under an output format letter, for `print/F`
 * and `x/F`. As gdb 14 (cuda-gdb 13) does, the integer formats print a float's binary
 * representation (p/x 2.0f is 0x40000000, p/d 2.0f is 1073741824: seen on the H100), /c
 * alone converts its value to an integer, and /f on an integer reinterprets its bits as the
 * float of the same size (p/f 1078530011 is 3.14159274).
 */

/** An output format letter gdb's print and x accept. */
export type PrintFormat = 'x' | 'd' | 'u' | 'o' | 't' | 'c' | 'f' | 'a' | 's' | 'z';

/** The format letters print accepts (`s` and `i` are handled by their callers). */
export const formatLetters: ReadonlySet<string> = new Set(['x', 'd', 'u', 'o', 't', 'c', 'f', 'a', 's', 'z']);

/** Unsigned value of `len` little-endian bytes. */
function unsignedOf(bytes: Uint8Array, len: number): bigint {
  let v = 0n;
  for (let i = len - 1; i >= 0; i--) v = (v << 8n) | BigInt(bytes[i] ?? 0);
  return v;
}

/** The value gdb's unpack_long gives: integers per signedness, floats truncated toward zero, pointers unsigned. */
function unpackLong(t: CType, bytes: Uint8Array): bigint {
  if (t.kind === 'float') {
    const x = readFloat(t, bytes);
    return Number.isFinite(x) ? BigInt(Math.trunc(x)) : 0n;
  }
  return readBig(t, bytes);
}

/**
 * Formats the scalar of type `t` at `bytes[offset]` with `fmt`. `unit` is the x command's
 * unit size in bytes (0 for print): hex and binary are then zero-padded to the unit.
 */
export function formatScalar(t: CType, bytes: Uint8Array, offset: number, fmt: PrintFormat, unit = 0): string {
  const size = sizeOf(t);
  let raw: Uint8Array = bytes.slice(offset, offset + size);
  let len = size;
  if (unit !== 0 && (fmt === 'x' || fmt === 't')) {
    raw = raw.slice(0, unit);
    len = Math.min(unit, len);
  }
  switch (fmt) {
    case 'o': {
      const v = unsignedOf(raw, len);
      return v === 0n ? '0' : '0' + v.toString(8);
    }
    case 'd':
      return BigInt.asIntN(len * 8, unsignedOf(raw, len)).toString();
    case 'u':
      return unsignedOf(raw, len).toString();
    case 't': {
      const s = unsignedOf(raw, len).toString(2);
      return unit !== 0 ? s.padStart(len * 8, '0') : s;
    }
    case 'x':
    case 'z': {
      const s = unsignedOf(raw, len).toString(16);
      return '0x' + (unit !== 0 || fmt === 'z' ? s.padStart(len * 2, '0') : s);
    }
    case 'c': {
      const v = unpackLong(t, raw);
      const unsigned = (t.kind === 'int' && !t.signed) || t.kind === 'bool' || t.kind === 'pointer';
      const c = unsigned ? BigInt.asUintN(8, v) : BigInt.asIntN(8, v);
      return `${c} ${charLiteral(Number(BigInt.asUintN(8, v)))}`;
    }
    case 'a':
      return '0x' + BigInt.asUintN(64, unpackLong(t, raw)).toString(16);
    case 'f':
      if (t.kind === 'float') return formatFloatBytes(raw, t.bits);
      // An integer of a float's size is reinterpreted as that float; other sizes print as integers.
      if (len === 4 || len === 8) return formatFloatBytes(raw, len === 4 ? 32 : 64);
      return plainInteger(t, raw);
    case 's':
      return plainInteger(t, raw);
  }
}

/** An integer, bool or pointer in decimal per its signedness (gdb's format 0 for non-floats). */
function plainInteger(t: CType, raw: Uint8Array): string {
  if (t.kind === 'float') return formatFloatBytes(raw, t.bits);
  return readBig(t, raw).toString();
}
