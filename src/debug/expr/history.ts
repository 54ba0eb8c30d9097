import type { Evaluated } from './value.js';

/*
 * gdb's value history: every `print` records its value as $1, $2, ...; `$` is the last,
 * `$$` the one before, `$$N` the Nth from the end. Values are kept as printed (a later
 * step does not change $1), with their lvalue location so `&$1` and `$1@2` still work.
 * Beside them, the convenience variables the debugger itself sets (`$bpnum`); the program's
 * recording cannot be changed, so a user's own `set $x = ...` has no place here.
 */

/** A history lookup: the value, or gdb's message. */
export type HistoryResult = { readonly ok: true; readonly value: Evaluated } | { readonly ok: false; readonly error: string };

/** The numbered values `print` has shown in this session. */
export class ValueHistory {
  private readonly values: Evaluated[] = [];
  private readonly variables = new Map<string, Evaluated>();

  /** Records a value and returns its number (the N of `$N = `). */
  push(v: Evaluated): number {
    this.values.push(v);
    return this.values.length;
  }

  /** Sets convenience variable `$name`. */
  setConvenience(name: string, v: Evaluated): void {
    this.variables.set(name, v);
  }

  /** Convenience variable `$name`, or null while it is unset (gdb's void). */
  convenience(name: string): Evaluated | null {
    return this.variables.get(name) ?? null;
  }

  /** How many values are recorded. */
  get size(): number {
    return this.values.length;
  }

  /** Value $n (1-based), or gdb's message when there is none. */
  get(n: number): HistoryResult {
    return n >= 1 ? this.access(n) : { ok: false, error: `History has not yet reached $${n}.` };
  }

  /** gdb's access_value_history: `num` > 0 is $num; 0 is `$`; -k is `$$k`. */
  access(num: number): HistoryResult {
    const abs = num <= 0 ? num + this.values.length : num;
    if (abs <= 0) {
      if (num === 0) return { ok: false, error: 'The history is empty.' };
      if (num === 1) return { ok: false, error: 'There is only one value in the history.' };
      return { ok: false, error: `History does not go back to $$${-num}.` };
    }
    if (abs > this.values.length) return { ok: false, error: `History has not yet reached $${abs}.` };
    return { ok: true, value: this.values[abs - 1]! };
  }
}
