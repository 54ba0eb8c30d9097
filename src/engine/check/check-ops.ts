import type { SourceLoc } from '../front/token.js';
import { fail } from '../front/diag.js';
import type { IExpr, Space, Target, VarSym } from './ir.js';
import type { CType } from './types.js';
import { boolType, longType, sameType, sizeOf, typeName } from './types.js';
import { evalConst, isArith, isInteger, promote, rank, unqual, usualArith } from './check-conv.js';
import type { Checker } from './check-ctx.js';
import { cgConvertible } from './cg-types.js';

/*
 * Conversions between checked expressions: the implicit conversions C++ allows
 * (with clang's diagnostics when it does not), their ranking for overload
 * resolution, and the lvalue/rvalue plumbing shared by the expression checker.
 */

/** A checked operand before lvalue-to-rvalue conversion. Struct rvalues evaluate to the object's address. */
export type Operand =
  | { readonly lv: false; readonly e: IExpr }
  | { readonly lv: true; readonly type: CType; readonly target: Target; readonly loc: SourceLoc; readonly name?: string; readonly constValue?: number | bigint };

/** Inserts a convert node unless the types already agree. */
export function conv(e: IExpr, to: CType): IExpr {
  if (sameType(e.type, to) && (e.type.kind !== 'int' || to.kind !== 'int' || e.type.name === to.name || e.type.bits !== 8)) return e.type.isConst ? { ...e, type: unqual(e.type) } : e;
  return { k: 'convert', type: unqual(to), arg: e, loc: e.loc };
}

/** Where an address points, when the checker can tell from how it was formed. */
export function spaceOf(c: Checker, addr: IExpr): Space {
  switch (addr.k) {
    case 'varAddr':
      return storageSpace(c, addr.v);
    case 'ptrAdd':
      return spaceOf(c, addr.ptr);
    case 'convert':
      return addr.arg.type.kind === 'pointer' ? spaceOf(c, addr.arg) : 'generic';
    default:
      return 'generic';
  }
}

function storageSpace(c: Checker, v: VarSym): Space {
  const onDevice = c.fn !== null && (c.fn.space === 'global' || c.fn.space === 'device');
  switch (v.storage) {
    case 'auto':
      return c.fn === null || c.fn.space === 'hostDevice' ? 'generic' : onDevice ? 'local' : 'host';
    case 'shared':
    case 'dynamicShared':
      return 'shared';
    case 'constant':
      return onDevice ? 'constant' : 'generic';
    case 'device':
      return onDevice ? 'global' : 'generic';
    case 'host':
      return c.fn?.space === 'host' ? 'host' : 'generic';
    default:
      return 'generic';
  }
}

/** The address of an object operand (an lvalue in memory, or a struct rvalue). */
export function addressOf(c: Checker, op: Operand, loc: SourceLoc): IExpr {
  if (op.lv) {
    const ptr: CType = { kind: 'pointer', to: op.type };
    if (op.target.k === 'var') return { k: 'varAddr', v: op.target.v, type: ptr, loc };
    return retype(op.target.addr, ptr);
  }
  if (op.e.type.kind === 'struct') return structAddr(op.e);
  fail(loc, `cannot take the address of an rvalue of type '${typeName(op.e.type)}'`);
}

/** The address a struct-typed expression evaluates to (a struct-typed load only names its address). */
export function structAddr(e: IExpr): IExpr {
  if (e.k === 'load' && e.type.kind === 'struct') return e.addr;
  return e;
}

/** Re-types an address expression (pointer to pointer conversions are free). */
export function retype(addr: IExpr, ptr: CType): IExpr {
  if (sameType(addr.type, ptr)) return addr;
  return { k: 'convert', type: ptr, arg: addr, loc: addr.loc };
}

/** A memory lvalue at `addr`. */
export function memLv(c: Checker, addr: IExpr, type: CType, loc: SourceLoc): Operand {
  return { lv: true, type, target: { k: 'mem', addr, space: spaceOf(c, addr) }, loc };
}

/** Lvalue-to-rvalue conversion, array-to-pointer decay, and struct values as addresses. */
export function rv(c: Checker, op: Operand): IExpr {
  if (!op.lv) return op.e;
  const t = op.type;
  if (t.kind === 'array') {
    const elemPtr: CType = { kind: 'pointer', to: t.of };
    return retype(addressOf(c, op, op.loc), elemPtr);
  }
  if (t.kind === 'struct') return { k: 'load', type: unqual(t), addr: addressOf(c, op, op.loc), space: op.target.k === 'mem' ? op.target.space : 'generic', loc: op.loc };
  if (t.kind === 'function') fail(op.loc, 'function values are not supported');
  // A const integer with a constant initializer reads as its value (C++ constant expressions).
  if (op.constValue !== undefined) return { k: 'const', type: unqual(t), value: op.constValue, loc: op.loc };
  if (op.target.k === 'var') return { k: 'var', v: op.target.v, type: unqual(t), loc: op.loc };
  return { k: 'load', type: unqual(t), addr: op.target.addr, space: op.target.space, loc: op.loc };
}

/** True for an integer constant expression equal to zero (a null pointer constant), or nullptr. */
export function isNullConst(e: IExpr): boolean {
  if (e.type.kind === 'nullptr') return true;
  return isInteger(e.type) && e.type.kind === 'int' && evalConst(e) !== null && BigInt(evalConst(e)!) === 0n;
}

/** Ranks an implicit conversion for overload resolution: 0 exact, 1 promotion, 2 conversion, -1 impossible. */
export function convRank(e: IExpr, to: CType): number {
  const from = e.type;
  if (to.kind === 'struct') return from.kind === 'struct' && (from.info === to.info || (to.info.builtin === 'dim3' && from.info.builtin === 'uint3')) ? 0 : cgConvertible(from, to) ? 2 : -1;
  if (isArith(to)) {
    if (isArith(from)) {
      if (sameType(unqual(from), unqual(to)) && (from.kind !== 'int' || to.kind !== 'int' || from.name === to.name || from.bits > 8)) return 0;
      if (isInteger(from) && from.kind !== 'float' && sameType(promote(from), to) && rank(from) < 3) return 1;
      if (from.kind === 'float' && to.kind === 'float' && from.bits === 32) return 1;
      return 2;
    }
    if (to.kind === 'bool' && (from.kind === 'pointer' || from.kind === 'nullptr')) return 2;
    return -1;
  }
  if (to.kind === 'pointer') {
    if (isNullConst(e)) return 2;
    if (from.kind !== 'pointer') return -1;
    if (from.to.isConst && !to.to.isConst) return -1; // would drop a const
    if (sameType(from.to, to.to)) return 0;
    if (to.to.kind === 'void' && from.to.kind !== 'function') return 2;
    return -1;
  }
  return -1;
}

/** How a conversion is being made, for clang's wording. */
export type ConvHow = 'init' | 'assign' | 'param' | 'return';

/** Applies an implicit conversion, or fails with clang's message. `isLv` says whether the source was an lvalue. */
export function implicitConv(c: Checker, e: IExpr, to: CType, how: ConvHow, loc: SourceLoc, isLv: boolean): IExpr {
  if (to.kind === 'struct') {
    // A cooperative group converts to thread_group by reinterpreting its (identical) layout.
    if (cgConvertible(e.type, to)) return { k: 'load', type: unqual(to), addr: retype(structAddr(e), { kind: 'pointer', to: unqual(to) }), space: 'generic', loc };
    if (convRank(e, to) >= 0) return e;
    if (to.info.builtin === 'dim3' && isInteger(e.type)) return dim3From(c, [e], loc);
  } else if (convRank(e, to) >= 0) {
    if (e.type.kind === 'float' && isInteger(to) && how !== 'param') {
      const v = evalConst(e);
      if (v !== null && Number.isFinite(Number(v)) && Math.trunc(Number(v)) !== Number(v))
        c.warn(loc, `implicit conversion from '${typeName(e.type)}' to '${typeName(to)}' changes value from ${Number(v)} to ${Math.trunc(Number(v))}`);
    }
    return conv(e, to);
  }
  const kind = isLv ? 'lvalue' : 'rvalue';
  const T = typeName(unqual(to));
  const F = typeName(e.type);
  if (how === 'assign') fail(loc, `assigning to '${T}' from incompatible type '${F}'`);
  if (how === 'return') fail(loc, `cannot initialize return object of type '${T}' with an ${kind} of type '${F}'`);
  if (how === 'param') fail(loc, `cannot initialize a parameter of type '${T}' with an ${kind} of type '${F}'`);
  fail(loc, `cannot initialize a variable of type '${T}' with an ${kind} of type '${F}'`);
}

/** Builds a dim3 temporary from 0-3 unsigned components; missing ones are 1, as dim3's constructor defaults them. */
export function dim3From(c: Checker, parts: readonly IExpr[], loc: SourceLoc): IExpr {
  const dim3 = c.lookup('dim3');
  if (!dim3 || dim3.k !== 'type' || dim3.t.kind !== 'struct') fail(loc, 'dim3 is not available');
  return structTempOf(c, dim3.t, loc, (v) =>
    dim3.t.kind === 'struct'
      ? dim3.t.info.fields.map((f, i) => ({ offset: f.offset, value: parts[i] ? conv(parts[i]!, f.type) : ({ k: 'const', type: f.type, value: 1, loc } as IExpr) }))
      : [],
  );
}

/** A struct temporary whose fields are set by `stores` (computed given the temporary). */
export function structTempOf(c: Checker, t: CType, loc: SourceLoc, stores: (v: VarSym) => { offset: number; value: IExpr }[]): IExpr {
  const v = c.newVar(`__tmp${c.nextVar}`, t, 'auto', loc);
  const s = stores(v);
  return { k: 'structTemp', type: t, v, init: [{ k: 'init', v, value: null, stores: s, zeroFill: true, loc }], loc };
}

/** Converts a scalar to a condition (C++ contextual conversion to bool). */
export function toCond(e: IExpr, loc: SourceLoc): IExpr {
  if (e.type.kind === 'bool') return e;
  if (isArith(e.type) || e.type.kind === 'pointer' || e.type.kind === 'nullptr') return conv(e, boolType);
  fail(loc, `value of type '${typeName(e.type)}' is not contextually convertible to 'bool'`);
}

/** An arithmetic node after the usual conversions (operands converted to `t`). */
export function arith(op: '+' | '-' | '*' | '/' | '%' | '<<' | '>>' | '&' | '|' | '^', t: CType, l: IExpr, r: IExpr, loc: SourceLoc): IExpr {
  return { k: 'arith', op, type: t, left: conv(l, t), right: conv(r, t), loc };
}

/** `ptr + idx` (idx negated for subtraction, after widening to long so unsigned indices subtract correctly). */
export function ptrAdd(c: Checker, ptr: IExpr, idx: IExpr, negate: boolean, loc: SourceLoc): IExpr {
  if (ptr.type.kind !== 'pointer') fail(loc, 'internal: ptrAdd on a non-pointer');
  const to = ptr.type.to;
  if (to.kind === 'struct' && to.info.size === 0) fail(loc, `arithmetic on a pointer to an incomplete type '${typeName(to)}'`);
  let index = promote(idx.type).kind === 'int' ? conv(idx, promote(idx.type)) : idx;
  if (negate) index = { k: 'unary', op: '-', type: longType, arg: conv(idx, longType), loc };
  return { k: 'ptrAdd', type: unqual(ptr.type), ptr, index, scale: sizeOf(to), loc };
}

/** A zero constant of a scalar type. */
export function zeroOf(t: CType, loc: SourceLoc): IExpr {
  return { k: 'const', type: t, value: t.kind === 'int' && t.bits === 64 ? 0n : 0, loc };
}

/** The common type of two arithmetic operands, for `?:`, comparisons and arithmetic. */
export function common(a: CType, b: CType): CType {
  return usualArith(a, b);
}
