import { fail, unsupported } from '../front/diag.js';
import type { Expr, Stmt } from '../front/ast.js';
import type { IExpr, IStmt } from './ir.js';
import type { CType } from './types.js';
import { boolType, longType, typeName } from './types.js';
import type { Checker } from './check-ctx.js';
import { mkConst } from './check-ctx.js';
import { addressOf } from './check-ops.js';
import { expr } from './check-expr.js';

/*
 * `for (T x : range) body` over an array, as C++ [stmt.ranged] defines it: the range is
 * evaluated once and bound to a reference, then each element in turn initialises x (a copy,
 * or a reference with `T &x` / `auto &x`) for one pass of the body. Other ranges (std
 * containers, braced lists, pointers) have no begin() Warpscope offers.
 */

/** Checks a range-based for; `stmt` checks a statement in the current scope, `body` the loop body (counting the loop for break/continue). */
export function rangeFor(c: Checker, s: Stmt & { kind: 'rangeFor' }, stmt: (x: Stmt) => IStmt[], body: (x: Stmt) => IStmt): IStmt {
  if (s.range.kind === 'initList') unsupported(s.range.loc, 'range-based for loops over braced lists');
  const range = expr(c, s.range);
  const t: CType = range.lv ? range.type : range.e.type;
  if (t.kind !== 'array') fail(s.range.loc, `invalid range expression of type '${typeName(t)}'; no viable 'begin' function available`);
  if (t.length === null) fail(s.range.loc, `cannot use incomplete type '${typeName(t)}' as a range`);
  if (!range.lv) unsupported(s.range.loc, 'range-based for loops over arrays that are not objects');
  const loc = s.loc;
  // `auto &&__range = range;` and the index, under names no program can write.
  const id = c.nextVar;
  const rangeName = ` range${id}`;
  const indexName = ` index${id}`;
  const rv = c.newVar(rangeName, { kind: 'pointer', to: t }, 'auto', loc, { ref: true });
  const iv = c.newVar(indexName, longType, 'auto', loc);
  c.declare(rangeName, { k: 'var', v: rv, ref: true }, loc);
  c.declare(indexName, { k: 'var', v: iv, ref: false }, loc);
  const init: IStmt = {
    k: 'block',
    body: [
      { k: 'init', v: rv, value: { ...addressOf(c, range, s.range.loc), type: { kind: 'pointer', to: t } }, stores: [], zeroFill: false, loc },
      { k: 'init', v: iv, value: mkConst(longType, 0, loc), stores: [], zeroFill: false, loc },
    ],
    loc,
  };
  const index: IExpr = { k: 'var', v: iv, type: longType, loc };
  const cond: IExpr = { k: 'compare', op: '<', type: boolType, left: index, right: mkConst(longType, t.length, loc), loc };
  const step: IExpr = { k: 'incdec', type: longType, target: { k: 'var', v: iv }, delta: 1, post: false, loc };
  const at = s.decl.loc;
  const element: Expr = { kind: 'index', base: { kind: 'ident', name: rangeName, loc: s.range.loc }, index: { kind: 'ident', name: indexName, loc: at }, loc: s.range.loc };
  c.push();
  try {
    const decl = stmt({ kind: 'decl', decls: [{ ...s.decl, init: element, initStyle: 'assign' }], loc: at });
    return { k: 'loop', init, cond, step, body: { k: 'block', body: [...decl, body(s.body)], loc }, testFirst: true, loc };
  } finally {
    c.pop();
  }
}
