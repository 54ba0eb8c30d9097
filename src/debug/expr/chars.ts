import type { AddressSpace, EvalContext } from './context.js';

/*
 * Characters and strings as gdb prints them (valprint.c): C escapes for \a \b \f \n \r
 * \t \v, three-digit octal for other unprintables (and for a digit right after an octal
 * escape, so "\0001" stays unambiguous), runs longer than `repeat-count-threshold` (10)
 * as `'c' <repeats N times>`, at most `print elements` (200) characters. Bytes outside
 * ASCII print as octal escapes, as gdb does with an ASCII host charset.
 */

/** gdb's `print elements` limit. */
export const printMax = 200;
/** gdb's `print repeats` threshold: longer runs print as `<repeats N times>`. */
export const repeatThreshold = 10;

/** Escaping state that carries across characters (gdb's need_escape). */
interface EscapeState {
  needEscape: boolean;
}

const namedEscapes: Readonly<Record<number, string>> = { 7: '\\a', 8: '\\b', 12: '\\f', 10: '\\n', 13: '\\r', 9: '\\t', 11: '\\v' };

/** One character as it appears inside a literal quoted with `quoter`. */
function emitChar(c: number, quoter: string, st: EscapeState): string {
  const need = st.needEscape;
  st.needEscape = false;
  const named = namedEscapes[c];
  if (named) return named;
  const isDigit = c >= 48 && c <= 57;
  if (c >= 0x20 && c < 0x7f && !(need && isDigit)) {
    const ch = String.fromCharCode(c);
    return ch === quoter || ch === '\\' ? '\\' + ch : ch;
  }
  st.needEscape = true;
  return '\\' + c.toString(8).padStart(3, '0');
}

/** A character literal as gdb prints it after a char's number: `'A'`, `'\000'`, `'\''`. */
export function charLiteral(byte: number): string {
  return `'${emitChar(byte & 0xff, "'", { needEscape: false })}'`;
}

/** gdb's generic_printstr: a char sequence as `"text"` pieces and repeat blocks, dropping one trailing NUL. */
export function printString(bytes: Uint8Array, forceEllipses: boolean): string {
  let length = bytes.length;
  if (!forceEllipses && length > 0 && bytes[length - 1] === 0) length--;
  if (length === 0) return '""';
  const runs: { c: number; count: number }[] = [];
  let i = 0;
  let counted = 0;
  while (counted < printMax && i < length) {
    let r = 1;
    while (i + r < length && bytes[i + r] === bytes[i]) r++;
    runs.push({ c: bytes[i]!, count: r });
    i += r;
    counted += r;
  }
  const st: EscapeState = { needEscape: false };
  let out = '';
  let last: 'start' | 'single' | 'repeat' = 'start';
  for (const run of runs) {
    if (run.count > repeatThreshold) {
      if (last === 'single') out += '"';
      if (last !== 'start') out += ', ';
      // gdb escapes the repeated character as if inside "..." even though it prints '...'.
      out += `'${emitChar(run.c, '"', st)}' <repeats ${run.count} times>`;
      last = 'repeat';
    } else {
      if (last !== 'single') out += (last === 'start' ? '' : ', ') + '"';
      for (let k = 0; k < run.count; k++) out += emitChar(run.c, '"', st);
      last = 'single';
    }
  }
  if (last === 'single') out += '"';
  return forceEllipses || i < length ? out + '...' : out;
}

/** A NUL-terminated string in target memory as gdb's val_print_string shows it: `"text"`, `"text"...`, or with `<error: ...>`. */
export function printStringAt(ctx: EvalContext, address: number, space: AddressSpace): { text: string; bytesRead: number } {
  const bytes: number[] = [];
  let error: string | null = null;
  let found = false;
  let addr = address;
  while (!found && error === null && bytes.length < printMax) {
    const chunk = Math.min(8, printMax - bytes.length);
    const r = ctx.read({ kind: 'memory', space, address: addr }, chunk);
    const got: number[] = [];
    if (typeof r === 'string') {
      // gdb's partial_memory_read: byte by byte up to the first unreadable one.
      for (let k = 0; k < chunk; k++) {
        const b = ctx.read({ kind: 'memory', space, address: addr + k }, 1);
        if (typeof b === 'string') {
          error = b;
          break;
        }
        got.push(b[0]!);
        if (b[0] === 0) break;
      }
    } else {
      got.push(...r.slice(0, chunk));
    }
    for (const b of got) {
      bytes.push(b);
      addr++;
      if (b === 0) {
        found = true;
        error = null;
        break;
      }
    }
  }
  let force = false;
  if (!found) {
    const peek = ctx.read({ kind: 'memory', space, address: addr }, 1);
    force = typeof peek !== 'string' && peek[0] !== 0;
  }
  let text = error === null || bytes.length > 0 ? printString(new Uint8Array(bytes), force) : '';
  if (error !== null) text += `<error: ${error}>`;
  return { text, bytesRead: bytes.length };
}
