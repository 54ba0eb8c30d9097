import type { SourceLoc } from '../front/token.js';
import { fail } from '../front/diag.js';
import type { Expr } from '../front/ast.js';
import type { ArithOp, IExpr, Target } from './ir.js';
import type { CType } from './types.js';
import { boolType, longType, sameType, sizeOf, typeName } from './types.js';
import { evalConst, isArith, isInteger, promote, unqual, usualArith } from './check-conv.js';
import type { Checker } from './check-ctx.js';
import type { Operand } from './check-ops.js';
import { addressOf, arith, conv, convRank, implicitConv, isNullConst, ptrAdd, rv, structAddr, toCond } from './check-ops.js';
import { expr, rexpr } from './check-expr.js';
import { warnDiscarded } from './check-comma.js';
import { ostreamChain, ostreamOf } from './iostream.js';
import { bracedAssignValue, isInitList } from './check-braced.js';
import { operatorCall } from './check-methods.js';

/*
 * Binary operators, assignment and ++/--, with C's operand conversions made explicit,
 * and explicit casts.
 */

const invalid = (loc: SourceLoc, a: CType, b: CType): never => fail(loc, `invalid operands to binary expression ('${typeName(a)}' and '${typeName(b)}')`);

/** Checks a binary operator expression. */
export function binary(c: Checker, e: Expr & { kind: 'binary' }): IExpr {
  const stream = e.op === '<<' ? ostreamOf(c, e) : null;
  if (stream !== null) return ostreamChain(c, e, stream);
  const lop = expr(c, e.left);
  const l = rv(c, lop);
  if (e.op === ',') warnDiscarded(c, e, l);
  const rop = expr(c, e.right);
  if (e.op !== ',' && e.op !== '&&' && e.op !== '||') {
    const overloaded = operatorCall(c, e.op, lop, rop, e.loc);
    if (overloaded) return rv(c, overloaded);
  }
  return binaryOp(c, e.op, l, rv(c, rop), e.loc);
}

/** Builds `l op r` from checked operands. */
export function binaryOp(c: Checker, op: string, l: IExpr, r: IExpr, loc: SourceLoc): IExpr {
  const lt = l.type;
  const rt = r.type;
  switch (op) {
    case ',':
      return { k: 'comma', type: rt, left: l, right: r, loc };
    case '&&':
    case '||':
      return { k: 'logical', op, type: boolType, left: toCond(l, loc), right: toCond(r, loc), loc };
    case '*':
    case '/':
    case '%':
    case '&':
    case '|':
    case '^': {
      const intOnly = op !== '*' && op !== '/';
      if (!(intOnly ? isInteger(lt) && isInteger(rt) : isArith(lt) && isArith(rt))) invalid(loc, lt, rt);
      const t = usualArith(lt, rt);
      if ((op === '/' || op === '%') && isInteger(t)) {
        const v = evalConst(r);
        if (v !== null && BigInt(v) === 0n) c.warn(loc, `${op === '/' ? 'division' : 'remainder'} by zero is undefined`);
      }
      return arith(op, t, l, r, loc);
    }
    case '<<':
    case '>>': {
      if (!isInteger(lt) || !isInteger(rt)) invalid(loc, lt, rt);
      const t = promote(lt);
      return { k: 'arith', op, type: t, left: conv(l, t), right: conv(conv(r, promote(rt)), t), loc };
    }
    case '+':
    case '-': {
      if (isArith(lt) && isArith(rt)) return arith(op, usualArith(lt, rt), l, r, loc);
      if (lt.kind === 'pointer' && isInteger(rt)) return ptrAdd(c, l, r, op === '-', loc);
      if (op === '+' && isInteger(lt) && rt.kind === 'pointer') return ptrAdd(c, r, l, false, loc);
      if (op === '-' && lt.kind === 'pointer' && rt.kind === 'pointer') {
        if (!sameType(unqual(lt.to), unqual(rt.to))) invalid(loc, lt, rt);
        return { k: 'ptrDiff', type: longType, left: l, right: r, scale: sizeOf(lt.to), loc };
      }
      return invalid(loc, lt, rt);
    }
    case '<':
    case '>':
    case '<=':
    case '>=':
    case '==':
    case '!=': {
      if (isArith(lt) && isArith(rt)) {
        const t = usualArith(lt, rt);
        return { k: 'compare', op, type: boolType, left: conv(l, t), right: conv(r, t), loc };
      }
      const lp = lt.kind === 'pointer' || lt.kind === 'nullptr';
      const rp = rt.kind === 'pointer' || rt.kind === 'nullptr';
      if (lp || rp) {
        // Pointers compare after converting one side to the other's type (null constants, void *, added const).
        const t = lp && convRank(r, lt) >= 0 ? lt : rp && convRank(l, rt) >= 0 ? rt : null;
        if (t === null) {
          if (lp && rp) fail(loc, `comparison of distinct pointer types ('${typeName(lt)}' and '${typeName(rt)}')`);
          fail(loc, `comparison between pointer and integer ('${typeName(lt)}' and '${typeName(rt)}')`);
        }
        return { k: 'compare', op, type: boolType, left: conv(l, t), right: conv(r, t), loc };
      }
      return invalid(loc, lt, rt);
    }
  }
  return fail(loc, `unsupported operator '${op}'`);
}

/** Checks that an operand is a modifiable lvalue and returns its target. */
export function modifiable(c: Checker, op: Operand, loc: SourceLoc): Target {
  if (!op.lv) fail(loc, 'expression is not assignable');
  if (op.type.kind === 'array') fail(loc, `array type '${typeName(op.type)}' is not assignable`);
  if (op.type.isConst) {
    if (op.name !== undefined) fail(loc, `cannot assign to variable '${op.name}' with const-qualified type '${typeName(op.type)}'`);
    fail(loc, 'read-only variable is not assignable');
  }
  return op.target;
}

/** Checks `a = b` and compound assignments. */
export function assign(c: Checker, e: Expr & { kind: 'assign' }): IExpr {
  const lhs = expr(c, e.target);
  // An overloaded operator is a call: its left operand may be any object, a temporary or what another call returned.
  const overloaded = operatorCall(c, e.op, lhs, e.value, e.loc);
  if (overloaded) return rv(c, overloaded);
  const target = modifiable(c, lhs, e.target.loc);
  const lt = lhs.lv ? unqual(lhs.type) : lhs.e.type;
  if (isInitList(e.value)) {
    if (e.op !== '=') fail(e.value.loc, 'initializer list cannot be used on the right hand side of operator \'' + e.op + '\'');
    return assignValue(c, lhs, target, lt, bracedAssignValue(c, lt, e.value, e.value.loc), false, e.loc);
  }
  const rop = expr(c, e.value);
  const r = rv(c, rop);
  if (e.op === '=') return assignValue(c, lhs, target, lt, r, rop.lv, e.loc);
  const op = e.op.slice(0, -1) as ArithOp;
  if (lt.kind === 'pointer' && (op === '+' || op === '-') && isInteger(r.type)) {
    // p += n: computed as p = p + n; the target must be evaluated once, so only simple places are accepted.
    if (target.k === 'mem' && hasEffects(target.addr)) fail(e.loc, 'compound assignment to a pointer through an address with side effects is not supported by Warpscope');
    const cur = rv(c, lhs);
    return { k: 'assign', type: lt, target, value: ptrAdd(c, cur, r, op === '-', e.loc), loc: e.loc };
  }
  const cur: IExpr = { k: 'const', type: lt, value: 0, loc: e.loc };
  const probe = binaryOp(c, op, cur, r, e.loc); // type-checks the operands as `a op b` would
  const opType = probe.type;
  const value = op === '<<' || op === '>>' ? conv(conv(r, promote(r.type)), opType) : conv(r, opType);
  if (!isArith(lt)) fail(e.loc, `invalid operands to binary expression ('${typeName(lt)}' and '${typeName(r.type)}')`);
  return { k: 'assign', type: lt, target, value, op, opType, loc: e.loc };
}

/** `lhs = r` for a plain assignment: a byte copy for structs. */
function assignValue(c: Checker, lhs: Operand, target: Target, lt: CType, r: IExpr, rIsLv: boolean, loc: SourceLoc): IExpr {
  if (lt.kind === 'struct') {
    const src = implicitConv(c, r, lt, 'assign', loc, rIsLv);
    return { k: 'copy', type: lt, dst: addressOf(c, lhs, loc), src: structAddr(src), size: sizeOf(lt), loc };
  }
  return { k: 'assign', type: lt, target, value: implicitConv(c, r, lt, 'assign', loc, rIsLv), loc };
}

/** True when evaluating an expression could change state (so it must not be evaluated twice). */
export function hasEffects(e: IExpr): boolean {
  switch (e.k) {
    case 'assign': case 'incdec': case 'call': case 'intrinsic': case 'launch': case 'copy': case 'structTemp':
      return true;
    case 'load': return hasEffects(e.addr);
    case 'unary': case 'convert': return hasEffects(e.arg);
    case 'arith': case 'compare': case 'logical': case 'comma': case 'ptrDiff': return hasEffects(e.left) || hasEffects(e.right);
    case 'ptrAdd': return hasEffects(e.ptr) || hasEffects(e.index);
    case 'cond': return hasEffects(e.cond) || hasEffects(e.then) || hasEffects(e.else);
    default: return false;
  }
}

/** ++x, x++, --x, x--. */
export function incdec(c: Checker, e: Expr & { kind: 'unary' }): IExpr {
  const op = expr(c, e.operand);
  const target = modifiable(c, op, e.operand.loc);
  const t = op.lv ? unqual(op.type) : op.e.type;
  const down = e.op === 'pre--' || e.op === 'post--';
  if (t.kind === 'bool' && down) fail(e.loc, `cannot decrement expression of type bool`);
  if (!isArith(t) && t.kind !== 'pointer') fail(e.loc, `cannot ${down ? 'decrement' : 'increment'} value of type '${typeName(t)}'`);
  const step = t.kind === 'pointer' ? sizeOf(t.to) : 1;
  return { k: 'incdec', type: t, target, delta: down ? -step : step, post: e.op.startsWith('post'), loc: e.loc };
}

/** An explicit conversion `(T)x` / static_cast / reinterpret_cast. */
export function explicitCast(c: Checker, x: IExpr, to: CType, loc: SourceLoc): IExpr {
  const from = x.type;
  const t = unqual(to);
  if (t.kind === 'void') return { k: 'convert', type: t, arg: x, loc };
  const scalarOk =
    (isArith(t) && (isArith(from) || (isInteger(t) && from.kind === 'pointer'))) ||
    (t.kind === 'pointer' && (from.kind === 'pointer' || isInteger(from) || from.kind === 'nullptr')) ||
    (t.kind === 'bool' && (from.kind === 'pointer' || from.kind === 'nullptr'));
  if (scalarOk) {
    const r = conv(x, t);
    return r === x ? x : { ...r, loc };
  }
  if (t.kind === 'struct' && convRank(x, t) >= 0) return implicitConv(c, x, t, 'init', loc, false);
  if (t.kind === 'pointer' && isNullConst(x)) return conv(x, t);
  return fail(loc, `cannot cast from type '${typeName(from)}' to '${typeName(t)}'`);
}
