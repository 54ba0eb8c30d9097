import type { CType } from '../../engine/check/types.js';
import { doubleType, floatType, intType, llongType, longType, uintType, ullongType, ulongType } from '../../engine/check/types.js';
import type { Expr } from './ast.js';

/*
 * Numeric literals as gdb's c-exp.y types them (C's rules: the first of int, long...
 * that holds the value, hex and octal also trying the unsigned types).
 */

/** Whether `v` fits an integer type. */
function fits(v: bigint, t: CType): boolean {
  if (t.kind !== 'int') return false;
  const bits = BigInt(t.bits);
  return t.signed ? v < 1n << (bits - 1n) : v < 1n << bits;
}

/** A number token as an int or float literal, or gdb's error. */
export function parseNumber(text: string): Expr | string {
  const invalid = `Invalid number "${text}".`;
  const hex = /^0[xX]/.test(text);
  if (!hex && /[.eE]/.test(text)) {
    const m = /^((?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)([fFlL]?)$/.exec(text);
    if (!m) return invalid;
    const v = Number(m[1]);
    return m[2] === 'f' || m[2] === 'F' ? { kind: 'float', value: Math.fround(v), type: floatType } : { kind: 'float', value: v, type: doubleType };
  }
  const m = /^(0[xX][0-9a-fA-F]+|0[0-7]*|[1-9][0-9]*)([uUlL]*)$/.exec(text);
  if (!m) return invalid;
  const suffix = m[2]!.toLowerCase();
  const us = suffix.split('u').length - 1;
  const ls = suffix.split('l').length - 1;
  if (us > 1 || ls > 2 || (ls === 2 && !/ll/.test(suffix))) return invalid;
  const body = m[1]!;
  const value = BigInt(body.length > 1 && body[0] === '0' && !hex ? '0o' + body.slice(1) : body);
  if (value >= 1n << 64n) return 'Numeric constant too large.';
  const decimal = !hex && body[0] !== '0';
  let candidates: CType[];
  if (us) candidates = ls === 2 ? [ullongType] : ls === 1 ? [ulongType] : [uintType, ulongType];
  else if (ls === 2) candidates = [llongType, ullongType];
  else if (ls === 1) candidates = [longType, ulongType];
  // gdb types a decimal too big for long as unsigned long where C would reject it.
  else candidates = decimal ? [intType, longType, ulongType] : [intType, uintType, longType, ulongType];
  const type = candidates.find((t) => fits(value, t)) ?? candidates[candidates.length - 1]!;
  return { kind: 'int', value, type };
}
