import type { EvalContext } from '../../../src/debug/expr/context.js';
import { ValueHistory, formatValue, parsePrint, evaluate } from '../../../src/debug/expr/index.js';
import { fakeContext } from './fake-context.js';

/** What `print ARGS` shows after `$N = `, or the error gdb prints, for a fresh fake context. */
export function p(args: string, ctx: EvalContext = fakeContext(), history = new ValueHistory()): string {
  const parsed = parsePrint(args);
  if (!parsed.ok) return parsed.error;
  const r = evaluate(parsed.expr, ctx, history);
  return r.ok ? formatValue(r.value, parsed.fmt, ctx) : r.error;
}
