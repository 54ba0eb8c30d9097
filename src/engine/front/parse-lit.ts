import type { Expr } from './ast.js';
import type { Token } from './token.js';
import { fail } from './diag.js';

/*
 * Literal decoding. The lexer keeps literals exactly as written; the parser turns
 * them into values here so later passes never look at spelling again (except
 * float literals, whose text check.ts rounds to float precision itself).
 */

/** Decodes an integer literal token (`0x1Fu`, `017`, `0b101`, `10'000ULL`). */
export function intLiteral(t: Token): Expr & { kind: 'int' } {
  const text = t.text.replace(/'/g, '');
  const m = /^(0[xX][0-9a-fA-F]+|0[bB][01]+|[0-9]+)([uUlL]*)$/.exec(text);
  if (!m) fail(t.loc, `invalid integer literal '${t.text}'`);
  const digits = m[1] as string;
  const rawSuffix = (m[2] as string).toLowerCase();
  const longs = (rawSuffix.match(/l/g) ?? []).length;
  const us = (rawSuffix.match(/u/g) ?? []).length;
  if (longs > 2 || us > 1 || (longs === 2 && !/ll/.test(rawSuffix))) fail(t.loc, `invalid suffix '${m[2]}' on integer constant`);
  const suffix = (us ? 'u' : '') + 'l'.repeat(longs);
  let radix: 8 | 10 | 16 | 2 = 10;
  let value: bigint;
  if (/^0[xX]/.test(digits)) {
    radix = 16;
    value = BigInt(digits);
  } else if (/^0[bB]/.test(digits)) {
    radix = 2;
    value = BigInt(digits);
  } else if (digits.length > 1 && digits.startsWith('0')) {
    radix = 8;
    const bad = /[89]/.exec(digits);
    if (bad) fail(t.loc, `invalid digit '${bad[0]}' in octal constant`);
    value = BigInt(`0o${digits.slice(1)}`);
  } else {
    value = BigInt(digits);
  }
  return { kind: 'int', value, suffix, radix, text: t.text, loc: t.loc };
}

/** Decodes a floating literal token (`1.5f`, `.5`, `1e-3`, `0x1.8p3`). */
export function floatLiteral(t: Token): Expr & { kind: 'float' } {
  let text = t.text.replace(/'/g, '');
  const isHex = /^0[xX]/.test(text);
  let isFloat = false;
  const last = text[text.length - 1];
  if (last === 'f' || last === 'F') {
    if (!isHex || /[pP]/.test(text)) {
      isFloat = true;
      text = text.slice(0, -1);
    }
  } else if (last === 'l' || last === 'L') {
    text = text.slice(0, -1);
  }
  let value: number;
  if (isHex) {
    const m = /^0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)$/.exec(text);
    if (!m) fail(t.loc, `invalid floating literal '${t.text}'`);
    const intPart = m[1] ?? '';
    const frac = m[2] ?? '';
    const mant = parseInt(`${intPart}${frac}` || '0', 16);
    value = mant * Math.pow(2, Number(m[3]) - 4 * frac.length);
  } else {
    value = Number(text);
    if (Number.isNaN(value)) fail(t.loc, `invalid floating literal '${t.text}'`);
  }
  return { kind: 'float', value, isFloat, text: t.text, loc: t.loc };
}

/** Appends the UTF-8 bytes of a code point as char codes 0..255. */
function utf8(cp: number, out: number[]): void {
  if (cp < 0x80) out.push(cp);
  else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
  else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
}

const SIMPLE_ESCAPES: Readonly<Record<string, number>> = {
  n: 10, t: 9, r: 13, '0': 0, '\\': 92, "'": 39, '"': 34, '?': 63, a: 7, b: 8, f: 12, v: 11, e: 27,
};

/** Decodes the body of a char/string literal (between the quotes) into bytes. */
function decodeBody(body: string, t: Token): number[] {
  const out: number[] = [];
  for (let i = 0; i < body.length; ) {
    const cp = body.codePointAt(i) as number;
    if (cp !== 92) {
      utf8(cp, out);
      i += cp > 0xffff ? 2 : 1;
      continue;
    }
    const c = body[i + 1] ?? '';
    if (/[0-7]/.test(c)) {
      const m = /^[0-7]{1,3}/.exec(body.slice(i + 1)) as RegExpExecArray;
      out.push(parseInt(m[0], 8) & 0xff);
      i += 1 + m[0].length;
    } else if (c === 'x') {
      const m = /^[0-9a-fA-F]+/.exec(body.slice(i + 2));
      if (!m) fail(t.loc, '\\x used with no following hex digits');
      out.push(parseInt(m[0].slice(-2), 16) & 0xff);
      i += 2 + m[0].length;
    } else if (c === 'u' || c === 'U') {
      const n = c === 'u' ? 4 : 8;
      const hex = body.slice(i + 2, i + 2 + n);
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== n) fail(t.loc, 'incomplete universal character name');
      utf8(parseInt(hex, 16), out);
      i += 2 + n;
    } else if (c in SIMPLE_ESCAPES) {
      out.push(SIMPLE_ESCAPES[c] as number);
      i += 2;
    } else {
      // clang warns "unknown escape sequence" and keeps the character.
      utf8(c.codePointAt(0) ?? 0, out);
      i += 2;
    }
  }
  return out;
}

/** Strips an encoding prefix (u8, u, U, L) and the quotes; handles raw strings R"d(...)d". */
function literalBody(t: Token, quote: string): { body: string; raw: boolean } {
  const q = t.text.indexOf(quote);
  const prefix = t.text.slice(0, q);
  if (q < 0 || !/^(u8|u|U|L)?R?$/.test(prefix)) fail(t.loc, `invalid literal '${t.text}'`);
  if (prefix.endsWith('R')) {
    const open = t.text.indexOf('(', q);
    const delim = t.text.slice(q + 1, open);
    return { body: t.text.slice(open + 1, t.text.length - delim.length - 2), raw: true };
  }
  return { body: t.text.slice(q + 1, t.text.length - 1), raw: false };
}

/** Decodes a character literal token to its value (the byte value for one-byte characters). */
export function charLiteral(t: Token): Expr & { kind: 'char' } {
  const { body } = literalBody(t, "'");
  const bytes = decodeBody(body, t);
  if (bytes.length === 0) fail(t.loc, 'empty character constant');
  let value: number;
  if (/^[uUL]/.test(t.text) || bytes.length > 1) {
    // Wide or multi-byte: the code point itself (multi-char constants are not used in teaching code).
    value = body.startsWith('\\') ? (bytes[0] as number) : (body.codePointAt(0) ?? 0);
  } else {
    value = bytes[0] as number;
  }
  return { kind: 'char', value, loc: t.loc };
}

/** Decodes and merges adjacent string literal tokens into one string expression of bytes. */
export function stringLiteral(tokens: readonly Token[]): Expr & { kind: 'string' } {
  const first = tokens[0] as Token;
  let value = '';
  for (const t of tokens) {
    const { body, raw } = literalBody(t, '"');
    const bytes: number[] = [];
    if (raw) for (const ch of body) utf8(ch.codePointAt(0) ?? 0, bytes);
    const decoded = raw ? bytes : decodeBody(body, t);
    for (const b of decoded) value += String.fromCharCode(b);
  }
  return { kind: 'string', value, loc: first.loc };
}
