import type { SourceLoc } from '../front/token.js';
import { DiagError, fail, unsupported } from '../front/diag.js';
import type { Expr, FunctionDecl, MethodDecl, Param, Stmt, StructDef, TypeNode } from '../front/ast.js';
import type { IExpr } from './ir.js';
import type { CType, StructInfo } from './types.js';
import { sameType, sizeOf, typeName } from './types.js';
import type { Checker, FuncEntry, MutFn, Scope } from './check-ctx.js';
import type { Operand } from './check-ops.js';
import { addressOf, rv, structAddr } from './check-ops.js';
import { expr } from './check-expr.js';
import { checkSpace, passVisible, resolveUser, userCall, type CallArg } from './check-call.js';
import { callResult, declareFunction } from './check-func.js';
import { isInitList } from './check-braced.js';

/*
 * Member functions, constructors and operators defined inside a struct. Each is an ordinary
 * function named `S::f` whose first parameter is `S *const this` (`const S *const` for a const
 * method), declared in a scope of the struct's own (its method table) so plain names never
 * find it. Inside a method, a name that is no local or parameter but a field or method of the
 * struct means `this->name`. A constructor is `void S::S(this, ...)` whose member initialiser
 * list runs first, as assignments in the fields' order; objects are constructed by calling it
 * on their storage.
 */

/** The member functions of one struct. */
interface MethodTable {
  readonly type: CType & { kind: 'struct' };
  readonly structName: string;
  /** Holds the functions, keyed `S::f`; its parent is the scope the struct was defined in. */
  readonly scope: Scope;
  /** The const methods, apart so `T &f()` and `T f() const` overload; its parent is `scope`. */
  readonly constScope: Scope;
  /** Plain member names (`norm2`, `operator*`, the struct's name for constructors). */
  readonly names: Set<string>;
}

const tables = new WeakMap<StructInfo, MethodTable>();
/** For each method's function: its struct, and whether `this` points to const. */
const methodOf = new WeakMap<MutFn, { readonly table: MethodTable; readonly isConst: boolean }>();
/** Member function names of every struct a checker has seen, so calls on other objects skip the lookup. */
const knownNames = new WeakMap<Checker, Set<string>>();

/** Declares and checks the member functions a struct definition carries. */
export function declareMethods(c: Checker, t: CType, def: StructDef): void {
  const methods = def.methods ?? [];
  if (methods.length === 0 || t.kind !== 'struct') return;
  if (def.name === null) unsupported(methods[0]!.fn.loc, 'member functions of unnamed structs');
  const scope: Scope = { syms: new Map(), parent: c.scope, ns: null };
  const table: MethodTable = { type: t, structName: def.name, scope, constScope: { syms: new Map(), parent: scope, ns: null }, names: new Set() };
  tables.set(t.info, table);
  const known = knownNames.get(c) ?? new Set<string>();
  knownNames.set(c, known);
  const decls = methods.map((m) => lower(c, t, def, m));
  const saved = c.scope;
  const declare = (d: FunctionDecl, m: MethodDecl): void => {
    c.scope = m.isConst ? table.constScope : table.scope;
    declareFunction(c, d);
  };
  try {
    // Every signature first, so a body may call a method defined after it.
    decls.forEach((d, i) => {
      const m = methods[i]!;
      declare({ ...d, body: null }, m);
      table.names.add(m.fn.name);
      known.add(m.fn.name);
      for (const e of entries(table, m.fn.name)) if (e.fn && !methodOf.has(e.fn)) methodOf.set(e.fn, { table, isConst: m.isConst });
    });
    decls.forEach((d, i) => declare(d, methods[i]!));
  } finally {
    c.scope = saved;
  }
}

/** A method as a namespace-scope function: `S::f(S *const this, params)`, a constructor's initialisers prepended to its body. */
function lower(c: Checker, t: CType & { kind: 'struct' }, def: StructDef, m: MethodDecl): FunctionDecl {
  const loc = m.fn.loc;
  const self: TypeNode = { kind: 'tagged', tag: def.tag, name: def.name, ...(m.isConst ? { isConst: true } : {}), loc };
  const thisParam: Param = { name: 'this', type: { kind: 'pointer', to: self, isConst: true, loc }, loc };
  const body = m.fn.body!;
  const fieldIndex = (name: string): number => t.info.fields.findIndex((f) => f.name === name);
  for (const i of m.inits) if (fieldIndex(i.name) < 0) fail(i.loc, `member initializer '${i.name}' does not name a non-static data member or base class`);
  // Members are initialised in their declaration order, whatever order the list has.
  const inits = [...m.inits].sort((a, b) => fieldIndex(a.name) - fieldIndex(b.name)).map((i): Stmt => {
    const target: Expr = { kind: 'member', base: { kind: 'ident', name: 'this', loc: i.loc }, name: i.name, arrow: true, loc: i.loc };
    const value: Expr = i.args.length === 1 && !i.braces ? i.args[0]! : { kind: 'initList', items: i.args.map((value) => ({ value })), loc: i.loc };
    return { kind: 'expr', expr: { kind: 'assign', op: '=', target, value, loc: i.loc }, loc: i.loc };
  });
  const name = `${def.name}::${m.fn.name}`;
  return { ...m.fn, name, params: [thisParam, ...m.fn.params], body: { ...body, body: [...inits, ...body.body] } };
}

function entries(table: MethodTable, name: string): FuncEntry[] {
  const key = `${table.structName}::${name}`;
  return [table.scope, table.constScope].flatMap((scope) => {
    const s = scope.syms.get(key);
    return s?.k === 'funcs' ? s.list : [];
  });
}

/** The method table of a struct type, if it has member functions. */
function tableOf(t: CType): MethodTable | null {
  return t.kind === 'struct' ? tables.get(t.info) ?? null : null;
}

/**
 * What default-initialising an object of type t (an array's elements) takes: 'none' for a type
 * without constructors, 'noop' for an empty default constructor (`S() {}`, `S() = default`),
 * 'runs' for one that does something, 'missing' when only other constructors exist.
 */
export function defaultConstruction(t: CType): 'none' | 'noop' | 'runs' | 'missing' {
  const elem = t.kind === 'array' ? elementOf(t) : t;
  const table = tableOf(elem);
  if (!table || !table.names.has(table.structName)) return 'none';
  const ctor = entries(table, table.structName).find((f) => f.params.length === 1);
  if (!ctor) return 'missing';
  const body = ctor.decl.body?.body ?? [];
  return body.length === 0 ? 'noop' : 'runs';
}

function elementOf(t: CType): CType {
  return t.kind === 'array' ? elementOf(t.of) : t;
}

/** True when a struct type has a constructor (so it is built by calling one, never filled as an aggregate). */
export function hasConstructor(t: CType): boolean {
  const table = tableOf(t);
  return table !== null && table.names.has(table.structName);
}

/** Inside a method: whether `name` means a field or method of `*this` (no local or parameter hides it). */
export function implicitMember(c: Checker, name: string): 'field' | 'method' | null {
  const ctx = c.fn ? methodOf.get(c.fn.fn) : undefined;
  if (!ctx) return null;
  for (let s: Scope | null = c.scope; s && s !== ctx.table.scope; s = s.parent) if (s.syms.has(name)) return null;
  if (ctx.table.type.info.fields.some((f) => f.name === name)) return 'field';
  return ctx.table.names.has(name) && name !== ctx.table.structName ? 'method' : null;
}

/** `this->name`, for a member named alone inside a method. */
export function thisMember(name: string, loc: SourceLoc): Expr {
  return { kind: 'member', base: { kind: 'ident', name: 'this', loc }, name, arrow: true, loc };
}

/** `obj.f(args)` / `p->f(args)` when f is a member function of obj's struct; null for anything else (cooperative groups). */
export function methodCall(c: Checker, e: Expr & { kind: 'call' }, callee: Expr & { kind: 'member' }): Operand | null {
  if (!knownNames.has(c)) return null;
  const objType = probeType(c, callee.base, callee.arrow);
  const table = objType ? tableOf(objType) : null;
  if (!table || !objType) return null;
  if (!table.names.has(callee.name) || callee.name === table.structName) {
    const field = table.type.info.fields.find((f) => f.name === callee.name);
    if (field) fail(e.loc, `called object type '${typeName(field.type)}' is not a function or function pointer`);
    fail(callee.nameLoc ?? callee.loc, `no member named '${callee.name}' in '${table.structName}'`);
  }
  const op = expr(c, callee.base);
  const self = callee.arrow ? rv(c, op) : op.lv ? addressOf(c, op, callee.loc) : structAddr(op.e);
  return invoke(c, table, callee.name, self, objType.isConst === true, e.args, e.loc);
}

/**
 * `a op b` (`a[b]` for op '[]', `op a` without `right`) where a's struct defines `operator op`, or a
 * function `operator op` at namespace scope takes a struct operand; null for a built-in operator.
 */
export function operatorCall(c: Checker, op: string, left: Operand, right: Expr | Operand | null, loc: SourceLoc): Operand | null {
  const lt = left.lv ? left.type : left.e.type;
  const table = tableOf(lt);
  const name = `operator${op}`;
  if (table?.names.has(name)) {
    const self = left.lv ? addressOf(c, left, loc) : structAddr(left.e);
    return invoke(c, table, name, self, lt.isConst === true, right ? [right] : [], loc);
  }
  const free = c.lookup(name);
  if (free?.k !== 'funcs') return null;
  const r = right === null ? null : 'kind' in right ? (isInitList(right) ? null : expr(c, right)) : right;
  const rt = r ? (r.lv ? r.type : r.e.type) : null;
  if (lt.kind !== 'struct' && rt?.kind !== 'struct') return null;
  const ops: CallArg[] = r ? [left, r] : [left];
  const { fn, entry } = resolveUser(c, passVisible(c, free.list), name, undefined, ops, loc);
  checkSpace(c, entry.space, fn.name, loc);
  return callResult(c, fn, userCall(c, fn, entry, ops, loc), loc);
}

/** `f(args)` where f is an object whose struct defines `operator()` (a functor); null for any other callee. */
export function callOperator(c: Checker, callee: Operand, args: readonly Expr[], loc: SourceLoc): Operand | null {
  const t = callee.lv ? callee.type : callee.e.type;
  const table = tableOf(t);
  if (!table?.names.has('operator()')) return null;
  const self = callee.lv ? addressOf(c, callee, loc) : structAddr(callee.e);
  return invoke(c, table, 'operator()', self, t.isConst === true, args, loc);
}

/** A call of constructor of `t` on the object at `addr`. */
export function constructAt(c: Checker, t: CType, addr: IExpr, args: readonly (Expr | Operand)[], loc: SourceLoc): IExpr {
  const table = tableOf(t)!;
  const only = args.length === 1 ? args[0]! : null;
  if (only) {
    // The implicit copy constructor, unless the struct declares one taking an S.
    const op = 'kind' in only ? (isInitList(only) ? null : expr(c, only)) : only;
    const ot = op ? (op.lv ? op.type : op.e.type) : null;
    const declared = entries(table, table.structName).some((f) => f.params.length === 2 && f.params[1]!.kind === 'pointer' && f.params[1]!.to.kind === 'struct' && f.params[1]!.to.info === table.type.info);
    if (op && ot?.kind === 'struct' && ot.info === table.type.info && !declared) {
      return { k: 'copy', type: table.type, dst: addr, src: structAddr(rv(c, op)), size: sizeOf(table.type), loc };
    }
    if (op) args = [op];
  }
  try {
    return rv(c, invoke(c, table, table.structName, addr, false, args, loc));
  } catch (err) {
    if (err instanceof DiagError && /^no matching function|^too (few|many) arguments/.test(err.diag.message)) fail(loc, `no matching constructor for initialization of '${table.structName}'`);
    throw err;
  }
}

/** Calls member `name` with `self` (the object's address) as `this`; a non-const object prefers non-const overloads. */
function invoke(c: Checker, table: MethodTable, name: string, self: IExpr, objConst: boolean, args: readonly (Expr | Operand)[], loc: SourceLoc): Operand {
  const all = entries(table, name);
  const isConst = (f: FuncEntry): boolean => (f.fn ? methodOf.get(f.fn)?.isConst === true : false);
  if (objConst && !all.some(isConst)) fail(loc, `'this' argument to member function '${name}' has type 'const ${table.structName}', but function is not marked const`);
  const sameParams = (a: FuncEntry, b: FuncEntry): boolean => a.params.length === b.params.length && a.params.every((p, i) => i === 0 || sameType(p, b.params[i]!));
  const list = objConst ? all.filter(isConst) : all.filter((f) => !isConst(f) || !all.some((g) => !isConst(g) && sameParams(f, g)));
  const selfType: CType = { kind: 'pointer', to: { ...table.type, ...(objConst ? { isConst: true } : {}) } };
  const thisArg: Operand = { lv: false, e: { k: 'convert', type: selfType, arg: self, loc } };
  const ops: CallArg[] = [thisArg, ...args.map((a) => ('kind' in a ? (isInitList(a) ? a : expr(c, a)) : a))];
  const { fn, entry } = resolveUser(c, list, name, undefined, ops, loc);
  checkSpace(c, entry.space, fn.name, loc);
  return callResult(c, fn, userCall(c, fn, entry, ops, loc), loc);
}

/** The struct an expression (or, with `arrow`, the pointer it is) refers to, checked without keeping what checking made. */
function probeType(c: Checker, e: Expr, arrow: boolean): CType | null {
  const saved = c.fn?.fn.locals.length ?? 0;
  const warnings = c.warnings.length;
  try {
    const op = expr(c, e);
    const t = op.lv ? op.type : op.e.type;
    if (!arrow) return t.kind === 'struct' ? t : null;
    return t.kind === 'pointer' && t.to.kind === 'struct' ? t.to : null;
  } catch {
    return null;
  } finally {
    if (c.fn) c.fn.fn.locals.length = saved;
    c.warnings.length = warnings;
  }
}

/** `this` outside a member function, with clang's words. */
export function thisOutsideMethod(loc: SourceLoc): never {
  return fail(loc, "invalid use of 'this' outside of a non-static member function");
}
