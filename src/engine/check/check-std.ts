import { fail, unsupported } from '../front/diag.js';
import type { Expr } from '../front/ast.js';
import type { IExpr } from './ir.js';
import type { CType } from './types.js';
import { sameType, sizeOf, typeName, voidType } from './types.js';
import { unqual } from './check-conv.js';
import type { Checker } from './check-ctx.js';
import { addressOf } from './check-ops.js';
import { hasEffects, modifiable } from './check-binary.js';
import { expr } from './check-expr.js';

/*
 * Function templates of the C++ library that student CUDA code calls in host and device code
 * alike and Warpscope expands in place: std::swap (<utility>, <algorithm>).
 */

/** Whether `name` (as written at a call) is a library template this module expands. */
export function isStdTemplate(name: string): boolean {
  return name === 'std::swap' || name === '::std::swap';
}

/** `std::swap(a, b)`: exchanges two modifiable lvalues of one type through a temporary. */
export function stdSwap(c: Checker, e: Expr & { kind: 'call' }): IExpr {
  const loc = e.loc;
  if (e.args.length !== 2) fail(loc, `no matching function for call to 'swap'`);
  const [a, b] = e.args.map((x) => expr(c, x)) as [ReturnType<typeof expr>, ReturnType<typeof expr>];
  if (!a.lv || !b.lv) fail(loc, `no matching function for call to 'swap'`);
  const t = unqual(a.type);
  if (!sameType(t, unqual(b.type))) fail(loc, `no matching function for call to 'swap' (deduced conflicting types '${typeName(t)}' and '${typeName(unqual(b.type))}')`);
  if (t.kind === 'array') unsupported(loc, "'std::swap' of arrays");
  modifiable(c, a, e.args[0]!.loc);
  modifiable(c, b, e.args[1]!.loc);
  const ptr: CType = { kind: 'pointer', to: t };
  const pa = { ...addressOf(c, a, loc), type: ptr };
  const pb = { ...addressOf(c, b, loc), type: ptr };
  // Each address is read twice below, so it must not change what it computes.
  if (hasEffects(pa) || hasEffects(pb)) unsupported(loc, "'std::swap' of an lvalue whose address has side effects");
  const tmp = c.newVar(`__swap${c.nextVar}`, t, 'auto', loc);
  const pt: IExpr = { k: 'varAddr', v: tmp, type: ptr, loc };
  const size = sizeOf(t);
  const move = (dst: IExpr, src: IExpr): IExpr =>
    t.kind === 'struct'
      ? { k: 'copy', type: t, dst, src, size, loc }
      : { k: 'assign', type: t, target: { k: 'mem', addr: dst, space: 'generic' }, value: { k: 'load', type: t, addr: src, space: 'generic', loc }, loc };
  const seq = (l: IExpr, r: IExpr): IExpr => ({ k: 'comma', type: voidType, left: l, right: r, loc });
  return seq(seq(move(pt, pa), move(pa, pb)), move(pb, pt));
}

