import type { IExpr, IFunction, IStmt, VarSym } from './ir.js';

/*
 * Calls of constexpr functions in constant expressions (`int a[sq(3)]`, `static_assert(sq(3) == 9)`,
 * `case sq(2):`): C++11's constexpr form, a body that is one return statement, is evaluated with
 * the constant arguments bound to the parameters. Other bodies stay non-constant.
 */

const constexprFns = new WeakSet<IFunction>();

/** Records that `fn` was declared constexpr. */
export function markConstexpr(fn: IFunction): void {
  constexprFns.add(fn);
}

// Deeper than C++ implementations allow by default (512), so runaway recursion stays non-constant.
const MAX_DEPTH = 512;

/** The returned expression and parameters of a constexpr function whose body is `return e;`, if it is one. */
export function constexprBody(fn: IFunction, depth: number): { readonly value: IExpr; readonly params: readonly VarSym[] } | null {
  if (!constexprFns.has(fn) || depth >= MAX_DEPTH || fn.body === null) return null;
  const stmts: readonly IStmt[] = fn.body.body;
  const only = stmts.length === 1 ? stmts[0]! : null;
  return only !== null && only.k === 'return' && only.value !== null ? { value: only.value, params: fn.params } : null;
}
