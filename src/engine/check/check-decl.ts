import { fail, unsupported } from '../front/diag.js';
import type { EnumDef, Expr, StructDef, TopDecl, VarDecl } from '../front/ast.js';
import type { StaticReloc, VarStorage, VarSym } from './ir.js';
import type { SourceLoc } from '../front/token.js';
import type { CType, StructInfo } from './types.js';
import { intType, isScalar, longType, typeName, uintType, ulongType, ullongType } from './types.js';
import { convertValue, evalConst, isInteger, unqual } from './check-conv.js';
import type { Checker, Namespace } from './check-ctx.js';
import { intConstant, rexpr } from './check-expr.js';
import { completeArray, staticBytes } from './check-init.js';
import type { InitStore } from './dynamic-init.js';
import { declareFunction } from './check-func.js';
import { layoutStruct } from './layout.js';
import { declareMethods, defaultConstruction } from './check-methods.js';

/*
 * Namespace-scope declarations (also used for typedef/struct/enum/using inside
 * functions): variables with static initial bytes, struct/union layout, enums,
 * namespaces and aliases, static_assert.
 */

/** Declares one top-level (or local non-variable) declaration. */
export function declareTop(c: Checker, d: TopDecl): void {
  const ev = (x: Parameters<typeof rexpr>[1]) => rexpr(c, x);
  switch (d.kind) {
    case 'function':
      if (c.fn) unsupported(d.loc, 'local function declarations');
      return declareFunction(c, d);
    case 'vars':
      for (const v of d.decls) globalVar(c, v);
      return;
    case 'tagDef':
      defineTag(c, d.def, d.isEnum);
      return;
    case 'typedef':
    case 'usingAlias': {
      const r = c.resolveType(d.type, ev);
      if (r.ref) unsupported(d.loc, 'reference typedefs');
      const old = c.scope.syms.get(d.name);
      if (old && !(old.k === 'type' && typeName(old.t) === typeName(r.type))) fail(d.loc, `typedef redefinition with different types`);
      // C++ names an unnamed class after the typedef that declares it (for linkage): `typedef struct {...} vec2;` is vec2 to gdb too.
      if (r.type.kind === 'struct' && r.type.info.name.startsWith('(unnamed ')) (r.type.info as { name: string }).name = d.name;
      c.scope.syms.set(d.name, { k: 'type', t: r.type });
      return;
    }
    case 'namespace': {
      const parent = c.currentNs();
      let ns: Namespace;
      if (d.name === null) ns = parent; // anonymous namespace: members visible in the enclosing one
      else {
        const old = c.scope.syms.get(d.name);
        if (old && old.k !== 'ns') fail(d.loc, `redefinition of '${d.name}' as different kind of symbol`);
        ns = old?.k === 'ns' ? old.ns : { name: d.name, members: new Map(), usings: [], parent };
        c.scope.syms.set(d.name, { k: 'ns', ns });
      }
      const saved = c.scope;
      if (ns !== parent) c.scope = { syms: ns.members, parent: saved, ns };
      try {
        for (const x of d.decls) declareTop(c, x);
      } finally {
        c.scope = saved;
      }
      return;
    }
    case 'namespaceAlias': {
      const s = c.lookup(d.target);
      if (!s || s.k !== 'ns') fail(d.loc, `expected namespace name`);
      c.declare(d.name, s, d.loc);
      return;
    }
    case 'usingNamespace': {
      const s = c.lookup(d.name);
      if (!s || s.k !== 'ns') fail(d.loc, `expected namespace name`);
      const ns = c.scope.ns ?? c.currentNs();
      if (!ns.usings.includes(s.ns)) ns.usings.push(s.ns);
      return;
    }
    case 'usingDecl': {
      const s = c.lookup(d.name);
      const short = d.name.split('::').pop()!;
      if (!s) fail(d.loc, `no member named '${short}' in namespace '${d.name.split('::').slice(0, -1).join('::')}'`);
      c.scope.syms.set(short, s);
      return;
    }
    case 'staticAssert': {
      const e = rexpr(c, d.cond);
      const v = evalConst(e);
      if (v === null) fail(d.cond.loc, 'static assertion expression is not an integral constant expression');
      if (Number(v) === 0) fail(d.loc, d.message === null ? 'static assertion failed' : `static assertion failed: ${d.message}`);
      return;
    }
    case 'unsupported':
      unsupported(d.loc, d.what);
  }
}

/** How nvcc names a variable's memory space in its diagnostics. */
const SPACE_WORDS: Partial<Record<VarStorage, string>> = { device: '__device__', constant: '__constant__', managed: '__managed__' };

/** Storage class of a namespace-scope variable. */
function globalStorage(d: VarDecl): VarStorage {
  if (d.specs.shared) return d.specs.extern ? 'dynamicShared' : 'shared';
  if (d.specs.constant) return 'constant';
  if (d.specs.managed) return 'managed';
  if (d.specs.device) return 'device';
  return 'host';
}

/** Variables an `extern` declaration made that no definition has completed yet: their definition fills them in. */
const declaredOnly = new WeakSet<VarSym>();

/** Whether `v` was declared `extern` and never defined (nvcc's link then fails where the program uses it). */
export const isDeclaredOnly = (v: VarSym): boolean => declaredOnly.has(v);

type WritableVar = { -readonly [K in keyof VarSym]: VarSym[K] };

function globalVar(c: Checker, d: VarDecl): void {
  const r = c.resolveType(d.type, (x) => rexpr(c, x));
  if (r.ref) unsupported(d.loc, 'namespace-scope references');
  if (d.type.kind === 'auto') unsupported(d.loc, "namespace-scope 'auto' variables");
  const t0 = completeArray(r.type, d.init);
  // A constexpr variable is const, so `constexpr int N = 8; __shared__ int s[N];` has a constant size.
  const t = d.specs.constexpr && isScalar(t0) ? { ...t0, isConst: true } : t0;
  const storage = globalStorage(d);
  if (t.kind === 'void') fail(d.loc, `variable has incomplete type 'void'`);
  if ((storage === 'shared' || storage === 'dynamicShared') && d.init) fail(d.loc, 'initializer not allowed for __shared__ variable');
  // `extern int x = 1;` defines x; an extern __shared__ array is never defined (its size comes at launch).
  const defines = (!d.specs.extern || d.initStyle !== 'none') && storage !== 'dynamicShared';
  const old = c.scope.syms.get(d.name);
  let pending: VarSym | null = null;
  if (old) {
    if (old.k !== 'var' || old.v.storage !== storage) fail(d.loc, `redefinition of '${d.name}'`);
    // C++ allows any number of declarations of one variable but one definition, all of one type (an array's length may come later).
    if (!compatible(old.v.type, t)) fail(d.loc, `declaration is incompatible with "${declText(old.v.type, d.name)}" (declared at ${lineOf(old.v.loc, d.loc)})`);
    if (!defines) return;
    if (!declaredOnly.has(old.v)) fail(d.loc, `variable "${d.name}" has already been defined`);
    pending = old.v;
  }
  const relocs: StaticReloc[] = [];
  let stores: readonly InitStore[] | null = null;
  const init = staticBytes(c, t, d.init ?? d.parenArgs?.[0] ?? null, d.loc, relocs, (s) => {
    // nvcc's host compile runs a host global's initialiser before main; device memory has no such step.
    if (storage !== 'host') fail(d.loc, `dynamic initialization is not supported for a ${SPACE_WORDS[storage] ?? storage} variable`);
    stores = s;
  });
  const more = { init, align: requestedAlign(c, d.specs.align), relocs };
  const v = pending ? define(c, pending, t, d.loc, more) : c.newVar(d.name, t, storage, d.loc, more);
  if (!defines && storage !== 'dynamicShared') declaredOnly.add(v);
  if (stores) c.dynamicInit.inits.push({ v, stores, loc: d.loc });
  let constValue: number | bigint | undefined;
  // A const global initialised at run time has no value to fold (`const int n = f();`).
  if (stores === null && t.isConst && isInteger(t) && t.kind === 'int') {
    const b = init ?? new Uint8Array(8);
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    const raw = t.bits === 64 ? view.getBigUint64(0, true) : t.bits === 32 ? view.getUint32(0, true) : t.bits === 16 ? view.getUint16(0, true) : view.getUint8(0);
    constValue = convertValue(raw, { kind: 'int', bits: 64, signed: false, name: 'unsigned long' }, t) ?? undefined;
  } else if (t.isConst && (t.kind === 'float' || t.kind === 'bool') && init) {
    // Device code may use a const host float's value (CUDA's rule for const scalars), never its host storage.
    const view = new DataView(init.buffer, init.byteOffset, init.byteLength);
    constValue = t.kind === 'bool' ? view.getUint8(0) : t.bits === 32 ? view.getFloat32(0, true) : view.getFloat64(0, true);
  }
  // An extern declaration only names the variable: its value is not a constant until the definition says it.
  if (!defines) constValue = undefined;
  c.scope.syms.set(d.name, constValue === undefined ? { k: 'var', v, ref: false } : { k: 'var', v, ref: false, constValue });
}

/** Completes a variable an extern declaration made with its definition: its bytes, its type (an array's length) and its place among the statics. */
function define(c: Checker, v: VarSym, t: CType, loc: SourceLoc, more: { init: Uint8Array | null; align: number; relocs: readonly StaticReloc[] }): VarSym {
  declaredOnly.delete(v);
  const w = v as WritableVar;
  w.type = t;
  w.loc = loc; // gdb's decl_line is the definition's
  w.init = more.init;
  w.align = Math.max(v.align, more.align);
  if (more.relocs.length > 0) w.relocs = more.relocs;
  // The object is laid out where it is defined, as the host compiler emits it.
  const i = c.globals.indexOf(v);
  if (i >= 0) c.globals.splice(i, 1);
  c.globals.push(v);
  return v;
}

/** Whether two declarations of one variable agree: the same type, or an array whose length one of them leaves out. */
function compatible(a: CType, b: CType): boolean {
  if (a.kind === 'array' && b.kind === 'array' && (a.length === null || b.length === null)) return typeName(a.of) === typeName(b.of);
  return typeName(a) === typeName(b);
}

/** A declaration as nvcc quotes it in a diagnostic: `int x`, `int *p`, `float a[4]`. */
function declText(t: CType, name: string): string {
  let dims = '';
  let base = t;
  for (; base.kind === 'array'; base = base.of) dims += `[${base.length ?? ''}]`;
  const type = typeName(base);
  return `${type}${type.endsWith('*') ? '' : ' '}${name}${dims}`;
}

/** Where an earlier declaration is, as nvcc says it: `line N`, naming the file when it is another. */
function lineOf(at: SourceLoc, from: SourceLoc): string {
  return at.file === from.file ? `line ${at.line}` : `line ${at.line} of "${at.file}"`;
}

/** Defines a struct/union (laid out with C rules) or an enum; returns its type. */
export function defineTag(c: Checker, def: StructDef | EnumDef, isEnum: boolean): CType {
  if (isEnum || !('fields' in def)) return defineEnum(c, def as EnumDef);
  if (def.unsupportedMembers.length > 0) unsupported(def.unsupportedMembers[0]!.loc, def.unsupportedMembers[0]!.what);
  const name = def.name ?? `(unnamed ${def.tag})`;
  // Declared before its fields so `struct Node *next;` refers to this struct.
  const info: { -readonly [K in keyof StructInfo]: StructInfo[K] } = { name, isUnion: def.tag === 'union', fields: [], size: 0, align: 1 };
  const t: CType = { kind: 'struct', info };
  if (def.name !== null) {
    const old = c.scope.syms.get(`${def.tag} ${def.name}`);
    if (old?.k === 'type' && old.t.kind === 'struct' && old.t.info.size > 0) fail(def.loc, `redefinition of '${def.name}'`);
    c.scope.syms.set(`${def.tag} ${def.name}`, { k: 'type', t });
    if (!c.scope.syms.has(def.name) || c.scope.syms.get(def.name)?.k === 'type') c.scope.syms.set(def.name, { k: 'type', t });
  }
  const fields = def.fields.map((f) => {
    if (f.bitWidth) unsupported(f.loc, 'bit-fields');
    const r = c.resolveType(f.type, (x) => rexpr(c, x));
    if (r.ref) unsupported(f.loc, 'reference members');
    if (r.type.kind === 'struct' && r.type.info.size === 0) fail(f.loc, `field has incomplete type '${typeName(r.type)}'`);
    if (r.type.kind === 'array' && r.type.length === null) unsupported(f.loc, 'flexible array members');
    // Default-initialising this struct would have to run the member's constructor.
    if (defaultConstruction(r.type) === 'runs') unsupported(f.loc, "a member whose struct's default constructor runs code");
    return { name: f.name, type: r.type, align: requestedAlign(c, f.align) };
  });
  Object.assign(info, layoutStruct(name, def.tag === 'union', fields, undefined, requestedAlign(c, def.align)));
  declareMethods(c, t, def);
  return t;
}

/** The strictest alignment of `requests` (0 when there are none): each must be an integer constant power of two; alignas(0) asks for nothing. */
export function requestedAlign(c: Checker, requests: readonly Expr[] | undefined): number {
  let align = 0;
  for (const x of requests ?? []) {
    const v = intConstant(c, x);
    if (v === null) fail(x.loc, "'aligned' attribute requires an integer constant");
    const n = Number(v);
    if (n < 0 || (n & (n - 1)) !== 0 || n > 1 << 28) fail(x.loc, 'requested alignment is not a power of 2');
    align = Math.max(align, n);
  }
  return align;
}

function defineEnum(c: Checker, def: EnumDef): CType {
  const fixed = def.underlying ? unqual(c.resolveType(def.underlying, (x) => rexpr(c, x)).type) : null;
  if (fixed?.kind === 'bool') unsupported(def.underlying!.loc, "an enum with underlying type 'bool'");
  if (fixed && fixed.kind !== 'int') fail(def.underlying!.loc, `non-integral type '${typeName(fixed)}' is an invalid underlying type`);
  // The values come first: without a fixed type, the enum's type is the first of int, unsigned int, long, unsigned long that holds them all.
  const values: bigint[] = [];
  let next = 0n;
  for (const it of def.items) {
    if (it.value) {
      const v = intConstant(c, it.value);
      if (v === null) fail(it.value.loc, 'expression is not an integral constant expression');
      next = BigInt(v);
    }
    values.push(next);
    next++;
  }
  const base = fixed ?? implicitUnderlying(values);
  if (base.kind !== 'int') throw new Error('internal: an enum without an integer type');
  const shown = (n: string): string => (def.scoped && def.name !== null ? `${def.name}::${n}` : n);
  const t: CType = { ...base, name: def.name ?? base.name, enumerators: def.items.map((it, i) => ({ name: shown(it.name), value: values[i]! })) };
  if (def.name !== null) {
    c.scope.syms.set(`enum ${def.name}`, { k: 'type', t });
    c.scope.syms.set(def.name, { k: 'type', t });
  }
  def.items.forEach((it, i) => {
    const value = convertValue(values[i]!, ullongType, t);
    if (value === null || BigInt(value) !== values[i]) fail(it.value?.loc ?? it.loc, `enumerator value ${values[i]} is not representable in the underlying type '${typeName(base)}'`);
    const sym = { k: 'const' as const, value: t.kind === 'int' && t.bits === 64 ? BigInt(value) : Number(value), type: t };
    // A scoped enum's enumerators are only named through it; an unscoped one's both ways (C++11).
    if (!def.scoped) c.declare(it.name, sym, it.loc);
    if (def.name !== null) c.scope.syms.set(`${def.name}::${it.name}`, sym);
  });
  return t;
}

/** The underlying type C++ gives an unscoped enum without a fixed one: the first of int, unsigned int, long, unsigned long holding every value. */
function implicitUnderlying(values: readonly bigint[]): CType {
  const fits = (lo: bigint, hi: bigint): boolean => values.every((v) => v >= lo && v <= hi);
  if (fits(-(2n ** 31n), 2n ** 31n - 1n)) return intType;
  if (fits(0n, 2n ** 32n - 1n)) return uintType;
  if (fits(-(2n ** 63n), 2n ** 63n - 1n)) return longType;
  return ulongType;
}
