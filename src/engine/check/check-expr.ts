import type { SourceLoc } from '../front/token.js';
import { fail, unsupported } from '../front/diag.js';
import type { Expr } from '../front/ast.js';
import type { IExpr, Target } from './ir.js';
import type { CType } from './types.js';
import { boolType, charType, doubleType, floatType, intType, longType, nullptrType, sizeOf, alignOf, sizeType, typeName, uintType, voidType } from './types.js';
import type { Value } from './check-conv.js';
import { evalConst, floatLiteral, intLiteralType, isArith, isInteger, normalize, promote, unqual, usualArith } from './check-conv.js';
import type { Checker } from './check-ctx.js';
import { mkConst } from './check-ctx.js';
import type { Operand } from './check-ops.js';
import { addressOf, arith, conv, convRank, memLv, ptrAdd, rv, structAddr, structTempOf, toCond, isNullConst, retype } from './check-ops.js';
import { binary, assign, incdec, explicitCast } from './check-binary.js';
import { call, launch } from './check-call.js';
import { constructExpr } from './check-init.js';
import { cgMemberValue } from './cg.js';
import { cgNameValue } from './cg-names.js';
import { cgInfo } from './cg-types.js';
import { iosNameError, missingHeaderMessage } from './iostream-names.js';
import { implicitMember, operatorCall, thisOutsideMethod } from './check-methods.js';
import { checkingAddress, checkingIndex, checkingWrite, hostView, naming } from './host-shadow.js';

/*
 * Expressions: name resolution, literals, member access and subscripts, unary
 * operators, casts and sizeof. Binary operators and assignment are in check-binary.ts,
 * calls and launches in check-call.ts.
 */

/** Checks an expression and converts it to an rvalue. */
export function rexpr(c: Checker, e: Expr): IExpr {
  return rv(c, expr(c, e));
}

/** The value of `e` when it is an integer constant expression, else null. */
export function intConstant(c: Checker, e: Expr): Value | null {
  const x = rexpr(c, e);
  return isInteger(x.type) ? evalConst(x) : null;
}

/**
 * A cast's operand. A long double literal cast straight to float or double (float.h's DBL_MAX and
 * friends, as gcc spells them) is read as a double literal: the cast would round it to one anyway.
 */
function castOperand(c: Checker, operand: Expr, to: CType): IExpr {
  if (operand.kind === 'float' && /[lL]$/.test(operand.text) && to.kind === 'float') return mkConst(doubleType, operand.value, operand.loc);
  return rexpr(c, operand);
}

/** Checks an expression, keeping lvalues as places. */
export function expr(c: Checker, e: Expr): Operand {
  switch (e.kind) {
    case 'int': {
      const t = intLiteralType(e.value, e.suffix, e.radix);
      if (e.radix === 10 && e.suffix === '' && t.kind === 'int' && !t.signed) c.warn(e.loc, 'integer literal is too large to be represented in a signed integer type, interpreting as unsigned');
      return { lv: false, e: mkConst(t, normalize(t, e.value), e.loc) };
    }
    case 'float':
      if (/[lL]$/.test(e.text)) unsupported(e.loc, "'long double' literals (an 'L' suffix)");
      return { lv: false, e: e.isFloat ? mkConst(floatType, floatLiteral(e.text), e.loc) : mkConst(doubleType, e.value, e.loc) };
    case 'char':
      return { lv: false, e: mkConst(charType, normalize(charType, e.value), e.loc) };
    case 'bool':
      return { lv: false, e: mkConst(boolType, e.value ? 1 : 0, e.loc) };
    case 'nullptr':
      return { lv: false, e: mkConst(nullptrType, 0, e.loc) };
    case 'string':
      return stringLiteral(c, e.value, e.loc);
    case 'ident':
      return ident(c, e);
    case 'unary':
      return unary(c, e);
    case 'binary':
      return { lv: false, e: binary(c, e) };
    case 'assign':
      return { lv: false, e: checkingWrite(c, e.target, e.op !== '=', () => assign(c, e)) };
    case 'cond':
      return conditional(c, e);
    case 'call':
      return call(c, e);
    case 'launch':
      return { lv: false, e: launch(c, e) };
    case 'index':
      return checkingIndex(c, e.base, () => index(c, e));
    case 'member':
      return member(c, e);
    case 'cast': {
      if (e.style === 'dynamic') unsupported(e.loc, 'dynamic_cast');
      const r = c.resolveType(e.type, (x) => rexpr(c, x));
      if (r.ref) unsupported(e.loc, 'casts to reference types');
      return { lv: false, e: explicitCast(c, castOperand(c, e.operand, r.type), r.type, e.loc) };
    }
    case 'construct':
      return { lv: false, e: constructExpr(c, e) };
    case 'sizeofType': {
      const r = c.resolveType(e.type, (x) => rexpr(c, x));
      return { lv: false, e: mkConst(sizeType, BigInt(sizeOfChecked(r.type, e.loc)), e.loc) };
    }
    case 'sizeofExpr': {
      const op = sizeofOperand(c, e.expr);
      return { lv: false, e: mkConst(sizeType, BigInt(sizeOfChecked(op, e.loc)), e.loc) };
    }
    case 'alignof': {
      const r = c.resolveType(e.type, (x) => rexpr(c, x));
      return { lv: false, e: mkConst(sizeType, BigInt(alignOf(r.type)), e.loc) };
    }
    case 'offsetof':
      return { lv: false, e: mkConst(sizeType, BigInt(offsetOf(c, e)), e.loc) };
    case 'initList':
      fail(e.loc, 'initializer list cannot be used here');
    // falls out via fail
    case 'new':
      return { lv: false, e: newExpr(c, e) };
    case 'delete': {
      const p = rexpr(c, e.operand);
      if (p.type.kind !== 'pointer') fail(e.loc, `cannot delete expression of type '${typeName(p.type)}'`);
      return { lv: false, e: { k: 'intrinsic', name: e.array ? 'operator delete[]' : 'operator delete', type: { kind: 'void' }, args: [retype(p, { kind: 'pointer', to: { kind: 'void' } })], loc: e.loc } };
    }
    case 'unsupported':
      unsupported(e.loc, e.what);
  }
}

/** sizeof's operand keeps its array type (no decay); it is checked but never evaluated. */
function sizeofOperand(c: Checker, e: Expr): CType {
  const saved = c.fn?.fn.locals.length ?? 0;
  const op = naming(c, () => expr(c, e));
  // Temporaries made while checking an unevaluated operand are never run; drop them from the frame.
  if (c.fn) c.fn.fn.locals.length = saved;
  return op.lv ? op.type : op.e.type;
}

function sizeOfChecked(t: CType, loc: SourceLoc): number {
  if (t.kind === 'void') fail(loc, `invalid application of 'sizeof' to an incomplete type 'void'`);
  if (t.kind === 'array' && t.length === null) fail(loc, `invalid application of 'sizeof' to an incomplete type '${typeName(t)}'`);
  if (t.kind === 'function') fail(loc, `invalid application of 'sizeof' to a function type`);
  return sizeOf(t);
}

/** A string literal: a 'literal' VarSym holding its NUL-terminated bytes; the expression is the const char array. */
export function stringLiteral(c: Checker, text: string, loc: SourceLoc): Operand {
  const bytes = new Uint8Array(text.length + 1);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  const t: CType = { kind: 'array', of: { ...charType, isConst: true }, length: bytes.length };
  const v = c.newVar(`.str${c.nextVar}`, t, 'literal', loc, { init: bytes });
  return memLv(c, { k: 'varAddr', v, type: { kind: 'pointer', to: t }, loc }, t, loc);
}

const BUILTIN_COMPONENTS = new Set(['x', 'y', 'z']);

function ident(c: Checker, e: Expr & { kind: 'ident' }): Operand {
  if (implicitMember(c, e.name) === 'field') return member(c, { kind: 'member', base: { kind: 'ident', name: 'this', loc: e.loc }, name: e.name, arrow: true, loc: e.loc });
  const s = c.lookup(e.name);
  if (!s && e.name === 'this') thisOutsideMethod(e.loc);
  if (!s) fail(e.loc, missingHeaderMessage(c.headers, e.name) ?? `use of undeclared identifier '${e.name}'`);
  switch (s.k) {
    case 'var': {
      const v = hostView(c, s.v, e, e.loc);
      if (s.ref) {
        const ptr = s.v.type;
        const to = ptr.kind === 'pointer' ? ptr.to : ptr;
        return { lv: true, type: to, target: { k: 'mem', addr: { k: 'var', v: s.v, type: ptr, loc: e.loc }, space: 'generic' }, loc: e.loc, name: e.name };
      }
      const t = v.type;
      const target: Target = t.kind === 'array' || t.kind === 'struct' ? { k: 'mem', addr: { k: 'varAddr', v, type: { kind: 'pointer', to: t }, loc: e.loc }, space: 'generic' } : { k: 'var', v };
      if (target.k === 'mem') return memLv(c, target.addr, t, e.loc);
      return { lv: true, type: t, target, loc: e.loc, name: e.name, ...(s.constValue !== undefined ? { constValue: s.constValue } : {}) };
    }
    case 'const':
      return { lv: false, e: mkConst(s.type, s.value, e.loc) };
    case 'builtinVar': {
      // threadIdx used whole (e.g. passed as a uint3): a temporary filled from its components.
      checkDeviceBuiltin(c, e.name, e.loc);
      // warpSize is declared `int` in device_launch_parameters.h (so `i < warpSize` compares signed).
      if (s.name === 'warpSize') return { lv: false, e: { k: 'builtin', name: 'warpSize', type: intType, loc: e.loc } };
      const t = c.lookup(e.name === 'threadIdx' || e.name === 'blockIdx' ? 'uint3' : 'dim3');
      if (!t || t.k !== 'type' || t.t.kind !== 'struct') fail(e.loc, 'internal: uint3 missing');
      const info = t.t.info;
      return { lv: false, e: structTempOf(c, t.t, e.loc, () => info.fields.map((f) => ({ offset: f.offset, value: { k: 'builtin', name: `${s.name}.${f.name}` as 'threadIdx.x', type: uintType, loc: e.loc } }))) };
    }
    case 'type':
      fail(e.loc, `'${e.name}' does not refer to a value`);
    // falls out via fail
    case 'funcs': {
      // A kernel named as a value ((const void *)kernel for cudaFuncGetAttributes, the occupancy
      // API): its handle is the kernel's id, as the built-ins' 'kernel' parameters take it.
      const k = s.list.find((f) => f.space === 'global' && f.fn);
      if (k?.fn) return { lv: false, e: mkConst({ kind: 'pointer', to: { kind: 'function', ret: voidType, params: k.params, variadic: false } }, k.fn.id, e.loc) };
      // A function named as a value decays to a pointer to it.
      unsupported(e.loc, 'function pointers');
    }
    // falls out via fail
    case 'builtins':
      unsupported(e.loc, 'function pointers');
    // falls out via fail
    case 'ns':
      fail(e.loc, `'${e.name}' is a namespace, not a value`);
    // falls out via fail
    case 'cg':
      return cgNameValue(c, s.name, e.name, e.loc);
    case 'ios':
      iosNameError(s.name, e.loc);
  }
}

function checkDeviceBuiltin(c: Checker, name: string, loc: SourceLoc): void {
  if (c.fn && (c.fn.space === 'host')) fail(loc, `identifier "${name}" is undefined in host code`);
}

function member(c: Checker, e: Expr & { kind: 'member' }): Operand {
  if (!e.arrow && e.base.kind === 'ident') {
    const s = c.lookup(e.base.name);
    if (s?.k === 'builtinVar') {
      checkDeviceBuiltin(c, s.name, e.loc);
      if (!BUILTIN_COMPONENTS.has(e.name)) fail(e.loc, `no member named '${e.name}' in '${s.name === 'threadIdx' || s.name === 'blockIdx' ? 'uint3' : 'dim3'}'`);
      return { lv: false, e: { k: 'builtin', name: `${s.name}.${e.name}` as 'threadIdx.x', type: uintType, loc: e.loc } };
    }
  }
  const base = expr(c, e.base);
  let addr: IExpr;
  let st: CType;
  if (e.arrow) {
    const p = rv(c, base);
    if (p.type.kind !== 'pointer') fail(e.loc, `member reference type '${typeName(p.type)}' is not a pointer${p.type.kind === 'struct' ? "; did you mean to use '.'?" : ''}`);
    st = p.type.to;
    if (st.kind !== 'struct') fail(e.loc, `member reference base type '${typeName(st)}' is not a structure or union`);
    addr = p;
  } else {
    st = base.lv ? base.type : base.e.type;
    if (st.kind === 'pointer' && st.to.kind === 'struct') fail(e.loc, `member reference type '${typeName(st)}' is a pointer; did you mean to use '->'?`);
    if (st.kind !== 'struct') fail(e.loc, `member reference base type '${typeName(st)}' is not a structure or union`);
    addr = base.lv ? addressOf(c, base, e.loc) : structAddr(base.e);
  }
  if (st.kind !== 'struct') fail(e.loc, 'internal');
  if (cgInfo(st)) cgMemberValue(c, st, e.name, e.nameLoc ?? e.loc);
  const f = st.info.fields.find((x) => x.name === e.name);
  if (!f) fail(e.loc, `no member named '${e.name}' in '${st.info.name}'`);
  const ft: CType = st.isConst && !f.type.isConst ? ({ ...f.type, isConst: true } as CType) : f.type;
  const fieldAddr: IExpr = { k: 'ptrAdd', type: { kind: 'pointer', to: ft }, ptr: addr, index: mkConst(longType, f.offset, e.loc), scale: 1, loc: e.loc };
  const lv = memLv(c, fieldAddr, ft, e.loc);
  // A member of an rvalue struct (a call result, a temporary) is itself an rvalue.
  return base.lv || e.arrow ? lv : { lv: false, e: rv(c, lv) };
}

function index(c: Checker, e: Expr & { kind: 'index' }): Operand {
  const bop = expr(c, e.base);
  const overloaded = operatorCall(c, '[]', bop, e.index, e.loc);
  if (overloaded) return overloaded;
  let b = rv(c, bop);
  let i = rexpr(c, e.index);
  if (b.type.kind !== 'pointer' && i.type.kind === 'pointer') [b, i] = [i, b];
  if (b.type.kind !== 'pointer') fail(e.loc, 'subscripted value is not an array, pointer, or vector');
  if (!isInteger(i.type)) fail(e.index.loc, 'array subscript is not an integer');
  const elem = b.type.to;
  if (elem.kind === 'void') fail(e.loc, `subscript of pointer to incomplete type 'void'`);
  return memLv(c, ptrAdd(c, b, i, false, e.loc), elem, e.loc);
}

function unary(c: Checker, e: Expr & { kind: 'unary' }): Operand {
  switch (e.op) {
    case '*': {
      const p = rexpr(c, e.operand);
      if (p.type.kind !== 'pointer') fail(e.loc, `indirection requires pointer operand ('${typeName(p.type)}' invalid)`);
      if (p.type.to.kind === 'void') fail(e.loc, `indirection not permitted on operand of type '${typeName(p.type)}'`);
      return memLv(c, p, p.type.to, e.loc);
    }
    case '&': {
      if (e.operand.kind === 'ident') {
        const s = c.lookup(e.operand.name);
        if (s?.k === 'funcs' || s?.k === 'builtins') unsupported(e.loc, 'function pointers');
      }
      const op = checkingAddress(c, e.operand, () => expr(c, e.operand));
      if (!op.lv) fail(e.loc, `cannot take the address of an rvalue of type '${typeName(op.e.type)}'`);
      const a = addressOf(c, op, e.loc);
      return { lv: false, e: { ...a, loc: e.loc } };
    }
    case '+':
    case '-':
    case '~': {
      const aop = expr(c, e.operand);
      const overloaded = operatorCall(c, e.op, aop, null, e.loc);
      if (overloaded) return overloaded;
      const a = rv(c, aop);
      const ok = e.op === '~' ? isInteger(a.type) : isArith(a.type);
      if (!ok) fail(e.loc, `invalid argument type '${typeName(a.type)}' to unary expression`);
      const t = promote(a.type);
      const x = conv(a, t);
      if (e.op === '+') return { lv: false, e: x.loc === e.loc ? x : { k: 'convert', type: t, arg: a, loc: e.loc } };
      return { lv: false, e: { k: 'unary', op: e.op, type: t, arg: x, loc: e.loc } };
    }
    case '!': {
      const aop = expr(c, e.operand);
      const overloaded = operatorCall(c, '!', aop, null, e.loc);
      if (overloaded) return overloaded;
      const a = rv(c, aop);
      return { lv: false, e: { k: 'unary', op: '!', type: boolType, arg: toCond(a, e.loc), loc: e.loc } };
    }
    default:
      return { lv: false, e: checkingWrite(c, e.operand, true, () => incdec(c, e)) };
  }
}

function conditional(c: Checker, e: Expr & { kind: 'cond' }): Operand {
  const cond = toCond(rexpr(c, e.cond), e.cond.loc);
  const a = rexpr(c, e.then);
  const b = rexpr(c, e.else);
  let t: CType;
  if (isArith(a.type) && isArith(b.type)) t = a.type.kind === 'bool' && b.type.kind === 'bool' ? boolType : arithCommon(a.type, b.type);
  else if (a.type.kind === 'pointer' && (b.type.kind === 'pointer' || isNullConst(b))) t = convRank(b, a.type) >= 0 ? a.type : b.type.kind === 'pointer' && convRank(a, b.type) >= 0 ? b.type : fail(e.loc, `incompatible operand types ('${typeName(a.type)}' and '${typeName(b.type)}')`);
  else if (b.type.kind === 'pointer' && isNullConst(a)) t = b.type;
  else if (a.type.kind === 'struct' && b.type.kind === 'struct' && a.type.info === b.type.info) {
    const p: CType = { kind: 'pointer', to: a.type };
    const sel: IExpr = { k: 'cond', type: p, cond, then: retype(structAddr(a), p), else: retype(structAddr(b), p), loc: e.loc };
    return { lv: false, e: { k: 'load', type: unqual(a.type), addr: sel, space: 'generic', loc: e.loc } };
  } else if (a.type.kind === 'void' && b.type.kind === 'void') t = a.type;
  else fail(e.loc, `incompatible operand types ('${typeName(a.type)}' and '${typeName(b.type)}')`);
  return { lv: false, e: { k: 'cond', type: unqual(t), cond, then: t.kind === 'void' ? a : conv(a, t), else: t.kind === 'void' ? b : conv(b, t), loc: e.loc } };
}

/** `?:` on two arithmetic operands: the usual arithmetic conversions. */
function arithCommon(a: CType, b: CType): CType {
  return usualArith(a, b);
}

function newExpr(c: Checker, e: Expr & { kind: 'new' }): IExpr {
  const t = c.resolveType(e.type, (x) => rexpr(c, x)).type;
  const ptr: CType = { kind: 'pointer', to: t };
  const size = sizeOf(t);
  if (e.count) {
    const n = rexpr(c, e.count);
    if (!isInteger(n.type)) fail(e.count.loc, `array size expression must have integral or unscoped enumeration type, not '${typeName(n.type)}'`);
    // The count stays signed: a negative one throws std::bad_array_new_length rather than wrapping.
    const count = conv(n, longType);
    return { k: 'intrinsic', name: 'operator new[]', type: ptr, args: [count, mkConst(sizeType, BigInt(size), e.loc)], loc: e.loc };
  }
  const alloc: IExpr = { k: 'intrinsic', name: 'operator new', type: ptr, args: [mkConst(sizeType, BigInt(size), e.loc)], loc: e.loc };
  if (!e.args || e.args.length === 0) return alloc;
  if (t.kind === 'struct' || e.args.length > 1) unsupported(e.loc, 'new with constructor arguments for this type');
  // new T(v): allocate into a temporary pointer, store v, yield the pointer.
  const tmp = c.newVar(`__new${c.nextVar}`, ptr, 'auto', e.loc);
  const v = conv(rexpr(c, e.args[0]!), t);
  const set: IExpr = { k: 'assign', type: ptr, target: { k: 'var', v: tmp }, value: alloc, loc: e.loc };
  const store: IExpr = { k: 'assign', type: t, target: { k: 'mem', addr: { k: 'var', v: tmp, type: ptr, loc: e.loc }, space: 'generic' }, value: v, loc: e.loc };
  return { k: 'comma', type: ptr, left: { k: 'comma', type: t, left: set, right: store, loc: e.loc }, right: { k: 'var', v: tmp, type: ptr, loc: e.loc }, loc: e.loc };
}

/** The byte offset `offsetof(T, path)` names: each member's offset in its struct, each index times its element size. */
function offsetOf(c: Checker, e: Extract<Expr, { kind: 'offsetof' }>): number {
  let t = unqual(c.resolveType(e.type, (x) => rexpr(c, x)).type);
  if (t.kind !== 'struct') fail(e.loc, `offsetof requires struct, union, or class type, '${typeName(t)}' invalid`);
  let offset = 0;
  for (const step of e.path) {
    if (typeof step === 'string') {
      if (t.kind !== 'struct') fail(e.loc, `member reference base type '${typeName(t)}' is not a structure or union`);
      const f = t.info.fields.find((x) => x.name === step);
      if (!f) fail(e.loc, `no member named '${step}' in '${typeName(t)}'`);
      offset += f.offset;
      t = unqual(f.type);
    } else {
      if (t.kind !== 'array') fail(step.loc, `subscripted value is not an array`);
      const v = intConstant(c, step);
      if (v === null) unsupported(step.loc, 'offsetof with an index that is not a constant');
      offset += Number(v) * sizeOf(t.of);
      t = unqual(t.of);
    }
  }
  return offset;
}
