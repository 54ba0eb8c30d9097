/*
 * Tokens of gdb's C expression language (c-exp.y's lexer): numbers with C suffixes,
 * character and string literals, identifiers, `$` history/convenience names and the
 * C punctuators plus gdb's `@`. Every token keeps its offset so syntax errors can quote
 * the rest of the input as gdb does ("near `...'").
 */

/** A lexical token; `pos` is its offset in the expression text. */
export type Token =
  | { readonly kind: 'number'; readonly text: string; readonly pos: number }
  | { readonly kind: 'char'; readonly value: number; readonly pos: number }
  | { readonly kind: 'string'; readonly bytes: Uint8Array; readonly pos: number }
  | { readonly kind: 'ident'; readonly name: string; readonly pos: number }
  | { readonly kind: 'dollar'; readonly name: string; readonly pos: number }
  | { readonly kind: 'punct'; readonly op: string; readonly pos: number }
  | { readonly kind: 'eof'; readonly pos: number };

/** A lexing failure with gdb's message. */
export interface LexError {
  readonly error: string;
}

// Longest first, so `<<=` wins over `<<` and `<`.
const puncts = [
  '<<=', '>>=', '->', '++', '--', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '+=', '-=', '*=', '/=', '%=', '&=', '^=', '|=',
  '+', '-', '*', '/', '%', '<', '>', '=', '!', '~', '&', '|', '^', '?', ':', ',', '.', '[', ']', '(', ')', '{', '}', '@',
];

const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isIdentStart = (c: string): boolean => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isIdentChar = (c: string): boolean => isIdentStart(c) || isDigit(c);

/** Splits an expression into tokens ending with an eof token, or gdb's lexer error. */
export function lex(text: string): Token[] | LexError {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
      continue;
    }
    const start = i;
    if (isDigit(c) || (c === '.' && isDigit(text[i + 1] ?? ''))) {
      i = scanNumber(text, i);
      out.push({ kind: 'number', text: text.slice(start, i), pos: start });
      continue;
    }
    if (isIdentStart(c)) {
      while (i < text.length && isIdentChar(text[i]!)) i++;
      // A qualified name (`Color::Blue`) is one identifier, as the program's checker reads it.
      while (text.startsWith('::', i) && isIdentStart(text[i + 2] ?? '')) for (i += 2; i < text.length && isIdentChar(text[i]!); ) i++;
      out.push({ kind: 'ident', name: text.slice(start, i), pos: start });
      continue;
    }
    if (c === '$') {
      i++;
      while (i < text.length && (isIdentChar(text[i]!) || text[i] === '$')) i++;
      out.push({ kind: 'dollar', name: text.slice(start, i), pos: start });
      continue;
    }
    if (c === "'") {
      const r = scanQuoted(text, i + 1, "'");
      if ('error' in r) return r;
      if (r.bytes.length === 0) return { error: 'Empty character constant.' };
      out.push({ kind: 'char', value: r.bytes[0]!, pos: start });
      i = r.end;
      continue;
    }
    if (c === '"') {
      const r = scanQuoted(text, i + 1, '"');
      if ('error' in r) return r;
      out.push({ kind: 'string', bytes: r.bytes, pos: start });
      i = r.end;
      continue;
    }
    const p = puncts.find((op) => text.startsWith(op, i));
    if (!p) return { error: `Invalid character '${c}' in expression.` };
    out.push({ kind: 'punct', op: p, pos: start });
    i += p.length;
  }
  out.push({ kind: 'eof', pos: text.length });
  return out;
}

/** End of a number token: like gdb, everything that could belong to a C number (digits, letters, dots, exponent signs). */
function scanNumber(text: string, i: number): number {
  const hex = text[i] === '0' && (text[i + 1] === 'x' || text[i + 1] === 'X');
  if (hex) i += 2;
  for (;;) {
    const c = text[i] ?? '';
    if (isIdentChar(c) || c === '.') {
      i++;
    } else if ((c === '+' || c === '-') && !hex && /[eE]/.test(text[i - 1] ?? '')) {
      i++;
    } else {
      return i;
    }
  }
}

const simpleEscapes: Readonly<Record<string, number>> = { n: 10, t: 9, r: 13, a: 7, b: 8, f: 12, v: 11, e: 27, '\\': 92, "'": 39, '"': 34, '?': 63 };

/** Text with its C escapes decoded into bytes (gdb's echo). */
export function unescape(text: string): Uint8Array | LexError {
  const r = scanQuoted(text, 0, null);
  return 'error' in r ? r : r.bytes;
}

/** Scans a quoted literal body from `i` to its closing quote (to the end when `quote` is null), decoding C escapes into bytes. */
function scanQuoted(text: string, i: number, quote: string | null): { bytes: Uint8Array; end: number } | LexError {
  const bytes: number[] = [];
  while (i < text.length && text[i] !== quote) {
    const c = text[i]!;
    if (c !== '\\') {
      // Typed text is Unicode; gdb reads it as the terminal's UTF-8 bytes (`echo é` writes é, not \351).
      const ch = String.fromCodePoint(text.codePointAt(i)!);
      bytes.push(...Buffer.from(ch, 'utf8'));
      i += ch.length;
      continue;
    }
    const e = text[i + 1] ?? '';
    if (e >= '0' && e <= '7') {
      let j = i + 1;
      let v = 0;
      while (j < i + 4 && (text[j] ?? '') >= '0' && (text[j] ?? '') <= '7') v = v * 8 + Number(text[j++]);
      bytes.push(v & 0xff);
      i = j;
    } else if (e === 'x') {
      let j = i + 2;
      while (/[0-9a-fA-F]/.test(text[j] ?? '')) j++;
      if (j === i + 2) return { error: '\\x escape without a following hex digit' };
      bytes.push(parseInt(text.slice(i + 2, j), 16) & 0xff);
      i = j;
    } else if (e in simpleEscapes) {
      bytes.push(simpleEscapes[e]!);
      i += 2;
    } else {
      bytes.push(e.charCodeAt(0) & 0xff);
      i += 2;
    }
  }
  if (quote !== null && i >= text.length) return { error: quote === "'" ? 'Unmatched single quote.' : 'Unterminated string in expression.' };
  return { bytes: new Uint8Array(bytes), end: i + 1 };
}
