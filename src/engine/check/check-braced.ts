import type { SourceLoc } from '../front/token.js';
import { fail } from '../front/diag.js';
import type { Expr, TypeNode } from '../front/ast.js';
import type { IExpr } from './ir.js';
import type { CType } from './types.js';
import { isScalar, typeName } from './types.js';
import { unqual } from './check-conv.js';
import type { Checker } from './check-ctx.js';
import { convRank, rv } from './check-ops.js';
import { expr } from './check-expr.js';
import { initListValue } from './check-init.js';

/*
 * Braced lists where C++11 accepts them as values: the right side of `=` (`p = {1, 2}` assigns
 * a temporary copy-list-initialised from the list) and a call argument (`f({1, 2})` initialises
 * the parameter from the list). Declarations and `return {..}` are in check-init.ts.
 */

export type InitList = Expr & { kind: 'initList' };

/** True for a braced list standing where an expression would. */
export function isInitList(e: Expr | object): e is InitList {
  return 'kind' in e && e.kind === 'initList';
}

/** `{..}` as the value assigned to an object of type t (C++ [expr.ass]/9: `x = T{..}`). */
export function bracedAssignValue(c: Checker, t: CType, list: InitList, loc: SourceLoc): IExpr {
  const u = unqual(t);
  if (u.kind !== 'struct' && !isScalar(u)) fail(loc, `initializer list cannot be assigned to an object of type '${typeName(t)}'`);
  return initListValue(c, u, list);
}

/**
 * Rank of initialising a parameter of type pt from a braced list (lower is better, -1 not viable):
 * a struct takes as many items as it has fields, a scalar `{}` or `{x}`, following overload
 * resolution's list-initialisation sequences closely enough to choose between plain functions.
 */
export function bracedRank(c: Checker, list: InitList, pt: CType, ref: boolean): number {
  const t = unqual(ref && pt.kind === 'pointer' ? pt.to : pt);
  // A non-const reference cannot bind to the temporary the list makes.
  if (ref && pt.kind === 'pointer' && !pt.to.isConst) return -1;
  if (isScalar(t)) {
    if (list.items.length > 1) return -1;
    if (list.items.length === 0) return 0;
    const only = list.items[0]!.value;
    if (isInitList(only)) return -1;
    return convRank(rv(c, probe(c, only)), t);
  }
  if (t.kind !== 'struct') return -1;
  if (t.info.builtin === 'dim3') return list.items.length <= 3 ? 2 : -1;
  if (t.info.isUnion) return list.items.length <= 1 ? 2 : -1;
  return list.items.length <= t.info.fields.length ? 2 : -1;
}

/** The value passed for a parameter of type pt (the referred type's when `ref`) initialised from a braced list. */
export function bracedArg(c: Checker, list: InitList, pt: CType): IExpr {
  return initListValue(c, unqual(pt), list);
}

/** Checks `e` only to learn its type: the temporaries it makes are dropped (it is checked again when passed). */
function probe(c: Checker, e: Expr): ReturnType<typeof expr> {
  const saved = c.fn?.fn.locals.length ?? 0;
  const op = expr(c, e);
  if (c.fn) c.fn.fn.locals.length = saved;
  return op;
}

/** True when a parameter's declared type names one of the template's type parameters (a braced argument cannot deduce it). */
export function dependsOn(node: TypeNode, params: readonly string[]): boolean {
  switch (node.kind) {
    case 'named': return params.includes(node.name);
    case 'pointer': case 'reference': return dependsOn(node.to, params);
    default: return false;
  }
}
