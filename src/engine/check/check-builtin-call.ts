import type { SourceLoc } from '../front/token.js';
import { fail, unsupported } from '../front/diag.js';
import type { Expr } from '../front/ast.js';
import type { IExpr } from './ir.js';
import type { CType } from './types.js';
import { doubleType, intType, voidType, sameType } from './types.js';
import { isArith, isInteger, promote, usualArith } from './check-conv.js';
import type { Checker, FuncEntry } from './check-ctx.js';
import { mkConst } from './check-ctx.js';
import type { Operand } from './check-ops.js';
import { addressOf, conv, convRank, implicitConv, rv, structAddr, retype } from './check-ops.js';
import { expr } from './check-expr.js';
import type { BuiltinSig, ParamSpec } from './builtins.js';
import { best, checkSpace } from './check-call.js';
import { naming } from './host-shadow.js';

/*
 * Calls of the built-ins (CUDA runtime, math, warp intrinsics): overloads picked by
 * parameter form, defaults filled in, `...` arguments promoted, kernels and host
 * functions passed by handle.
 */

/** Rank of an argument for a built-in parameter form. */
function specRank(c: Checker, op: Operand, p: ParamSpec): number {
  if (p === 'symbol') return op.lv ? 0 : -1;
  if (p === 'kernel' || p === 'hostfn') return 0;
  const e = rv(c, op);
  if (p === 'ptrptr') return e.type.kind === 'pointer' && e.type.to.kind === 'pointer' ? 0 : -1;
  const r = convRank(e, p);
  // long and long long are one type to the engine but distinct C++ types: CUDA overloads
  // (__shfl_sync, __match_any_sync...) on both, and only the spelled one is an exact match.
  return r === 0 && e.type.kind === 'int' && p.kind === 'int' && e.type.bits === 64 && longLong(e.type) !== longLong(p) ? 0.5 : r;
}

/** Whether a 64-bit integer type is spelled long long (the <stdint.h> and size_t typedefs are long on Linux). */
function longLong(t: CType): boolean {
  return t.kind === 'int' && /long long/.test(t.name);
}

/** Resolves and converts a built-in call. */
export function builtinCall(c: Checker, sigs: readonly BuiltinSig[], name: string, argExprs: readonly Expr[], loc: SourceLoc): IExpr {
  const kernelArg = (a: Expr): Operand | null => {
    if (a.kind !== 'ident') return null;
    const s = c.lookup(a.name);
    return s?.k === 'funcs' ? { lv: false, e: kernelRef(c, s.list, a.loc) } : null;
  };
  const hostFnArg = (a: Expr): Operand | null => {
    if (a.kind !== 'ident') return null;
    const s = c.lookup(a.name);
    return s?.k === 'funcs' ? { lv: false, e: hostFnRef(s.list, a.loc) } : null;
  };
  const ops = argExprs.map((a, i) =>
    sigs.some((s) => s.params[i] === 'symbol') ? naming(c, () => expr(c, a)) : sigs.some((s) => s.params[i] === 'kernel') ? kernelArg(a) ?? expr(c, a) : sigs.some((s) => s.params[i] === 'hostfn') ? hostFnArg(a) ?? expr(c, a) : expr(c, a),
  );
  let chosen: BuiltinSig | null = null;
  if (sigs[0]!.uac && ops.length === 2) {
    const [a, b] = ops.map((o) => rv(c, o)) as [IExpr, IExpr];
    if (isArith(a.type) && isArith(b.type)) {
      const t = usualArith(a.type, b.type);
      chosen = sigs.find((s) => sameType(s.params[0] as CType, t)) ?? null;
    }
  }
  if (!chosen) {
    const fits = sigs.filter((s) => ops.length <= s.params.length || s.variadic).filter((s) => ops.length >= s.params.length - s.defaults.length);
    if (fits.length === 0) {
      const s = sigs[0]!;
      const n = s.params.length;
      fail(loc, `too ${ops.length < n ? 'few' : 'many'} arguments to function call, expected ${s.defaults.length ? `at least ${n - s.defaults.length}` : n}, have ${ops.length}`);
    }
    chosen = best(
      fits.map((s) => ({ item: s, ranks: ops.slice(0, s.params.length).map((o, i) => specRank(c, o, s.params[i]!)), preferred: s.params.every((p) => p === doubleType || (typeof p === 'object' && p.kind === 'float' && p.bits === 64)) })),
      name,
      loc,
    );
    if (!chosen) fail(loc, `no matching function for call to '${name}'`);
  }
  checkSpace(c, chosen.space, name, loc);
  if (chosen.legacyOf) {
    c.warn(loc, `'${name}' is deprecated: not valid on compute_70 and above; use ${chosen.legacyOf}`);
    c.assemblerError(loc, `'${name}' cannot be built for sm_${c.arch / 10}: ptxas rejects 'vote' without '.sync' on sm_70 and higher`, `use ${chosen.legacyOf} with a mask, e.g. ${chosen.legacyOf}(__activemask(), ...)`);
  }
  const args: IExpr[] = [];
  chosen.params.forEach((p, i) => {
    const op = ops[i];
    if (!op) {
      const d = chosen!.defaults[i - (chosen!.params.length - chosen!.defaults.length)]!;
      const t = typeof p === 'object' ? p : intType;
      args.push(t.kind === 'pointer' ? mkConst(t, 0, loc) : mkConst(t, d, loc));
      return;
    }
    if (p === 'symbol') args.push(retype(addressOf(c, op, loc), { kind: 'pointer', to: { kind: 'void', isConst: true } }));
    else if (p === 'kernel' || p === 'hostfn') args.push(rv(c, op));
    else if (p === 'ptrptr') args.push(retype(rv(c, op), { kind: 'pointer', to: { kind: 'pointer', to: voidType } }));
    else if (p.kind === 'struct') args.push(retype(structAddr(implicitConv(c, rv(c, op), p, 'param', loc, op.lv)), { kind: 'pointer', to: p })); // a struct by value (cudaMemLocation) reaches the runtime as its address
    else args.push(implicitConv(c, rv(c, op), p, 'param', loc, op.lv));
  });
  for (let i = chosen.params.length; i < ops.length; i++) args.push(varArg(c, rv(c, ops[i]!), loc));
  return { k: 'intrinsic', name: chosen.key, type: chosen.ret, args, loc };
}

/** Default argument promotions for `...` arguments. */
function varArg(c: Checker, e: IExpr, loc: SourceLoc): IExpr {
  if (e.type.kind === 'float' && e.type.bits === 32) return conv(e, doubleType);
  if (isInteger(e.type)) return conv(e, promote(e.type));
  if (e.type.kind === 'struct') unsupported(loc, 'passing a struct through "..."');
  if (e.type.kind === 'nullptr') return conv(e, { kind: 'pointer', to: voidType });
  void c;
  return e;
}

/** A kernel named as an argument (cudaFuncGetAttributes): a const holding the IFunction's id. */
function kernelRef(c: Checker, list: readonly FuncEntry[], loc: SourceLoc): IExpr {
  const k = list.find((f) => f.space === 'global' && f.fn);
  if (!k || !k.fn) fail(loc, 'expected a __global__ function');
  return mkConst({ kind: 'pointer', to: { kind: 'function', ret: voidType, params: k.params, variadic: false } }, k.fn.id, loc);
}

/** A host function named as a stream callback (cudaLaunchHostFunc): a constant holding its id, as a kernel handle is. */
function hostFnRef(list: readonly FuncEntry[], loc: SourceLoc): IExpr {
  const f = list.find((x) => (x.space === 'host' || x.space === 'hostDevice') && x.fn);
  if (!f || !f.fn) fail(loc, 'expected a host function');
  return mkConst({ kind: 'pointer', to: { kind: 'function', ret: voidType, params: f.params, variadic: false } }, f.fn.id, loc);
}
