import type { EvalContext, Place } from './context.js';
import type { CType } from '../../engine/check/types.js';
import { sizeOf } from '../../engine/check/types.js';
import type { Evaluated } from './value.js';
import { addressNumber, readBig, readFloat } from './value.js';
import { ValueHistory } from './history.js';
import { evaluateLazy, guard } from './eval.js';
import { parse } from './parse.js';
import type { Expr } from './ast.js';

/*
 * What the session needs from values beyond printing: truth for breakpoint conditions,
 * numbers for addresses, and the location an expression names for watchpoints (without
 * reading the object, so `watch big_array` costs nothing until it is compared).
 */

/** Whether a value counts as true in a condition (gdb's value_logical_not: nonzero; arrays decay to non-null pointers). */
export function isTrue(v: Evaluated): boolean {
  if (v.type.kind === 'float') return readFloat(v.type, v.bytes) !== 0;
  if (v.type.kind === 'array') return v.place?.kind !== 'memory' || v.place.address !== 0;
  return v.bytes.some((b) => b !== 0);
}

/** A scalar value as a number (integers, bool, pointers' addresses, floats; arrays give their address); null for structs and void. */
export function valueAsNumber(v: Evaluated): number | null {
  switch (v.type.kind) {
    case 'float':
      return readFloat(v.type, v.bytes);
    case 'int':
    case 'bool':
      return Number(readBig(v.type, v.bytes));
    case 'pointer':
    case 'nullptr':
      return addressNumber(readBig(v.type, v.bytes));
    case 'array':
      return v.place?.kind === 'memory' ? v.place.address : null;
    default:
      return null;
  }
}

/** Where an lvalue expression lives, for watchpoints. */
export type LvalueResult =
  | { readonly ok: true; readonly place: Place; readonly type: CType; readonly size: number }
  | { readonly ok: false; readonly error: string };

/** The place, type and size an expression designates, or why it cannot be watched. */
export function lvalueOf(text: string, ctx: EvalContext, history: ValueHistory = new ValueHistory()): LvalueResult {
  const r = guard(() => evaluateLazy(text, ctx, history));
  if (!r.ok) return r;
  const v = r.value;
  if (v.place === null) {
    const p = parse(text);
    const constant = p.ok && isConstant(p.expr);
    return { ok: false, error: constant ? `Cannot watch constant value \`${text.trim()}'.` : `Cannot watch \`${text.trim()}': it is not an lvalue.` };
  }
  return { ok: true, place: v.place, type: v.type, size: sizeOf(v.type) };
}

/** Whether an expression involves no program state (gdb refuses to watch those). */
function isConstant(e: Expr): boolean {
  switch (e.kind) {
    case 'int':
    case 'float':
    case 'char':
    case 'string':
    case 'bool':
    case 'sizeofType':
      return true;
    case 'unary':
    case 'cast':
      return isConstant(e.operand);
    case 'binary':
    case 'logical':
    case 'comma':
      return isConstant(e.left) && isConstant(e.right);
    case 'cond':
      return isConstant(e.test) && isConstant(e.then) && isConstant(e.otherwise);
    default:
      return false;
  }
}
