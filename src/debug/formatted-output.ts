import type { DebugSession } from './session.js';
import { evaluate, formatValue, parsePrint, type EvalContext, type Evaluated } from './expr/index.js';
import { lex, unescape } from './expr/lex.js';
import { readBig, readFloat } from './expr/value.js';
import { formatPrintf, type PrintfArg } from '../engine/lib/printf.js';
import { exprContext } from './inspect.js';

/*
 * gdb's commands that print text as the user shapes it, with no `$N = ` and no newline of their
 * own: `output EXPR`, `echo TEXT` and `printf "FORMAT", ARGS...` (command files use them to label
 * what they print).
 */

/** `output [/FMT] EXPR`: the value alone, not recorded in the value history. */
export function outputCommand(s: DebugSession, args: string): void {
  if (s.pos === null && !s.trace) return s.say('The program is not being run.');
  const p = parsePrint(args, 'output');
  if (!p.ok) return s.say(p.error);
  if (p.expr === '') return s.say('Argument required (expression to compute).');
  const ctx = exprContext(s);
  const r = evaluate(p.expr, ctx, s.values);
  if (!r.ok) return s.say(r.error);
  s.io.out(formatValue(r.value, p.fmt, ctx));
}

/** `echo TEXT`: the text with its C escapes decoded (`\n` ends a line). */
export function echoCommand(s: DebugSession, args: string): void {
  const bytes = unescape(args);
  if ('error' in bytes) return s.say(bytes.error);
  s.io.out(Buffer.from(bytes).toString('latin1'));
}

/** `printf "FORMAT", ARGS...`: C's printf over expressions of the program, as gdb formats them. */
export function printfCommand(s: DebugSession, args: string): void {
  // Before lexing: `printf hello\n` lacks its quote, whatever its words would lex as.
  if (!args.startsWith('"')) return s.say('Bad format string, missing \'"\'.');
  const tokens = lex(args);
  if ('error' in tokens) return s.say(tokens.error);
  const first = tokens[0]!;
  if (first.kind !== 'string') return s.say('Bad format string, missing \'"\'.');
  const format = Buffer.from(first.bytes).toString('latin1');
  // The arguments: after a comma, the text between the commas outside brackets.
  const pieces: string[] = [];
  const after = tokens[1]!;
  if (after.kind !== 'eof' && !(after.kind === 'punct' && after.op === ',')) return s.say('Invalid argument syntax');
  let depth = 0;
  let from = after.pos + 1;
  for (const t of after.kind === 'eof' ? [] : tokens.slice(2)) {
    if (t.kind === 'punct' && (t.op === '(' || t.op === '[')) depth++;
    else if (t.kind === 'punct' && (t.op === ')' || t.op === ']')) depth--;
    else if ((t.kind === 'punct' && t.op === ',' && depth === 0) || t.kind === 'eof') {
      pieces.push(args.slice(from, t.pos).trim());
      from = t.pos + 1;
    }
  }
  const wanted = conversions(format);
  if (typeof wanted === 'string') return s.say(wanted);
  if (wanted.length !== pieces.length) return s.say('Wrong number of arguments for specified format-string');
  const ctx = exprContext(s);
  const values: PrintfArg[] = [];
  for (let k = 0; k < pieces.length; k++) {
    const r = evaluate(pieces[k]!, ctx, s.values);
    if (!r.ok) return s.say(r.error);
    const a = printfArg(r.value, wanted[k]!, ctx);
    if (typeof a === 'string') return s.say(a);
    values.push(a);
  }
  s.io.out(formatPrintf(format, values));
}

/** The conversion each argument of a format feeds, in order (`*` widths and precisions take an int); gdb's message for a conversion it has not. */
function conversions(format: string): string[] | string {
  const out: string[] = [];
  for (const m of format.matchAll(/%([-+ #0]*)(\*|\d+)?(?:\.(\*|\d*))?(hh|h|ll|l|L|j|z|t)?(.)/gs)) {
    if (m[5] === '%') continue;
    if (m[5] === 'n') return "Format specifier `n' not supported in printf";
    if (!/[diouxXcseEfgGaAp]/.test(m[5]!)) return `Unrecognized format specifier '${m[5]}' in printf`;
    if (m[2] === '*') out.push('d');
    if (m[3] === '*') out.push('d');
    out.push(m[5]!);
  }
  return out;
}

/** A value as printf takes it for conversion `conv`; a string says why it cannot be. */
function printfArg(v: Evaluated, conv: string, ctx: EvalContext): PrintfArg | string {
  const t = v.type;
  if (conv === 's') {
    if (t.kind === 'array') return { kind: 'string', value: Buffer.from(v.bytes).toString('latin1').replace(/\0.*$/s, '') };
    if (t.kind !== 'pointer') return 'Value can\'t be converted to string.';
    return { kind: 'string', value: cString(ctx, Number(readBig(t, v.bytes)), v.space) };
  }
  switch (t.kind) {
    case 'float':
      return { kind: 'double', value: readFloat(t, v.bytes) };
    case 'int':
    case 'bool':
      return { kind: 'int', value: readBig(t, v.bytes) };
    case 'pointer':
    case 'nullptr':
      return { kind: 'pointer', value: readBig(t, v.bytes) };
    default:
      return 'Value can\'t be converted to integer.';
  }
}

/** The NUL-terminated string at `address` (up to 64 KiB). */
function cString(ctx: EvalContext, address: number, space: Evaluated['space']): string {
  let out = '';
  for (let a = address; out.length < 65536; a++) {
    const b = ctx.read({ kind: 'memory', space, address: a }, 1);
    if (typeof b === 'string' || b[0] === 0) break;
    out += String.fromCharCode(b[0]!);
  }
  return out;
}
