import type { SourceLoc } from '../front/token.js';
import { fail, unsupported } from '../front/diag.js';
import type { Expr, InitItem } from '../front/ast.js';
import type { IExpr, IStmt, StaticReloc, VarSym } from './ir.js';
import { staticAddress } from './static-address.js';
import type { CType } from './types.js';
import { isScalar, sizeOf, typeName, uintType } from './types.js';
import { evalConst, normalize, unqual } from './check-conv.js';
import type { Checker } from './check-ctx.js';
import { mkConst } from './check-ctx.js';
import { conv, dim3From, implicitConv, rv, structAddr, structTempOf, zeroOf, retype } from './check-ops.js';
import { explicitCast, hasEffects } from './check-binary.js';
import { expr } from './check-expr.js';
import { encodeScalar } from './layout.js';
import { checkCgDefaultConstruct } from './cg-names.js';
import { expectDim3 } from './check-comma.js';
import { constructAt, defaultConstruction, hasConstructor } from './check-methods.js';

/*
 * Initializers: brace lists for arrays and structs (with C's brace elision and
 * designators), string literals for char arrays, constructor-style dim3, and the
 * static bytes of namespace-scope variables.
 */

export type Store = { offset: number; value: IExpr };

/** True for a char array type (string literal initialisable). */
function isCharArray(t: CType): boolean {
  return t.kind === 'array' && t.of.kind === 'int' && t.of.bits === 8;
}

/** Completes `T a[]` from its initializer's element count. */
export function completeArray(t: CType, init: Expr | null): CType {
  if (t.kind !== 'array' || t.length !== null || !init) return t;
  if (init.kind === 'string' && isCharArray(t)) return { ...t, length: init.value.length + 1 };
  if (init.kind !== 'initList') return t;
  if (init.items.length === 1 && init.items[0]!.value.kind === 'string' && isCharArray(t)) return { ...t, length: (init.items[0]!.value as { value: string }).value.length + 1 };
  // Count top-level elements, allowing for brace elision of aggregate elements.
  const per = t.of.kind === 'array' || t.of.kind === 'struct' ? scalarCount(t.of) : 1;
  let n = 0;
  for (const it of init.items) n += it.value.kind === 'initList' || per === 1 ? per : 1;
  return { ...t, length: Math.ceil(n / per) };
}

function scalarCount(t: CType): number {
  if (t.kind === 'array') return (t.length ?? 0) * scalarCount(t.of);
  if (t.kind === 'struct') return t.info.isUnion ? 1 : t.info.fields.reduce((s, f) => s + scalarCount(f.type), 0);
  return 1;
}

/** Stores for a string literal into a char array. */
function stringStores(c: Checker, t: CType, s: string, offset: number, out: Store[], loc: SourceLoc): void {
  if (t.kind !== 'array') return;
  const len = t.length ?? s.length + 1;
  if (s.length > len) fail(loc, `initializer-string for char array is too long, array size is ${len} but initializer has size ${s.length + 1} (including the null terminating character)`);
  for (let i = 0; i < Math.min(len, s.length + 1); i++) out.push({ offset: offset + i, value: mkConst(t.of, normalize(t.of, i < s.length ? s.charCodeAt(i) & 0xff : 0), loc) });
}

/** Stores copying every scalar of a struct value field by field (its address must be side-effect free). */
function structStores(c: Checker, t: CType, src: IExpr, offset: number, out: Store[], loc: SourceLoc): void {
  let base = structAddr(src);
  // A call or constructor (`{V(3), v}`) runs once, into a temporary the stores then read.
  let first: IExpr | null = null;
  if (hasEffects(base)) {
    const tmp = c.newVar(`__init${c.nextVar}`, t, 'auto', loc);
    const addr: IExpr = { k: 'varAddr', v: tmp, type: { kind: 'pointer', to: t }, loc };
    first = { k: 'copy', type: t, dst: addr, src: base, size: sizeOf(t), loc };
    base = addr;
  }
  const start = out.length;
  const walk = (ty: CType, off: number): void => {
    if (ty.kind === 'struct') for (const f of ty.info.isUnion ? ty.info.fields.slice(0, 1) : ty.info.fields) walk(f.type, off + f.offset);
    else if (ty.kind === 'array') for (let i = 0; i < (ty.length ?? 0); i++) walk(ty.of, off + i * sizeOf(ty.of));
    else {
      const addr: IExpr = { k: 'ptrAdd', type: { kind: 'pointer', to: ty }, ptr: retype(base, { kind: 'pointer', to: t }), index: mkConst({ kind: 'int', bits: 64, signed: true, name: 'long' }, off, loc), scale: 1, loc };
      out.push({ offset: offset + off, value: { k: 'load', type: unqual(ty), addr, space: 'generic', loc } });
    }
  };
  walk(t, 0);
  const head = out[start];
  if (first === null) return;
  if (head === undefined) unsupported(loc, 'initializing an aggregate member of a struct without data members from a call');
  out[start] = { offset: head.offset, value: { k: 'comma', type: head.value.type, left: first, right: head.value, loc } };
}

/** Fills an aggregate from a brace list, consuming items from `pos` (brace elision when `nested`). */
function fill(c: Checker, t: CType, items: readonly InitItem[], pos: { i: number }, offset: number, out: Store[], nested: boolean, loc: SourceLoc): void {
  const elem = (et: CType, off: number): void => {
    const item = items[pos.i]!;
    const v = item.value;
    if (et.kind === 'array' || et.kind === 'struct') {
      if (hasConstructor(et) && v.kind === 'initList') unsupported(v.loc, 'initialising a member or element whose struct has constructors from a brace list');
      if (v.kind === 'initList') {
        pos.i++;
        initInto(c, et, v, off, out);
      } else if (v.kind === 'string' && isCharArray(et)) {
        pos.i++;
        stringStores(c, et, v.value, off, out, v.loc);
      } else {
        const op = expr(c, v);
        const r = rv(c, op);
        if (et.kind === 'struct' && r.type.kind === 'struct') {
          pos.i++;
          structStores(c, et, implicitConv(c, r, et, 'init', v.loc, op.lv), off, out, v.loc);
        } else fill(c, et, items, pos, off, out, true, v.loc);
      }
      return;
    }
    pos.i++;
    const op = expr(c, v.kind === 'initList' && v.items.length === 1 ? v.items[0]!.value : v);
    out.push({ offset: off, value: implicitConv(c, rv(c, op), et, 'init', v.loc, op.lv) });
  };
  if (t.kind === 'array') {
    for (let k = 0; (t.length === null || k < t.length) && pos.i < items.length; k++) elem(t.of, offset + k * sizeOf(t.of));
  } else if (t.kind === 'struct') {
    const fields = t.info.fields;
    for (let k = 0; k < fields.length && pos.i < items.length; k++) {
      const d = items[pos.i]!.designator;
      if (d !== undefined) {
        const idx = fields.findIndex((f) => f.name === d);
        if (idx < 0) fail(items[pos.i]!.value.loc, `field designator '${d}' does not refer to any field in type '${t.info.name}'`);
        k = idx;
      }
      elem(fields[k]!.type, offset + fields[k]!.offset);
      if (t.info.isUnion) break;
    }
  }
  if (!nested && pos.i < items.length) fail(items[pos.i]!.value.loc, `excess elements in ${t.kind === 'array' ? 'array' : t.kind === 'struct' ? 'struct' : 'scalar'} initializer`);
  void loc;
}

/** Stores initialising an object of type t from `init` (a brace list or string literal). */
export function initInto(c: Checker, t: CType, init: Expr, offset: number, out: Store[]): void {
  if (init.kind === 'string' && isCharArray(t)) return stringStores(c, t, init.value, offset, out, init.loc);
  if (init.kind !== 'initList') fail(init.loc, `array initializer must be an initializer list`);
  if (isCharArray(t) && init.items.length === 1 && init.items[0]!.value.kind === 'string') return stringStores(c, t, (init.items[0]!.value as { value: string }).value, offset, out, init.loc);
  if (isScalar(t)) {
    if (init.items.length > 1) fail(init.items[1]!.value.loc, 'excess elements in scalar initializer');
    const v = init.items[0] ? rv(c, expr(c, init.items[0].value)) : zeroOf(unqual(t), init.loc);
    out.push({ offset, value: implicitConv(c, v, unqual(t), 'init', init.loc, false) });
    return;
  }
  fill(c, t, init.items, { i: 0 }, offset, out, false, init.loc);
}

/** The statements initialising a local `v` (already declared) from its declaration's initializer. */
export function localInit(c: Checker, v: VarSym, init: Expr | null, style: string, parenArgs: readonly Expr[] | undefined, loc: SourceLoc): IStmt[] {
  const t = v.type;
  const none: IStmt = { k: 'init', v, value: null, stores: [], zeroFill: false, loc };
  const ctor = constructorInit(c, v, init, style, parenArgs, loc);
  if (ctor) return [none, ctor];
  if (style === 'paren' && parenArgs) {
    if (t.kind === 'struct' && t.info.builtin === 'dim3') return [{ ...none, value: null }, { k: 'expr', e: copyInto(v, dim3From(c, parenArgs.map((a) => rv(c, expr(c, a))), loc), loc), loc }];
    if (parenArgs.length === 1 && isScalar(t)) return [{ ...none, value: implicitConv(c, rv(c, expr(c, parenArgs[0]!)), unqual(t), 'init', loc, false) }];
    if (parenArgs.length === 1 && t.kind === 'struct') init = parenArgs[0]!;
    else unsupported(loc, 'constructor-style initialisation of this type');
  }
  if (!init || (init.kind === 'initList' && init.items.length === 0)) checkCgDefaultConstruct(c, t, loc);
  // dim3's default constructor makes (1, 1, 1), never garbage.
  if (!init && t.kind === 'struct' && t.info.builtin === 'dim3') return [none, { k: 'expr', e: copyInto(v, dim3From(c, [], loc), loc), loc }];
  if (!init) return [none];
  if (init.kind === 'initList' || (init.kind === 'string' && t.kind === 'array')) {
    const stores: Store[] = [];
    if (t.kind === 'struct' && t.info.builtin === 'dim3' && init.kind === 'initList') {
      return [none, { k: 'expr', e: copyInto(v, dim3From(c, init.items.map((i) => rv(c, expr(c, i.value))), loc), loc), loc }];
    }
    initInto(c, t, init, 0, stores);
    if (isScalar(t)) return [{ ...none, value: stores[0]?.value ?? zeroOf(unqual(t), loc) }];
    return [{ k: 'init', v, value: null, stores, zeroFill: true, loc }];
  }
  if (t.kind === 'struct' && t.info.builtin === 'dim3') expectDim3(c, init);
  const op = expr(c, init);
  const val = implicitConv(c, rv(c, op), unqual(t), 'init', init.loc, op.lv);
  if (t.kind === 'struct') return [none, { k: 'expr', e: copyInto(v, val, loc), loc }];
  if (t.kind === 'array') fail(init.loc, `array initializer must be an initializer list`);
  return [{ ...none, value: val }];
}

/** `v = <struct value>` as a byte copy. */
function copyInto(v: VarSym, src: IExpr, loc: SourceLoc): IExpr {
  return { k: 'copy', type: v.type, dst: { k: 'varAddr', v, type: { kind: 'pointer', to: v.type }, loc }, src: structAddr(src), size: sizeOf(v.type), loc };
}

/**
 * Static initial bytes of a namespace-scope or static variable; null when zero-initialised. Addresses of other statics go to `relocs`.
 * An initialiser that is no constant expression goes to `dynamic` with every store, where given (C++'s dynamic initialisation: the bytes stay zero).
 */
export function staticBytes(c: Checker, t: CType, init: Expr | null, loc: SourceLoc, relocs: StaticReloc[] = [], dynamic?: (stores: readonly Store[]) => void): Uint8Array | null {
  if (!init && t.kind === 'struct' && t.info.builtin === 'dim3') return dim3Ones(t);
  if (hasConstructor(t) || (t.kind === 'array' && hasConstructor(t.of))) unsupported(loc, 'static and namespace-scope objects of structs with constructors');
  if (!init) return null;
  const stores: Store[] = [];
  if (init.kind === 'initList' || (init.kind === 'string' && t.kind === 'array')) initInto(c, t, init, 0, stores);
  else {
    const op = expr(c, init);
    if (t.kind === 'struct' || t.kind === 'array') unsupported(init.loc, 'initialising a static aggregate from an expression');
    stores.push({ offset: 0, value: implicitConv(c, rv(c, op), unqual(t), 'init', init.loc, op.lv) });
  }
  if (dynamic && stores.some((s) => evalConst(s.value) === null && !(s.value.type.kind === 'pointer' && staticAddress(s.value)))) {
    dynamic(stores);
    return null;
  }
  const bytes = new Uint8Array(Math.max(1, sizeOf(t)));
  for (const s of stores) {
    const v = evalConst(s.value);
    const addr = v === null && s.value.type.kind === 'pointer' ? staticAddress(s.value) : null;
    if (addr) {
      relocs.push({ offset: s.offset, target: addr.v, addend: addr.addend });
      continue;
    }
    if (v === null) {
      if (s.value.type.kind === 'pointer') unsupported(s.value.loc, 'initialising a static pointer with an address');
      fail(s.value.loc, 'initializer element is not a compile-time constant');
    }
    encodeScalar(s.value.type, v, bytes, s.offset);
  }
  return bytes;
}

/** `{a, b}` as a value of type t (`return {a, b};`): a temporary initialised as a declaration would be. */
export function initListValue(c: Checker, t: CType, init: Expr & { kind: 'initList' }): IExpr {
  const u = unqual(t);
  if (hasConstructor(u)) return constructedTemp(c, u, init.items.map((i) => i.value), init.loc);
  if (u.kind === 'struct' && u.info.builtin === 'dim3') return dim3From(c, init.items.map((i) => rv(c, expr(c, i.value))), init.loc);
  if (u.kind !== 'struct' && !isScalar(u)) fail(init.loc, 'initializer list cannot be used here');
  const stores: Store[] = [];
  initInto(c, u, init, 0, stores);
  if (isScalar(u)) return stores[0]?.value ?? zeroOf(u, init.loc);
  return structTempOf(c, u, init.loc, () => stores);
}

/** The bytes of a default-constructed dim3: (1, 1, 1). */
function dim3Ones(t: CType): Uint8Array {
  const bytes = new Uint8Array(sizeOf(t));
  if (t.kind === 'struct') for (const f of t.info.fields) encodeScalar(f.type, 1, bytes, f.offset);
  return bytes;
}

/** `T(args)` / `T{args}`: a scalar conversion or a struct temporary. */
export function constructExpr(c: Checker, e: Expr & { kind: 'construct' }): IExpr {
  const t = unqual(c.resolveType(e.type, (x) => rv(c, expr(c, x))).type);
  if (isScalar(t)) {
    if (e.args.length === 0) return zeroOf(t, e.loc);
    if (e.args.length > 1) fail(e.args[1]!.loc, `excess elements in scalar initializer`);
    const op = expr(c, e.args[0]!);
    return e.braces ? implicitConv(c, rv(c, op), t, 'init', e.loc, op.lv) : explicitCast(c, rv(c, op), t, e.loc);
  }
  if (t.kind !== 'struct') fail(e.loc, `cannot construct a value of type '${typeName(t)}'`);
  if (e.args.length === 0) checkCgDefaultConstruct(c, t, e.loc);
  if (hasConstructor(t)) return constructedTemp(c, t, e.args, e.loc);
  if (t.info.builtin === 'dim3') return dim3From(c, e.args.map((a) => conv(rv(c, expr(c, a)), uintType)), e.loc);
  if (!e.braces && e.args.length === 1) {
    const op = expr(c, e.args[0]!);
    return implicitConv(c, rv(c, op), t, 'init', e.loc, op.lv);
  }
  if (!e.braces && e.args.length > 0 && !t.info.builtin) unsupported(e.loc, 'constructors');
  const stores: Store[] = [];
  fill(c, t, e.args.map((value) => ({ value })), { i: 0 }, 0, stores, false, e.loc);
  return structTempOf(c, t, e.loc, () => stores);
}


/** The constructor call initialising a local whose struct has constructors (`S s;`, `S s(a)`, `S s{a}`, `S s = {a}`, `S s = a`); null for other locals. */
function constructorInit(c: Checker, v: VarSym, init: Expr | null, style: string, parenArgs: readonly Expr[] | undefined, loc: SourceLoc): IStmt | null {
  const t = v.type;
  // Elements whose default constructor does nothing need no call; others would need one each.
  if (t.kind === 'array' && defaultConstruction(t) !== 'none' && (init || style === 'paren' || defaultConstruction(t) !== 'noop')) unsupported(loc, 'arrays of structs with constructors');
  if (!hasConstructor(t)) return null;
  const addr: IExpr = { k: 'varAddr', v, type: { kind: 'pointer', to: t }, loc };
  let args: readonly Expr[];
  if (style === 'paren' && parenArgs) args = parenArgs;
  else if (!init) args = [];
  else if (init.kind === 'initList') args = init.items.map((i) => i.value);
  else {
    // `S s = x`: a copy when x is an S, else a converting constructor.
    const op = expr(c, init);
    const r = rv(c, op);
    if (r.type.kind === 'struct' && r.type.info === (t.kind === 'struct' ? t.info : null)) return { k: 'expr', e: { k: 'copy', type: t, dst: addr, src: structAddr(r), size: sizeOf(t), loc }, loc };
    return { k: 'expr', e: constructAt(c, t, addr, [op], loc), loc };
  }
  // `S s(other)` copies as the implicit copy constructor does, unless a constructor takes an S.
  return { k: 'expr', e: constructAt(c, t, addr, args, loc), loc };
}

/** A temporary of a struct with constructors, built by the constructor `args` choose. */
function constructedTemp(c: Checker, t: CType, args: readonly Expr[], loc: SourceLoc): IExpr {
  const v = c.newVar(`__tmp${c.nextVar}`, t, 'auto', loc);
  const addr: IExpr = { k: 'varAddr', v, type: { kind: 'pointer', to: t }, loc };
  const call = constructAt(c, t, addr, args, loc);
  return { k: 'structTemp', type: t, v, init: [{ k: 'init', v, value: null, stores: [], zeroFill: false, loc }, { k: 'expr', e: call, loc }], loc };
}
