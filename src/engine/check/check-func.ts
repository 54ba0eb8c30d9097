import type { SourceLoc } from '../front/token.js';
import { fail, unsupported } from '../front/diag.js';
import type { Expr, FunctionDecl, TemplateArg, TypeNode } from '../front/ast.js';
import type { ExecSpace, IExpr, VarSym } from './ir.js';
import type { CType } from './types.js';
import { sameType, typeName, voidType } from './types.js';
import type { Value } from './check-conv.js';
import { normalize, unqual } from './check-conv.js';
import type { Checker, FuncEntry, MutFn, Scope, Sym } from './check-ctx.js';
import { intConstant, rexpr } from './check-expr.js';
import { markConstexpr } from './constexpr-fns.js';
import { checkFunctionBody } from './check-stmt.js';
import type { Operand } from './check-ops.js';
import { memLv } from './check-ops.js';

/*
 * Functions: declarations and definitions (prototypes share one IFunction with
 * their definition), execution spaces, and function templates, which are
 * instantiated once per distinct argument list as IFunctions named `f<args>`.
 */

type Binding = Map<string, CType | Value>;

/** The execution space a declaration's specifiers give. */
function spaceOf(d: FunctionDecl): ExecSpace {
  if (d.specs.global) return 'global';
  if (d.specs.device && d.specs.host) return 'hostDevice';
  return d.specs.device ? 'device' : 'host';
}

/** Parameter and return types of a declaration in the current scope; references become pointers. */
function signature(c: Checker, d: FunctionDecl): { params: CType[]; refs: boolean[]; ret: CType; retRef: boolean } {
  const ev = (x: Parameters<typeof rexpr>[1]) => rexpr(c, x);
  const params: CType[] = [];
  const refs: boolean[] = [];
  for (const p of d.params) {
    const r = c.resolveType(p.type, ev);
    let t = r.type;
    if (t.kind === 'void' && d.params.length === 1 && p.name === null) break; // f(void)
    if (t.kind === 'array') t = { kind: 'pointer', to: t.of }; // parameter arrays are pointers
    if (t.kind === 'function') unsupported(p.loc, 'function pointer parameters');
    if (r.ref) t = { kind: 'pointer', to: t };
    params.push(t);
    refs.push(r.ref);
  }
  // The parameters are in scope for a trailing return type: `auto f(T a, U b) -> decltype(a * b)`.
  c.push();
  let ret: ReturnType<Checker['resolveType']>;
  try {
    params.forEach((t, i) => {
      const name = d.params[i]!.name;
      if (name !== null) c.scope.syms.set(name, { k: 'var', v: c.newVar(name, t, 'auto', d.params[i]!.loc, { isParam: true, ref: refs[i] }), ref: refs[i]! });
    });
    ret = c.resolveType(d.ret, ev);
  } finally {
    c.pop();
  }
  // A reference result is returned as the referent's address, as reference parameters are passed.
  return { params, refs, ret: ret.ref ? { kind: 'pointer', to: ret.type } : ret.type, retRef: ret.ref };
}

/** Whether a function returns a reference: its calls are lvalues at the address it returns. */
export function returnsRef(fn: MutFn): boolean {
  return fn.retRef === true;
}

/** A call's value: an lvalue at the returned address when the function returns a reference. */
export function callResult(c: Checker, fn: MutFn, e: IExpr, loc: SourceLoc): Operand {
  if (!returnsRef(fn) || e.type.kind !== 'pointer') return { lv: false, e };
  return memLv(c, e, e.type.to, loc);
}

/** Declares (and, with a body, defines and checks) a function at namespace scope. */
export function declareFunction(c: Checker, d: FunctionDecl): void {
  const space = spaceOf(d);
  const existing = c.scope.syms.get(d.name);
  if (existing && existing.k !== 'funcs') fail(d.loc, `redefinition of '${d.name}' as different kind of symbol`);
  const list = existing?.k === 'funcs' ? existing.list : [];
  if (!existing) c.scope.syms.set(d.name, { k: 'funcs', list });
  if (d.template) {
    list.push({ name: d.name, space, decl: d, fn: null, params: [], refParams: [], ret: voidType, template: d.template, instances: new Map(), scope: c.scope });
    return;
  }
  const sig = signature(c, d);
  if (space === 'global' && sig.ret.kind !== 'void') fail(d.ret.loc, 'a __global__ function must have a void return type');
  // A one-pass declaration (see passes.ts) may sit beside one of the other pass with the same signature.
  let entry = list.find((f) => !f.template && (!d.pass || f.space === space) && f.params.length === sig.params.length && f.params.every((p, i) => sameType(p, sig.params[i]!)));
  if (entry) {
    if (entry.decl.body && d.body) fail(d.loc, `redefinition of '${d.name}'`);
    if (entry.space !== space) fail(d.loc, `execution space of '${d.name}' differs from its previous declaration`);
    entry.decl = withDefaults(d.body ? d : entry.decl, d.body ? entry.decl : d);
  } else {
    const fn: MutFn = { id: c.nextFn++, name: d.name, space, ret: sig.ret, params: [], locals: [], body: null, loc: d.loc };
    c.functions.push(fn);
    entry = { name: d.name, space, decl: d, fn, params: sig.params, refParams: sig.refs, ret: sig.ret, template: null, instances: new Map(), scope: c.scope };
    list.push(entry);
  }
  const fn = entry.fn!;
  if (sig.retRef) fn.retRef = true;
  if (d.specs.constexpr) markConstexpr(fn);
  if (d.specs.launchBounds) fn.launchBounds = launchBounds(c, d.specs.launchBounds);
  fn.params = makeParams(c, d, sig.params, sig.refs);
  if (d.body) {
    fn.loc = d.loc;
    checkFunctionBody(c, fn, entry, d, c.scope);
  }
}

/** `d` with the default arguments `other` (another declaration of the same function) gives, as C++ merges them: a parameter has one default at most. */
function withDefaults(d: FunctionDecl, other: FunctionDecl): FunctionDecl {
  if (!other.params.some((p) => p.defaultValue !== undefined)) return d;
  const params = d.params.map((p, i) => {
    const inherited = other.params[i]?.defaultValue;
    if (inherited === undefined) return p;
    const own = p.defaultValue;
    if (own === undefined) return { ...p, defaultValue: inherited };
    // The same declaration seen again (a method, or the other compilation pass) is not a redefinition.
    const same = own.loc.file === inherited.loc.file && own.loc.line === inherited.loc.line && own.loc.col === inherited.loc.col;
    if (!same) fail(laterOf(own.loc, inherited.loc), 'redefinition of default argument');
    return p;
  });
  return { ...d, params };
}

function laterOf(a: SourceLoc, b: SourceLoc): SourceLoc {
  return a.line > b.line || (a.line === b.line && a.col > b.col) ? a : b;
}

/** Parameter variables (unnamed ones get a placeholder name). */
function makeParams(c: Checker, d: FunctionDecl, types: readonly CType[], refs: readonly boolean[]): VarSym[] {
  return types.map((t, i) => {
    const p = d.params[i]!;
    return c.newVar(p.name ?? `__arg${i}`, t, 'auto', p.loc, { isParam: true, ref: refs[i] ?? false });
  });
}

/** Deduces template arguments from explicit arguments and call argument types; null when deduction fails. */
export function deduce(c: Checker, entry: FuncEntry, targs: readonly TemplateArg[], argTypes: readonly CType[], loc: SourceLoc): Binding | null {
  const tps = entry.template!;
  const bind: Binding = new Map();
  if (targs.length > tps.length) return null;
  targs.forEach((a, i) => {
    const tp = tps[i]!;
    if (tp.kind === 'type') {
      if (a.kind !== 'type') fail(loc, `template argument for template type parameter must be a type`);
      bind.set(tp.name, c.resolveType(a.type, (x) => rexpr(c, x)).type);
    } else bind.set(tp.name, valueArg(c, a, loc));
  });
  // A parameter fixed by an explicit argument takes no part in deduction: its argument converts implicitly (C++ [temp.arg.explicit]).
  const explicit = new Set(tps.slice(0, targs.length).map((t) => t.name));
  const isParam = (n: string): boolean => tps.some((t) => t.kind === 'type' && t.name === n);
  const decay = (t: CType): CType => (t.kind === 'array' ? { kind: 'pointer', to: t.of } : unqual(t));
  const match = (node: TypeNode, at: CType): boolean => {
    if (node.kind === 'named' && isParam(node.name)) {
      if (explicit.has(node.name)) return true;
      const old = bind.get(node.name);
      const t = decay(at);
      if (old === undefined) bind.set(node.name, t);
      else if (typeof old !== 'object' || !sameType(old, t)) return false;
      return true;
    }
    if (node.kind === 'pointer') {
      const t = decay(at);
      return t.kind === 'pointer' ? match(node.to, t.to) : true;
    }
    if (node.kind === 'reference') return match(node.to, at);
    return true;
  };
  const ps = entry.decl.params;
  for (let i = 0; i < Math.min(ps.length, argTypes.length); i++) if (!match(ps[i]!.type, argTypes[i]!)) return null;
  for (const tp of tps) {
    if (bind.has(tp.name)) continue;
    if (!tp.defaultArg) return null;
    bind.set(tp.name, tp.kind === 'type' && tp.defaultArg.kind === 'type' ? c.resolveType(tp.defaultArg.type, (x) => rexpr(c, x)).type : valueArg(c, tp.defaultArg, loc));
  }
  return bind;
}

/** A template value argument: a constant expression (a type-looking name may denote a constant). */
function valueArg(c: Checker, a: TemplateArg, loc: SourceLoc): Value {
  const e = a.kind === 'expr' ? a.expr : a.type.kind === 'named' ? ({ kind: 'ident', name: a.type.name, loc: a.type.loc } as const) : null;
  if (!e) fail(loc, 'template argument for non-type template parameter must be an expression');
  const v = intConstant(c, e);
  if (v === null) fail(e.loc, 'non-type template argument is not a constant expression');
  return v;
}

/** The scope template parameters are bound in. */
function bindScope(c: Checker, entry: FuncEntry, bind: Binding): Scope {
  const syms = new Map<string, Sym>();
  const saved = c.scope;
  c.scope = entry.scope;
  for (const tp of entry.template!) {
    const b = bind.get(tp.name)!;
    if (tp.kind === 'type') syms.set(tp.name, { k: 'type', t: b as CType });
    else {
      const t = tp.type ? unqual(c.resolveType(tp.type, (x) => rexpr(c, x)).type) : { kind: 'int' as const, bits: 32 as const, signed: true, name: 'int' };
      syms.set(tp.name, { k: 'const', value: normalize(t, b as Value), type: t });
    }
  }
  c.scope = saved;
  return { syms, parent: entry.scope, ns: null };
}

/**
 * nvcc's limit on a template's instantiations in progress at once (its --pending-instantiations, 200):
 * `f<N>` calling `f<N - 1>` with no specialization to end it would otherwise instantiate until
 * the checker's stack overflows, minutes later.
 */
const MAX_PENDING_INSTANTIATIONS = 200;

/** Instantiations of each function template whose bodies are being checked (nested in one another). */
const pending = new WeakMap<FunctionDecl, number>();

/** An instantiation's signature; with `withBody`, the IFunction too (created and checked once per argument list). */
export function instantiate(c: Checker, entry: FuncEntry, bind: Binding, loc: SourceLoc, withBody: boolean): { fn: MutFn | null; params: CType[]; refs: boolean[]; minArgs: number } {
  const scope = bindScope(c, entry, bind);
  const saved = c.scope;
  c.scope = scope;
  const d = entry.decl;
  let sig: ReturnType<typeof signature>;
  try {
    sig = signature(c, d);
  } finally {
    c.scope = saved;
  }
  const minArgs = d.params.filter((p) => p.defaultValue === undefined).length;
  if (!withBody) return { fn: null, ...sig, minArgs };
  if (entry.space === 'global' && sig.ret.kind !== 'void') fail(d.ret.loc, 'a __global__ function must have a void return type');
  const args = entry.template!.map((tp) => {
    const b = bind.get(tp.name)!;
    return typeof b === 'object' ? typeName(b) : String(b);
  });
  const name = `${d.name}<${args.join(', ')}>`;
  let fn = entry.instances.get(name);
  if (!fn) {
    if (!d.body) fail(loc, `function template '${d.name}' is declared but never defined`);
    const depth = (pending.get(d) ?? 0) + 1;
    if (depth > MAX_PENDING_INSTANTIATIONS) fail(loc, `recursive template instantiation exceeded maximum depth of ${MAX_PENDING_INSTANTIATIONS}`);
    const made: MutFn = { id: c.nextFn++, name, space: entry.space, ret: sig.ret, params: [], locals: [], body: null, loc: d.loc };
    fn = made;
    if (sig.retRef) made.retRef = true;
    entry.instances.set(name, made);
    c.functions.push(made);
    const savedScope = c.scope;
    c.scope = scope;
    pending.set(d, depth);
    try {
      if (d.specs.launchBounds) made.launchBounds = launchBounds(c, d.specs.launchBounds);
      made.params = makeParams(c, d, sig.params, sig.refs);
      const inst: FuncEntry = { ...entry, params: sig.params, refParams: sig.refs, ret: sig.ret, template: null, fn: made };
      checkFunctionBody(c, made, inst, d, scope);
    } finally {
      c.scope = savedScope;
      pending.set(d, depth - 1);
    }
  }
  return { fn, ...sig, minArgs };
}

/** `__launch_bounds__(maxThreads, minBlocks)`: integer constant arguments (template parameters bound in scope). */
function launchBounds(c: Checker, args: readonly Expr[]): { maxThreads: number; minBlocks: number } {
  const v = args.map((a) => {
    const x = intConstant(c, a);
    if (x === null) fail(a.loc, "'__launch_bounds__' attribute requires an integer constant");
    return Number(x);
  });
  return { maxThreads: v[0]!, minBlocks: v[1] ?? 0 };
}
