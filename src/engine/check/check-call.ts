import type { SourceLoc } from '../front/token.js';
import { DiagError, errorAt, fail, unsupported, type Diagnostic } from '../front/diag.js';
import type { Expr, TemplateArg } from '../front/ast.js';
import type { ExecSpace, IExpr } from './ir.js';
import type { CType } from './types.js';
import { doubleType, floatType, intType, sizeType, typeName, voidType, sameType } from './types.js';
import { isInteger, unqual } from './check-conv.js';
import type { Checker, FuncEntry, MutFn } from './check-ctx.js';
import { mkConst } from './check-ctx.js';
import type { Operand } from './check-ops.js';
import { addressOf, conv, convRank, dim3From, implicitConv, rv, structAddr, structTempOf, toCond, retype } from './check-ops.js';
import { expr, stringLiteral } from './check-expr.js';
import { removedBuiltins } from './builtins.js';
import { builtinCall } from './check-builtin-call.js';
import { builtinTypedefs, streamType } from './builtins-types.js';
import { callResult, deduce, instantiate } from './check-func.js';
import { exprText } from './check-text.js';
import { cgCall, cgMemberCall } from './cg.js';
import { iosNameError } from './iostream-names.js';
import { expectDim3 } from './check-comma.js';
import { bracedArg, bracedRank, dependsOn, isInitList, type InitList } from './check-braced.js';
import { initListValue } from './check-init.js';
import { isStdTemplate, stdSwap } from './check-std.js';
import { callOperator, implicitMember, methodCall, thisMember } from './check-methods.js';
import { warnDevicePrintf } from './device-printf.js';
import { warnPrintfArgs } from './printf-format.js';

/** A call argument: an operand, or a braced list that initialises its parameter. */
export type CallArg = Operand | InitList;

/*
 * Calls: overload resolution over user functions, function templates and the
 * built-ins (resolved in check-builtin-call.ts), CUDA's execution-space rules, kernel
 * launches, and assert.
 */

const SPACE_WORDS: Record<ExecSpace, string> = { global: '__global__', device: '__device__', host: '__host__', hostDevice: '__host__ __device__' };

/** The execution space of the code being checked (namespace-scope initializers run on the host). */
export function callerSpace(c: Checker): ExecSpace {
  return c.fn?.space ?? 'host';
}

/** Rejects a call across execution spaces with nvcc's message. */
export function checkSpace(c: Checker, callee: ExecSpace | 'both', name: string, loc: SourceLoc): void {
  const from = callerSpace(c);
  const fromName = c.fn?.fn.name ?? 'main';
  if (callee === 'global') fail(loc, 'a __global__ function call must be configured');
  if (callee === 'both' || callee === 'hostDevice') return;
  const onDevice = from === 'device' || from === 'global';
  const bad = from === 'hostDevice' || (callee === 'device' ? !onDevice : onDevice);
  if (bad) fail(loc, `calling a ${SPACE_WORDS[callee]} function("${name}") from a ${SPACE_WORDS[from]} function("${fromName}") is not allowed`);
}

/** Checks a call expression. */
export function call(c: Checker, e: Expr & { kind: 'call' }): Operand {
  if (e.callee.kind === 'ident' && implicitMember(c, e.callee.name) === 'method') return call(c, { ...e, callee: thisMember(e.callee.name, e.callee.loc) });
  if (e.callee.kind !== 'ident') {
    if (e.callee.kind === 'member') return methodCall(c, e, e.callee) ?? { lv: false, e: cgMemberCall(c, e, e.callee) };
    return functorCall(c, e);
  }
  const name = e.callee.name;
  const sym = c.lookup(name);
  if (!sym) {
    if (name === 'assert') return { lv: false, e: assertCall(c, e) };
    if (isStdTemplate(name)) return { lv: false, e: stdSwap(c, e) };
    const folded = gccFloatBuiltin(c, name, e);
    if (folded) return { lv: false, e: folded };
    const vec = /^make_(\w+)$/.exec(name);
    if (vec && builtinTypedefs.get(vec[1]!)?.kind === 'struct') return { lv: false, e: makeVector(c, builtinTypedefs.get(vec[1]!)!, e) };
    const replacement = removedBuiltins.get(name);
    // Below compute_70 the headers still declare them: the whole warp's active lanes take part.
    if (replacement && c.arch < 700) return call(c, withActiveMask(e, `${name}_sync`));
    if (replacement) {
      const note: Diagnostic = { severity: 'note', message: `'${name}' was removed for compute_70 and above; use ${replacement}, whose mask names the lanes taking part`, loc: e.callee.loc };
      throw new DiagError(errorAt(e.callee.loc, `use of undeclared identifier '${name}'`), [note]);
    }
    // The rest of the C++ library (std::sort, std::fill...) is named, not reported as a typo.
    if (/^(::)?std::\w+$/.test(name)) unsupported(e.callee.loc, `'${name.replace(/^::/, '')}'`);
    fail(e.callee.loc, `use of undeclared identifier '${name}'`);
  }
  if (sym.k === 'builtins') {
    const declared = sym.list.filter((s) => (s.minArch ?? 0) <= c.arch);
    if (declared.length === 0) {
      const need = Math.min(...sym.list.map((s) => s.minArch ?? 0));
      throw new DiagError(errorAt(e.callee.loc, `use of undeclared identifier '${name}'`), [
        { severity: 'note', message: `CUDA declares '${name}' for compute capability ${need / 100}.${(need % 100) / 10} and above; the simulated GPU is sm_${c.arch / 10} (see --device)`, loc: e.callee.loc },
      ]);
    }
    const legacy = declared[0]!.legacyOf;
    if (legacy && c.arch < 700) return call(c, withActiveMask(e, legacy));
    if (name === 'printf') warnDevicePrintf(c, callerSpace(c), e.args[0]);
    const checked = builtinCall(c, declared, name, e.args, e.loc);
    if (name === 'printf' && checked.k === 'intrinsic') warnPrintfArgs(c, callerSpace(c), e.args[0], checked.args.slice(1));
    return { lv: false, e: checked };
  }
  if (sym.k === 'funcs') {
    const ops = e.args.map((a) => (isInitList(a) ? a : expr(c, a)));
    const { fn, entry } = resolveUser(c, sym.list, name, e.callee.templateArgs, ops, e.loc);
    checkSpace(c, entry.space, fn.name, e.loc);
    return callResult(c, fn, userCall(c, fn, entry, ops, e.loc), e.loc);
  }
  if (sym.k === 'type') fail(e.loc, `functional casts of '${name}' should have been parsed as constructions`);
  if (sym.k === 'cg') return { lv: false, e: cgCall(c, sym.name, e) };
  if (sym.k === 'ios') iosNameError(sym.name, e.loc);
  return functorCall(c, e);
}

/** A call whose callee is an object: its struct's operator() (a functor), else clang's error. */
function functorCall(c: Checker, e: Expr & { kind: 'call' }): Operand {
  const callee = expr(c, e.callee);
  const called = callOperator(c, callee, e.args, e.loc);
  if (called) return called;
  const f = rv(c, callee);
  if (f.type.kind === 'pointer' && f.type.to.kind === 'function') unsupported(e.loc, 'calls through function pointers');
  return fail(e.loc, `called object type '${typeName(f.type)}' is not a function or function pointer`);
}

/** Picks the best candidate: each candidate's per-argument ranks (lower is better); null when none is viable. */
export function best<T>(cands: { item: T; ranks: number[]; preferred?: boolean }[], name: string, loc: SourceLoc): T | null {
  const viable = cands.filter((x) => x.ranks.every((r) => r >= 0));
  if (viable.length === 0) return null;
  const better = (a: number[], b: number[]): boolean => a.every((r, i) => r <= b[i]!) && a.some((r, i) => r < b[i]!);
  const winners = viable.filter((x) => viable.every((y) => y === x || !better(y.ranks, x.ranks)));
  if (winners.length === 1) return winners[0]!.item;
  const pref = winners.filter((w) => w.preferred);
  if (pref.length === 1) return pref[0]!.item;
  return fail(loc, `call to '${name}' is ambiguous`);
}

/** Rank of passing an operand to a (possibly reference) parameter. */
function argRank(c: Checker, arg: CallArg, pt: CType, ref: boolean): number {
  if (isInitList(arg)) return bracedRank(c, arg, pt, ref);
  const op = arg;
  const e = rv(c, op);
  if (!ref) return convRank(e, pt);
  // Reference parameters are stored as pointers to the referred type.
  const t = pt.kind === 'pointer' ? pt.to : pt;
  const at = op.lv ? op.type : e.type;
  if (t.isConst) return op.lv && sameType(unqual(at), unqual(t)) ? 0 : convRank(e, t);
  if (!op.lv || at.isConst) return -1;
  return sameType(unqual(at), unqual(t)) ? 0 : -1;
}

/** Resolves a call of a user-declared name to one function (instantiating a template when chosen). */
export function resolveUser(c: Checker, list: readonly FuncEntry[], name: string, targs: readonly TemplateArg[] | undefined, ops: readonly CallArg[], loc: SourceLoc): { fn: MutFn; entry: FuncEntry } {
  // C++ prefers a non-template to a template specialisation that matches as well: `preferred` breaks that tie.
  const cands: { item: { entry: FuncEntry; bind: Map<string, CType | number | bigint> | null }; ranks: number[]; preferred?: boolean }[] = [];
  let countMismatch: FuncEntry | null = null;
  for (const entry of passVisible(c, list)) {
    if (entry.template) {
      // A braced argument leaves its parameter undeduced: one naming a template parameter cannot match.
      const typeParams = entry.template.filter((t) => t.kind === 'type').map((t) => t.name);
      if (ops.some((o, i) => isInitList(o) && entry.decl.params[i] && dependsOn(entry.decl.params[i]!.type, typeParams))) continue;
      const bind = deduce(c, entry, targs ?? [], ops.map((o) => (isInitList(o) ? voidType : o.lv ? o.type : o.e.type)), loc);
      if (!bind) continue;
      const sig = instantiate(c, entry, bind, loc, false);
      if (ops.length > sig.params.length || ops.length < sig.minArgs) continue;
      cands.push({ item: { entry, bind }, ranks: ops.map((o, i) => argRank(c, o, sig.params[i]!, sig.refs[i]!)) });
      continue;
    }
    if (targs) continue;
    const min = entry.decl.params.filter((p) => p.defaultValue === undefined).length;
    if (ops.length > entry.params.length || ops.length < min) {
      countMismatch = entry;
      continue;
    }
    cands.push({ item: { entry, bind: null }, ranks: ops.map((o, i) => argRank(c, o, entry.params[i]!, entry.refParams[i]!)), preferred: true });
  }
  if (cands.length === 0 && countMismatch && list.length === 1) {
    const n = countMismatch.params.length;
    fail(loc, `too ${ops.length < n ? 'few' : 'many'} arguments to function call, expected ${n}, have ${ops.length}`);
  }
  const pick = best(cands, name, loc);
  if (!pick) fail(loc, `no matching function for call to '${name}'`);
  if (pick.bind) {
    const inst = instantiate(c, pick.entry, pick.bind, loc, true);
    return { fn: inst.fn!, entry: pick.entry };
  }
  return { fn: pick.entry.fn!, entry: pick.entry };
}

/** The overloads the caller's nvcc pass sees: once the two passes differ, host code sees only host-pass functions and device code only device-pass ones (passes.ts). */
export function passVisible(c: Checker, list: readonly FuncEntry[]): readonly FuncEntry[] {
  if (!list.some((e) => e.decl.pass)) return list;
  const onDevice = callerSpace(c) !== 'host';
  const seen = list.filter((e) => (onDevice ? e.space !== 'host' : e.space === 'host' || e.space === 'hostDevice' || e.space === 'global'));
  // None visible: keep them all so the call gets nvcc's execution-space error.
  return seen.length > 0 ? seen : list;
}

/** Converts call arguments to the parameters (references pass addresses; defaults fill the rest). */
function userArgs(c: Checker, fn: MutFn, entry: FuncEntry, ops: readonly CallArg[], loc: SourceLoc): IExpr[] {
  const args: IExpr[] = [];
  const decl = entry.decl;
  for (let i = 0; i < fn.params.length; i++) {
    const p = fn.params[i]!;
    const ref = entry.template ? p.type.kind === 'pointer' && decl.params[i]?.type.kind === 'reference' : entry.refParams[i]!;
    const arg = ops[i];
    const pt = ref && p.type.kind === 'pointer' ? p.type.to : p.type;
    let op: Operand | undefined = arg && isInitList(arg) ? { lv: false, e: bracedArg(c, arg, pt) } : arg;
    if (!op) {
      const d = decl.params[i]?.defaultValue;
      if (!d) fail(loc, 'internal: missing default argument');
      op = expr(c, d);
    }
    if (ref) args.push(refArg(c, op, p.type.kind === 'pointer' ? p.type.to : p.type, loc));
    else {
      const e = rv(c, op);
      const v = implicitConv(c, e, p.type, 'param', loc, op.lv);
      args.push(v.type.kind === 'struct' ? structAddr(v) : v);
    }
  }
  return args;
}

/** The address passed for a reference parameter: the lvalue's, or a temporary's for a const reference to an rvalue. */
function refArg(c: Checker, op: Operand, t: CType, loc: SourceLoc): IExpr {
  if (op.lv && sameType(unqual(op.type), unqual(t))) return retype(addressOf(c, op, loc), { kind: 'pointer', to: unqual(t) });
  const e = implicitConv(c, rv(c, op), unqual(t), 'param', loc, op.lv);
  if (e.type.kind === 'struct') return retype(structAddr(e), { kind: 'pointer', to: unqual(t) });
  const tmp = c.newVar(`__ref${c.nextVar}`, unqual(t), 'auto', loc);
  const ptr: CType = { kind: 'pointer', to: unqual(t) };
  return { k: 'comma', type: ptr, left: { k: 'assign', type: unqual(t), target: { k: 'var', v: tmp }, value: e, loc }, right: { k: 'varAddr', v: tmp, type: ptr, loc }, loc };
}

/** A user function call; struct results go to a fresh return slot. */
export function userCall(c: Checker, fn: MutFn, entry: FuncEntry, ops: readonly CallArg[], loc: SourceLoc): IExpr {
  const args = userArgs(c, fn, entry, ops, loc);
  const retSlot = fn.ret.kind === 'struct' ? c.newVar(`__ret${c.nextVar}`, fn.ret, 'auto', loc) : null;
  return { k: 'call', type: fn.ret, fn, args, retSlot, loc };
}

/** `f(args)` rewritten as `replacement(__activemask(), args)`: a pre-CUDA-9 warp function on a GPU that still has it. */
function withActiveMask(e: Expr & { kind: 'call' }, replacement: string): Expr & { kind: 'call' } {
  const loc = e.callee.loc;
  const mask: Expr = { kind: 'call', callee: { kind: 'ident', name: '__activemask', loc }, args: [], loc };
  return { ...e, callee: { kind: 'ident', name: replacement, loc }, args: [mask, ...e.args] };
}

/** make_int2(x, y), make_float4(...): a vector temporary. */
function makeVector(c: Checker, t: CType, e: Expr & { kind: 'call' }): IExpr {
  if (t.kind !== 'struct') fail(e.loc, 'internal');
  const fields = t.info.fields;
  if (e.args.length !== fields.length) fail(e.loc, `too ${e.args.length < fields.length ? 'few' : 'many'} arguments to function call, expected ${fields.length}, have ${e.args.length}`);
  const vals = e.args.map((a, i) => implicitConv(c, rv(c, expr(c, a)), fields[i]!.type, 'param', a.loc, false));
  return structTempOf(c, t, e.loc, () => fields.map((f, i) => ({ offset: f.offset, value: vals[i]! })));
}

/** glibc's <math.h> spells INFINITY, NAN, HUGE_VAL and HUGE_VALF with gcc builtins; they are constants. */
const GCC_FLOAT_BUILTINS: ReadonlyMap<string, { readonly type: CType; readonly value: number; readonly arg: boolean }> = new Map([
  ['__builtin_inff', { type: floatType, value: Infinity, arg: false }],
  ['__builtin_inf', { type: doubleType, value: Infinity, arg: false }],
  ['__builtin_huge_valf', { type: floatType, value: Infinity, arg: false }],
  ['__builtin_huge_val', { type: doubleType, value: Infinity, arg: false }],
  ['__builtin_nanf', { type: floatType, value: NaN, arg: true }],
  ['__builtin_nan', { type: doubleType, value: NaN, arg: true }],
]);

function gccFloatBuiltin(c: Checker, name: string, e: Expr & { kind: 'call' }): IExpr | null {
  const b = GCC_FLOAT_BUILTINS.get(name);
  if (!b) return null;
  const want = b.arg ? 1 : 0;
  if (e.args.length !== want) fail(e.loc, `too ${e.args.length < want ? 'few' : 'many'} arguments to function call, expected ${want}, have ${e.args.length}`);
  // Only the quiet NaN with an empty payload string is supported: that is what NAN expands to.
  const a = e.args[0];
  if (a && !(a.kind === 'string' && a.value === '')) unsupported(a.loc, `'${name}' with a NaN payload`);
  return mkConst(b.type, b.value, e.loc);
}

/** assert(e): the condition plus the strings nvcc/glibc print (expression text, file, line, function). */
function assertCall(c: Checker, e: Expr & { kind: 'call' }): IExpr {
  if (e.args.length !== 1) fail(e.loc, `too ${e.args.length < 1 ? 'few' : 'many'} arguments provided to function-like macro invocation`);
  const a = e.args[0]!;
  const cond = conv(toCond(rv(c, expr(c, a)), a.loc), intType);
  const str = (s: string): IExpr => rv(c, stringLiteral(c, s, e.loc));
  const fn = c.fn?.fn;
  const pretty = fn ? `${typeName(fn.ret)} ${fn.name}(${fn.params.map((p) => typeName(p.type)).join(', ')})` : '';
  return { k: 'intrinsic', name: 'assert', type: voidType, args: [cond, str(exprText(a)), str(e.loc.file), mkConst(intType, e.loc.line, e.loc), str(pretty)], loc: e.loc };
}

/** Checks `k<<<grid, block, shared, stream>>>(args)`. */
export function launch(c: Checker, e: Expr & { kind: 'launch' }): IExpr {
  if (e.callee.kind !== 'ident') unsupported(e.loc, 'launching a kernel through an expression');
  const sym = c.lookup(e.callee.name);
  if (!sym) fail(e.callee.loc, `use of undeclared identifier '${e.callee.name}'`);
  if (sym.k !== 'funcs') fail(e.loc, `'${e.callee.name}' is not a __global__ function`);
  if (callerSpace(c) !== 'host') unsupported(e.loc, 'launching kernels from device code (dynamic parallelism)');
  const ops = e.args.map((a) => (isInitList(a) ? a : expr(c, a)));
  const { fn, entry } = resolveUser(c, sym.list, e.callee.name, e.callee.templateArgs, ops, e.loc);
  if (entry.space !== 'global') fail(e.loc, `a ${entry.space === 'host' ? 'host' : '__device__'} function call cannot be configured`);
  if (e.config.length < 2 || e.config.length > 4) fail(e.loc, 'expected 2 to 4 launch configuration arguments');
  const dim = (x: Expr): IExpr => {
    // `k<<<{2, 2}, {8, 8}>>>`: the configuration parameters are dim3, so a braced list builds one.
    if (isInitList(x)) return structAddr(initListValue(c, dim3Type(c, x.loc), x));
    expectDim3(c, x);
    const v = rv(c, expr(c, x));
    if (v.type.kind === 'struct' && (v.type.info.builtin === 'dim3' || v.type.info.builtin === 'uint3')) return structAddr(v);
    if (isInteger(v.type)) return dim3From(c, [v], x.loc);
    return fail(x.loc, `no viable conversion from '${typeName(v.type)}' to 'dim3'`);
  };
  const grid = dim(e.config[0]!);
  const block = dim(e.config[1]!);
  const shared = e.config[2] ? implicitConv(c, rv(c, expr(c, e.config[2])), sizeType, 'param', e.config[2].loc, false) : mkConst(sizeType, 0n, e.loc);
  const stream = e.config[3] ? implicitConv(c, rv(c, expr(c, e.config[3])), streamType, 'param', e.config[3].loc, false) : mkConst(streamType, 0, e.loc);
  const args = userArgs(c, fn, entry, ops, e.loc);
  return { k: 'launch', type: voidType, kernel: fn, grid, block, sharedBytes: shared, stream, args, loc: e.loc };
}

/** The dim3 type the built-in headers declare. */
function dim3Type(c: Checker, loc: SourceLoc): CType {
  const d = c.lookup('dim3');
  if (!d || d.k !== 'type') return fail(loc, 'dim3 is not available');
  return d.t;
}
