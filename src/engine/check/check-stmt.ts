import type { SourceLoc } from '../front/token.js';
import { fail, unsupported } from '../front/diag.js';
import type { FunctionDecl, Stmt, VarDecl } from '../front/ast.js';
import type { IExpr, IStmt, StaticReloc, VarStorage } from './ir.js';
import type { CType } from './types.js';
import { isScalar, sameType, typeName } from './types.js';
import { evalConst, isInteger, promote, unqual, convertValue } from './check-conv.js';
import type { Checker, FuncEntry, MutFn, Scope } from './check-ctx.js';
import type { Operand } from './check-ops.js';
import { addressOf, conv, implicitConv, retype, rv, structAddr, toCond } from './check-ops.js';
import { expr, rexpr } from './check-expr.js';
import { localStaticInit, type InitStore } from './dynamic-init.js';
import { completeArray, initListValue, localInit, staticBytes } from './check-init.js';
import { returnsRef } from './check-func.js';
import { defaultConstruction } from './check-methods.js';
import { declareTop, requestedAlign } from './check-decl.js';
import { rangeFor } from './check-range-for.js';

/*
 * Statements and local declarations, and checking a function body in its scope.
 */

type Block = IStmt & { k: 'block' };

/** Checks a function body with its parameters in scope; fills fn.body and fn.locals. */
export function checkFunctionBody(c: Checker, fn: MutFn, entry: FuncEntry, d: FunctionDecl, scope: Scope): void {
  const savedScope = c.scope;
  const savedFn = c.fn;
  c.scope = { syms: new Map(), parent: scope, ns: null };
  c.fn = { fn, space: entry.space, ret: entry.ret, retRef: returnsRef(fn), loops: 0, switches: 0 };
  fn.locals = [];
  try {
    fn.params.forEach((p, i) => {
      if (d.params[i]?.name) c.declare(p.name, { k: 'var', v: p, ref: entry.refParams[i] ?? false }, p.loc);
    });
    const body = d.body!;
    fn.body = { k: 'block', body: stmts(c, body.body), loc: body.loc };
  } finally {
    c.scope = savedScope;
    c.fn = savedFn;
  }
}

/** Checks a list of statements in the current scope. */
function stmts(c: Checker, list: readonly Stmt[]): IStmt[] {
  const out: IStmt[] = [];
  for (const s of list) out.push(...stmt(c, s));
  return out;
}

/** A statement as one IStmt (a block when it expands to several). */
function one(c: Checker, s: Stmt): IStmt {
  c.push();
  try {
    const r = stmt(c, s);
    return r.length === 1 ? r[0]! : { k: 'block', body: r, loc: s.loc };
  } finally {
    c.pop();
  }
}

/** Checks one statement. */
export function stmt(c: Checker, s: Stmt): IStmt[] {
  const f = c.fn!;
  switch (s.kind) {
    case 'decl':
      return s.decls.flatMap((d) => localVar(c, d));
    case 'localDecl':
      declareTop(c, s.decl);
      return [];
    case 'expr': {
      // A struct lvalue standing alone (`*p;`, or `a += b` through an operator returning a reference) loads nothing: only its address is evaluated.
      const e = rexpr(c, s.expr);
      return [{ k: 'expr', e: e.k === 'load' && e.type.kind === 'struct' ? e.addr : e, loc: s.loc }];
    }
    case 'block': {
      c.push();
      try {
        return [{ k: 'block', body: stmts(c, s.body), loc: s.loc }];
      } finally {
        c.pop();
      }
    }
    case 'if':
      if (s.isConstexpr) return constexprIf(c, s);
      return [{ k: 'if', cond: cond(c, s.cond), then: one(c, s.then), else: s.else ? one(c, s.else) : null, loc: s.loc }];
    case 'for': {
      c.push();
      try {
        // The init declaration lives in the loop's scope, not a nested one.
        const inits = s.init ? stmt(c, s.init) : [];
        const init: IStmt | null = inits.length === 0 ? null : inits.length === 1 ? inits[0]! : { k: 'block', body: inits, loc: s.init!.loc };
        const cnd = s.cond ? cond(c, s.cond) : null;
        const step = s.step ? rexpr(c, s.step) : null;
        f.loops++;
        const body = one(c, s.body);
        f.loops--;
        return [{ k: 'loop', init, cond: cnd, step, body, testFirst: true, loc: s.loc }];
      } finally {
        c.pop();
      }
    }
    case 'rangeFor': {
      c.push();
      try {
        return [rangeFor(c, s, (x) => stmt(c, x), (x) => {
          f.loops++;
          try {
            return one(c, x);
          } finally {
            f.loops--;
          }
        })];
      } finally {
        c.pop();
      }
    }
    case 'while':
    case 'do': {
      const cnd = s.kind === 'while' ? cond(c, s.cond) : null;
      f.loops++;
      const body = one(c, s.body);
      f.loops--;
      return [{ k: 'loop', init: null, cond: cnd ?? cond(c, s.cond), step: null, body, testFirst: s.kind === 'while', loc: s.loc }];
    }
    case 'switch':
      return [switchStmt(c, s)];
    case 'case':
    case 'default':
      fail(s.loc, `'${s.kind}' statement not in switch statement`);
    // falls out via fail
    case 'break':
      if (f.loops === 0 && f.switches === 0) fail(s.loc, `'break' statement not in loop or switch statement`);
      return [{ k: 'break', loc: s.loc }];
    case 'continue':
      if (f.loops === 0) fail(s.loc, `'continue' statement not in loop statement`);
      return [{ k: 'continue', loc: s.loc }];
    case 'return':
      return [returnStmt(c, s.value, s.loc)];
    case 'empty':
      return [];
    case 'unsupported':
      unsupported(s.loc, s.what);
  }
}

/**
 * `if constexpr`: its condition must be a constant. In a template instantiation the discarded
 * branch is not instantiated (C++17), so `f<N>` may call `f<N - 1>` there only while N > 0;
 * elsewhere both branches are checked, as a compiler does.
 */
function constexprIf(c: Checker, s: Stmt & { kind: 'if' }): IStmt[] {
  const test = cond(c, s.cond);
  const v = evalConst(test);
  if (v === null) fail(s.cond.loc, 'constexpr if condition is not a constant expression');
  const then = v !== 0 && v !== 0n;
  // Instantiations are the functions named with their template arguments, `f<3>` (check-func.ts).
  if (!c.fn!.fn.name.includes('<')) return [{ k: 'if', cond: test, then: one(c, s.then), else: s.else ? one(c, s.else) : null, loc: s.loc }];
  const taken = then ? s.then : s.else;
  return taken ? [one(c, taken)] : [];
}

function cond(c: Checker, e: Parameters<typeof rexpr>[1]): IExpr {
  return toCond(rexpr(c, e), e.loc);
}

function returnStmt(c: Checker, value: Parameters<typeof rexpr>[1] | null, loc: SourceLoc): IStmt {
  const f = c.fn!;
  const name = f.fn.name;
  if (!value) {
    if (f.ret.kind !== 'void' && name !== 'main') fail(loc, `non-void function '${name}' should return a value`);
    return { k: 'return', value: null, loc };
  }
  if (f.retRef) return { k: 'return', value: refReturn(c, f.ret, value), loc };
  if (value.kind === 'initList' && f.ret.kind !== 'void') {
    const lv = initListValue(c, f.ret, value);
    return { k: 'return', value: lv.type.kind === 'struct' ? structAddr(lv) : lv, loc };
  }
  const op = expr(c, value);
  const v = rv(c, op);
  if (f.ret.kind === 'void') {
    if (v.type.kind !== 'void') fail(value.loc, `void function '${name}' should not return a value`);
    return { k: 'return', value: v, loc };
  }
  const cv = implicitConv(c, v, f.ret, 'return', value.loc, op.lv);
  return { k: 'return', value: cv.type.kind === 'struct' ? structAddr(cv) : cv, loc };
}

function switchStmt(c: Checker, s: Stmt & { kind: 'switch' }): IStmt {
  const f = c.fn!;
  const x = rexpr(c, s.cond);
  if (!isInteger(x.type)) fail(s.cond.loc, `statement requires expression of integer type ('${typeName(x.type)}' invalid)`);
  const t = promote(x.type);
  const body: IStmt[] = [];
  const cases: { value: number | bigint; index: number }[] = [];
  let defaultIndex = -1;
  const items = s.body.kind === 'block' ? s.body.body : [s.body];
  c.push();
  f.switches++;
  try {
    for (const it of items) {
      if (it.kind === 'case') {
        const ce = rexpr(c, it.value);
        const v = evalConst(ce);
        if (v === null || !isInteger(ce.type)) fail(it.value.loc, 'expression is not an integral constant expression');
        const cv = convertValue(v, ce.type, t)!;
        if (cases.some((k) => k.value === cv)) fail(it.value.loc, `duplicate case value '${String(cv)}'`);
        cases.push({ value: cv, index: body.length });
      } else if (it.kind === 'default') {
        if (defaultIndex >= 0) fail(it.loc, `multiple default labels in one switch`);
        defaultIndex = body.length;
      } else body.push(...stmt(c, it));
    }
  } finally {
    f.switches--;
    c.pop();
  }
  return { k: 'switch', cond: conv(x, t), body, cases, defaultIndex, loc: s.loc };
}

/** Storage of a local declaration from its specifiers. */
function localStorage(c: Checker, d: VarDecl): VarStorage {
  const onDevice = c.fn!.space === 'global' || c.fn!.space === 'device';
  if (d.specs.constant) fail(d.loc, 'a __constant__ variable declaration is not allowed inside a function body');
  if (d.specs.shared) {
    if (!onDevice) fail(d.loc, `a __shared__ variable cannot be declared in host code`);
    return d.specs.extern ? 'dynamicShared' : 'shared';
  }
  if (d.specs.static) return onDevice ? 'device' : 'host';
  if (d.specs.extern) unsupported(d.loc, 'extern declarations inside functions');
  return 'auto';
}

/** A local variable declaration: its symbol and initialising statements. */
function localVar(c: Checker, d: VarDecl): IStmt[] {
  const storage = localStorage(c, d);
  const ev = (x: Parameters<typeof rexpr>[1]) => rexpr(c, x);
  if (d.type.kind === 'auto' || (d.type.kind === 'reference' && d.type.to.kind === 'auto')) return autoVar(c, d, storage);
  const r = c.resolveType(d.type, ev);
  let t = completeArray(r.type, d.init);
  // A constexpr variable is const, so `constexpr int N = 8; int a[N];` has a constant size.
  if (d.specs.constexpr && isScalar(t)) t = { ...t, isConst: true };
  if (t.kind === 'void') fail(d.loc, `variable has incomplete type 'void'`);
  if (t.kind === 'array' && t.length === null && storage !== 'dynamicShared') fail(d.loc, `definition of variable with array type needs an explicit size or an initializer`);
  if (t.kind === 'struct' && t.info.size === 0) fail(d.loc, `variable has incomplete type '${typeName(t)}'`);
  if (r.ref) return refVar(c, d, t);
  const align = requestedAlign(c, d.specs.align);
  if (storage === 'shared' || storage === 'dynamicShared') {
    if (d.init) fail(d.loc, `initializer not allowed for __shared__ variable`);
    // nvcc runs no constructor for __shared__ memory and refuses one that would do something.
    if (defaultConstruction(t) === 'runs') fail(d.loc, 'initialization is not supported for __shared__ variables');
    const v = c.newVar(d.name, t, storage, d.loc, { align });
    c.declare(d.name, { k: 'var', v, ref: false }, d.loc);
    return [];
  }
  if (storage !== 'auto') {
    const relocs: StaticReloc[] = [];
    let stores: readonly InitStore[] | null = null;
    const init = staticBytes(c, t, d.init ?? (d.parenArgs?.[0] ?? null), d.loc, relocs, (s) => {
      if (storage !== 'host') fail(d.loc, 'dynamic initialization is not supported for a function-scope static __device__ variable within a __device__/__global__ function');
      stores = s;
    });
    const v = c.newVar(d.name, t, storage, d.loc, { init, align, relocs });
    // One initialised at run time has no value to fold (`static const int n = f();`).
    c.declare(d.name, { k: 'var', v, ref: false, ...(stores ? {} : constOf(t, v.init)) }, d.loc);
    return stores ? [localStaticInit(c, v, stores, d.loc)] : [];
  }
  const v = c.newVar(d.name, t, 'auto', d.loc, { align });
  c.declare(d.name, { k: 'var', v, ref: false }, d.loc);
  const out = localInit(c, v, d.init, d.initStyle, d.parenArgs, d.loc);
  // `const int N = 16;` is a constant expression in C++: later uses fold to the value.
  const first = out[0];
  if (t.isConst && isInteger(t) && first?.k === 'init' && first.value) {
    const cv = evalConst(first.value);
    if (cv !== null) c.scope.syms.set(d.name, { k: 'var', v, ref: false, constValue: cv });
  }
  return out;
}

function constOf(t: CType, init: Uint8Array | null): { constValue?: number | bigint } {
  if (!t.isConst || !isInteger(t) || t.kind !== 'int') return {};
  const b = init ?? new Uint8Array(8);
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const raw = t.bits === 64 ? view.getBigUint64(0, true) : BigInt(t.bits === 32 ? view.getUint32(0, true) : t.bits === 16 ? view.getUint16(0, true) : view.getUint8(0));
  return { constValue: convertValue(raw, { kind: 'int', bits: 64, signed: false, name: 'unsigned long' }, t)! };
}

/** `auto x = e;` (and `const auto`): the type is the initializer's, decayed and unqualified. */
function autoVar(c: Checker, d: VarDecl, storage: VarStorage): IStmt[] {
  const initE = d.init ?? d.parenArgs?.[0];
  if (!initE || initE.kind === 'initList') fail(d.loc, `declaration of variable '${d.name}' with deduced type 'auto' requires an initializer`);
  if (storage !== 'auto') unsupported(d.loc, "static 'auto' variables");
  const op = expr(c, initE);
  if (d.type.kind === 'reference') {
    // `auto &r = x;` is `T &r` for x's type T, const kept; `const auto &` adds const (and binds temporaries).
    const to = d.type.to.kind === 'auto' && d.type.to.isConst;
    const t = op.lv ? op.type : op.e.type;
    if (t.kind === 'function') unsupported(d.loc, "'auto &' bound to a function");
    return refVar(c, d, to ? ({ ...t, isConst: true } as CType) : t, op);
  }
  const val = rv(c, op);
  let t = unqual(val.type);
  if (t.kind === 'nullptr') t = { kind: 'pointer', to: { kind: 'void' } };
  if (d.type.kind === 'auto' && d.type.isConst) t = { ...t, isConst: true } as CType;
  const v = c.newVar(d.name, t, 'auto', d.loc, { align: requestedAlign(c, d.specs.align) });
  c.declare(d.name, { k: 'var', v, ref: false }, d.loc);
  if (t.kind === 'struct') {
    return [
      { k: 'init', v, value: null, stores: [], zeroFill: false, loc: d.loc },
      { k: 'expr', e: { k: 'copy', type: t, dst: { k: 'varAddr', v, type: { kind: 'pointer', to: t }, loc: d.loc }, src: structAddr(val), size: t.info.size, loc: d.loc }, loc: d.loc },
    ];
  }
  return [{ k: 'init', v, value: conv(val, t), stores: [], zeroFill: false, loc: d.loc }];
}

/** `T &r = lvalue;`: r holds the lvalue's address. `checked`: the initializer, when the caller checked it already. */
function refVar(c: Checker, d: VarDecl, t: CType, checked?: Operand): IStmt[] {
  const initE = d.init ?? d.parenArgs?.[0];
  if (!initE) fail(d.loc, `declaration of reference variable '${d.name}' requires an initializer`);
  const op = checked ?? expr(c, initE);
  const ptr: CType = { kind: 'pointer', to: t };
  const v = c.newVar(d.name, ptr, 'auto', d.loc, { ref: true });
  let addr: IExpr;
  if (op.lv) {
    if (!isScalar(unqual(op.type)) && op.type.kind !== 'struct' && op.type.kind !== 'array') fail(d.loc, 'unsupported reference target');
    if (op.type.isConst && !t.isConst) fail(initE.loc, `binding reference of type '${typeName(unqual(t))}' to value of type '${typeName(op.type)}' drops 'const' qualifier`);
    addr = addressOf(c, op, initE.loc);
    if (typeName(unqual(op.type)) !== typeName(unqual(t))) fail(initE.loc, `non-const lvalue reference to type '${typeName(unqual(t))}' cannot bind to a value of unrelated type '${typeName(op.type)}'`);
  } else {
    if (!t.isConst) fail(initE.loc, `non-const lvalue reference to type '${typeName(t)}' cannot bind to a temporary of type '${typeName(op.e.type)}'`);
    const tmp = c.newVar(`__ref${c.nextVar}`, unqual(t), 'auto', d.loc);
    const val = implicitConv(c, op.e, unqual(t), 'init', initE.loc, false);
    c.declare(d.name, { k: 'var', v, ref: true }, d.loc);
    return [
      { k: 'init', v: tmp, value: val, stores: [], zeroFill: false, loc: d.loc },
      { k: 'init', v, value: { k: 'varAddr', v: tmp, type: ptr, loc: d.loc }, stores: [], zeroFill: false, loc: d.loc },
    ];
  }
  c.declare(d.name, { k: 'var', v, ref: true }, d.loc);
  return [{ k: 'init', v, value: { ...addr, type: ptr }, stores: [], zeroFill: false, loc: d.loc }];
}

/** `return x;` in a function returning T&: x must be an lvalue of type T, and its address is returned. */
function refReturn(c: Checker, ret: CType, value: Parameters<typeof rexpr>[1]): IExpr {
  const to = ret.kind === 'pointer' ? ret.to : ret;
  const op = expr(c, value);
  const name = typeName(to);
  if (!op.lv) fail(value.loc, `non-const lvalue reference to type '${name}' cannot bind to a temporary of type '${typeName(op.e.type)}'`);
  if (!sameType(unqual(op.type), unqual(to))) fail(value.loc, `non-const lvalue reference to type '${name}' cannot bind to a value of unrelated type '${typeName(op.type)}'`);
  if (op.type.isConst && !to.isConst) fail(value.loc, `binding reference of type '${name}' to value of type '${typeName(op.type)}' drops 'const' qualifier`);
  const addr = addressOf(c, op, value.loc);
  if (addr.k === 'varAddr' && addr.v.storage === 'auto' && !addr.v.ref) c.warn(value.loc, `reference to stack memory associated with local variable '${addr.v.name}' returned`);
  return retype(addr, ret);
}
