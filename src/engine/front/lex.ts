/**
 * The lexer: turns source text into C/C++ tokens grouped by logical line.
 *
 * Line splices (backslash-newline) are removed before tokenizing, but every
 * token keeps the physical line and column where its first character was
 * written, so diagnostics point where the user looks. Comments become
 * whitespace; a block comment spanning lines does not end the logical line
 * (translation phase 3), which matters for directives.
 *
 * Errors that belong to one line (an unterminated string, a stray `@`) are
 * recorded on that line instead of aborting, because the preprocessor must
 * ignore them inside `#if 0` blocks, as gcc and clang do.
 */
import { DiagError, errorAt, type Diagnostic, type Result } from './diag.js';
import type { SourceLoc, Token, TokenKind } from './token.js';

/** One logical line of tokens, with the first lexing error on it (if any). */
export interface LexedLine {
  readonly tokens: Token[];
  /** Set when the line could not be fully tokenized; tokens after the error are dropped. */
  readonly error: Diagnostic | null;
  /** The logical line as written, splices removed (for `#error`, which prints raw text). */
  readonly text: string;
  /** Where each token starts within `text`. */
  readonly offsets: number[];
}

// Longest first within each leading character, so a plain scan for the first match is longest-match.
// `<<<` and `>>>` are single tokens because the parser reads kernel launches with them.
const PUNCTS: readonly string[] = [
  '<<<', '>>>', '<<=', '>>=', '...', '->*',
  '::', '->', '++', '--', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||',
  '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '##', '.*',
  '{', '}', '[', ']', '(', ')', '<', '>', ';', ':', ',', '.', '?',
  '+', '-', '*', '/', '%', '&', '|', '^', '!', '~', '=', '#',
];

function isIdentStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === '$';
}

function isIdentChar(c: string): boolean {
  return isIdentStart(c) || (c >= '0' && c <= '9');
}

function isDigit(c: string): boolean {
  return c >= '0' && c <= '9';
}

/** Source text with line splices removed, remembering each character's physical position. */
interface Cleaned {
  readonly s: string;
  readonly line: Int32Array;
  readonly col: Int32Array;
}

function clean(text: string): Cleaned {
  const out: string[] = [];
  const line = new Int32Array(text.length + 1);
  const col = new Int32Array(text.length + 1);
  let n = 0;
  let ln = 1;
  let cl = 1;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') {
      // Backslash-newline disappears entirely (phase 2); CRLF files splice too.
      const skip = text[i + 1] === '\n' ? 2 : text[i + 1] === '\r' && text[i + 2] === '\n' ? 3 : 0;
      if (skip > 0) {
        i += skip;
        ln++;
        cl = 1;
        continue;
      }
    }
    if (c === '\r' && text[i + 1] === '\n') {
      i++;
      cl++;
      continue;
    }
    out.push(c);
    line[n] = ln;
    col[n] = cl;
    n++;
    i++;
    if (c === '\n') {
      ln++;
      cl = 1;
    } else {
      cl++;
    }
  }
  // A sentinel position just past the end, for end-of-file diagnostics.
  line[n] = ln;
  col[n] = cl;
  return { s: out.join(''), line, col };
}

/** Classifies a pp-number as written: 'float' when it has a fraction or exponent, else 'int'. */
export function classifyNumber(text: string): 'int' | 'float' {
  if (/^0[xX]/.test(text)) return /[.pP]/.test(text) ? 'float' : 'int';
  return /[.eE]/.test(text) ? 'float' : 'int';
}

const INT_SUFFIX = '(?:[uU](?:ll|LL|l|L)?|(?:ll|LL|l|L)[uU]?)?';
const INT_RE = new RegExp(`^(?:0[xX][0-9a-fA-F]+|0[bB][01]+|[0-9]+)${INT_SUFFIX}$`);
const DEC_FLOAT_RE = /^(?:[0-9]+\.[0-9]*|\.[0-9]+|[0-9]+)(?:[eE][+-]?[0-9]+)?[fFlL]?$/;
const HEX_FLOAT_RE = /^0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)[pP][+-]?[0-9]+[fFlL]?$/;

/** Checks that a pp-number is a valid C++ literal; returns clang's complaint, or null when valid. */
export function checkNumber(text: string): string | null {
  if (classifyNumber(text) === 'int') {
    if (!INT_RE.test(text)) {
      const m = /^(0[xX][0-9a-fA-F]*|0[bB][01]*|[0-9]+)(.*)$/.exec(text);
      const body = m ? m[1] : text;
      const rest = m ? m[2] : '';
      if (/^0[xX]$/.test(body) || /^0[bB]$/.test(body)) return `invalid suffix '${text.slice(1)}' on integer constant`;
      if (/^0[bB]/.test(body) && /^[0-9]/.test(rest)) return `invalid digit '${rest[0]}' in binary constant`;
      return `invalid suffix '${rest}' on integer constant`;
    }
    // Octal: a leading 0 followed by digits must use only 0-7.
    const oct = /^0([0-9]+)/.exec(text);
    if (oct && !/^0[xXbB]/.test(text)) {
      const bad = /[89]/.exec(oct[1]);
      if (bad) return `invalid digit '${bad[0]}' in octal constant`;
    }
    return null;
  }
  if (/^0[xX]/.test(text)) {
    if (!/[pP]/.test(text)) return 'hexadecimal floating literal requires an exponent';
    if (!HEX_FLOAT_RE.test(text)) return `invalid suffix on floating constant`;
    return null;
  }
  if (!DEC_FLOAT_RE.test(text)) {
    if (/[eE]$|[eE][+-]$/.test(text)) return 'exponent has no digits';
    const m = /^(?:[0-9]*\.?[0-9]*(?:[eE][+-]?[0-9]+)?)(.*)$/.exec(text);
    return `invalid suffix '${m ? m[1] : text}' on floating constant`;
  }
  return null;
}

/** Tokenizes `text` into logical lines; fails only on an unterminated block comment. */
export function lexLines(text: string, file: string): Result<LexedLine[]> {
  const src = clean(text);
  const s = src.s;
  const locAt = (i: number): SourceLoc => ({ file, line: src.line[i], col: src.col[i] });
  const lines: LexedLine[] = [];
  let toks: Token[] = [];
  let offsets: number[] = [];
  let lineStart = 0;
  let lineError: Diagnostic | null = null;
  let space = false;
  let i = 0;
  const push = (kind: TokenKind, start: number, end: number): void => {
    toks.push({ kind, text: s.slice(start, end), loc: locAt(start), spaceBefore: space });
    offsets.push(start - lineStart);
    space = false;
  };
  // Called with `i` just past the newline (or at the end of the text).
  const endLine = (): void => {
    const end = i > lineStart && s[i - 1] === '\n' ? i - 1 : i;
    lines.push({ tokens: toks, error: lineError, text: s.slice(lineStart, end), offsets });
    toks = [];
    offsets = [];
    lineStart = i;
    lineError = null;
    space = true;
  };
  // Records the line's error and skips the rest of it: later tokens on a broken line are noise.
  const lineFail = (at: number, message: string): void => {
    lineError = errorAt(locAt(at), message);
    while (i < s.length && s[i] !== '\n') i++;
  };
  // Scans a quoted literal whose opening quote is at `q`; returns false (after recording the error) when unterminated.
  const quoted = (start: number, q: number): boolean => {
    const quote = s[q];
    let j = q + 1;
    while (j < s.length && s[j] !== quote && s[j] !== '\n') j += s[j] === '\\' && s[j + 1] !== '\n' && j + 1 < s.length ? 2 : 1;
    if (j >= s.length || s[j] !== quote) {
      i = start;
      lineFail(start, `missing terminating ${quote} character`);
      return false;
    }
    if (quote === "'" && j === q + 1) {
      i = start;
      lineFail(start, 'empty character constant');
      return false;
    }
    i = j + 1;
    push(quote === '"' ? 'string' : 'char', start, i);
    return true;
  };

  while (i < s.length) {
    const c = s[i];
    if (c === '\n') {
      i++;
      endLine();
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\v' || c === '\f' || c === '\r') {
      i++;
      space = true;
      continue;
    }
    if (c === '/' && s[i + 1] === '/') {
      while (i < s.length && s[i] !== '\n') i++;
      space = true;
      continue;
    }
    if (c === '/' && s[i + 1] === '*') {
      const end = s.indexOf('*/', i + 2);
      if (end < 0) return { ok: false, diags: [errorAt(locAt(i), 'unterminated /* comment')] };
      i = end + 2;
      space = true;
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(s[i + 1] ?? ''))) {
      // A pp-number: digits, letters, dots, and signs right after an exponent letter.
      const start = i;
      i++;
      while (i < s.length) {
        const d = s[i];
        if ((d === '+' || d === '-') && /[eEpP]/.test(s[i - 1])) i++;
        else if (isIdentChar(d) || d === '.') i++;
        else break;
      }
      push(classifyNumber(s.slice(start, i)), start, i);
      continue;
    }
    if (isIdentStart(c)) {
      const start = i;
      while (i < s.length && isIdentChar(s[i])) i++;
      const word = s.slice(start, i);
      const next = s[i];
      if ((next === '"' || next === "'") && /^(?:L|u8|u|U)$/.test(word)) {
        quoted(start, i);
        continue;
      }
      if (next === '"' && /^(?:L|u8|u|U)?R$/.test(word)) {
        lineFail(start, 'raw string literals are not supported by Warpscope');
        continue;
      }
      push('ident', start, i);
      continue;
    }
    if (c === '"' || c === "'") {
      quoted(i, i);
      continue;
    }
    const p = PUNCTS.find((q) => s.startsWith(q, i));
    if (p !== undefined) {
      push('punct', i, i + p.length);
      i += p.length;
      continue;
    }
    // The whole character, not half of a surrogate pair: an emoji is one stray character.
    lineFail(i, `stray '${String.fromCodePoint(s.codePointAt(i) ?? 0)}' in program`);
  }
  endLine();
  return { ok: true, value: lines, warnings: [] };
}

/** Tokenizes a whole file (no preprocessing) into a flat token list ending with 'eof'. */
export function lex(text: string, file: string): Result<Token[]> {
  const r = lexLines(text, file);
  if (!r.ok) return r;
  const out: Token[] = [];
  try {
    for (const ln of r.value) {
      if (ln.error) throw new DiagError(ln.error);
      for (const t of ln.tokens) {
        if (t.kind === 'int' || t.kind === 'float') {
          const bad = checkNumber(t.text);
          if (bad !== null) throw new DiagError(errorAt(t.loc, bad));
        }
        out.push(t);
      }
    }
  } catch (e) {
    if (e instanceof DiagError) return { ok: false, diags: [e.diag] };
    throw e;
  }
  out.push({ kind: 'eof', text: '', loc: endLoc(text, file), spaceBefore: true });
  return { ok: true, value: out, warnings: [] };
}

/** The position just past the last character of `text`, where an 'eof' token sits. */
export function endLoc(text: string, file: string): SourceLoc {
  const nl = text.lastIndexOf('\n');
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) line++;
  return { file, line, col: text.length - nl };
}
