import type { EvalContext } from './context.js';
import type { PrintFormat } from './scalar-format.js';
import { formatLetters } from './scalar-format.js';
import type { Evaluated } from './value.js';
import type { ValueHistory } from './history.js';
import { evaluate } from './eval.js';
import { formatValue } from './format.js';

/*
 * The `print` command's argument syntax (printcmd.c's print_command_parse_format and
 * validate_format): `/F` then the expression; `print` with no expression shows `$` again
 * (recording it as a new history value, as gdb does).
 */

/** A parsed print argument: format letter (null: natural) and expression text (may be empty). */
export type PrintArgs = { readonly ok: true; readonly fmt: PrintFormat | null; readonly expr: string } | { readonly ok: false; readonly error: string };

/** Splits `"/x arr[0]@4"` into its format and expression, with gdb's errors for bad formats. */
export function parsePrint(args: string, command = 'print'): PrintArgs {
  const s = args.trim();
  if (!s.startsWith('/')) return { ok: true, fmt: null, expr: s };
  let i = 1;
  let count = 1;
  if (s[i] === '-') {
    count = -1;
    i++;
  }
  const digits = /^\d*/.exec(s.slice(i))![0];
  if (digits) count *= Number(digits);
  i += digits.length;
  let fmt: string | null = null;
  let size = false;
  for (; i < s.length && s[i]! >= 'a' && s[i]! <= 'z'; i++) {
    const c = s[i]!;
    if ('bhwg'.includes(c)) size = true;
    else if (c !== 'r') fmt = c;
  }
  if (size) return { ok: false, error: `Size letters are meaningless in "${command}" command.` };
  if (count !== 1) return { ok: false, error: `Item count other than 1 is meaningless in "${command}" command.` };
  if (fmt === 'i') return { ok: false, error: `Format letter "i" is meaningless in "${command}" command.` };
  if (fmt !== null && !formatLetters.has(fmt)) return { ok: false, error: `Undefined output format "${fmt}".` };
  return { ok: true, fmt: fmt as PrintFormat | null, expr: s.slice(i).trim() };
}

/** The outcome of a print command: the line gdb shows (`$N = ...`) and the recorded value. */
export type PrintOutcome =
  | { readonly ok: true; readonly text: string; readonly number: number; readonly value: Evaluated }
  | { readonly ok: false; readonly error: string };

/** Runs `print ARGS`: evaluates, records the value in the history and formats `$N = value`. */
export function printCommand(args: string, ctx: EvalContext, history: ValueHistory): PrintOutcome {
  const parsed = parsePrint(args);
  if (!parsed.ok) return parsed;
  const r = parsed.expr === '' ? history.access(0) : evaluate(parsed.expr, ctx, history);
  if (!r.ok) return r;
  const number = history.push(r.value);
  return { ok: true, text: `$${number} = ${formatValue(r.value, parsed.fmt, ctx)}`, number, value: r.value };
}
