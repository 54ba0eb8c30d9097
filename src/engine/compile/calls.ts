import type { IExpr, IFunction, VarSym } from '../check/ir.js';
import type { CType } from '../check/types.js';
import { isScalar } from '../check/types.js';
import type { ExprCompiler } from './expr.js';

/*
 * Calls as the generated code makes them: user functions (the whole warp enters with its mask,
 * arguments in per-activation lane arrays), kernel launches from host code, and the order host
 * code evaluates arguments in, which programs that print from their arguments can see.
 */

/** An argument list compiled for a call: lane expressions of the values, and what must wrap the call. */
export interface CallArgs {
  readonly vals: string[];
  readonly wrap: (call: string) => string;
}

/**
 * Host call arguments, evaluated right to left as gcc does on x86-64 (nvcc's host compiler), so
 * `printf("%d %d", rand(), rand())` prints the second call's value first. When every argument is
 * inline the call stays inline (so && and ?: still short-circuit it): `wrap` puts the arguments,
 * right to left, into scratch variables in a comma expression before the call. Otherwise each
 * argument is finished in `pre`, right to left, and `wrap` leaves the call as it is.
 */
export function hostArgs(c: ExprCompiler, args: readonly IExpr[]): CallArgs {
  const isConst = (v: string): boolean => /^[-\d.n]+$/.test(v);
  if (args.length < 2) return { vals: args.map((a) => c.ex(a)), wrap: (call) => call };
  const vals = new Array<string>(args.length);
  if (!args.every((a) => c.inl(a))) {
    for (let i = args.length - 1; i >= 0; i--) {
      const [lines, v] = c.withPre(() => c.ex(args[i]!));
      c.pre.push(...lines);
      if (isConst(v)) vals[i] = v;
      else {
        const x = c.scratch();
        c.pre.push(c.lanes(`${x} = ${v};`));
        vals[i] = x;
      }
    }
    return { vals, wrap: (call) => call };
  }
  const seq: string[] = [];
  for (let i = args.length - 1; i >= 0; i--) {
    const v = c.ex(args[i]!);
    if (isConst(v)) vals[i] = v;
    else {
      const x = c.scratch();
      seq.push(`${x} = ${v}`);
      vals[i] = x;
    }
  }
  return { vals, wrap: (call) => (seq.length ? `(${seq.join(', ')}, ${call})` : call) };
}

/** A call of a user function with the current mask; returns the lane expression of its result. */
export function compileCall(c: ExprCompiler, fn: IFunction, args: readonly IExpr[], retSlot: VarSym | null, type: CType): string {
  const h: CallArgs = c.host ? hostArgs(c, args) : { vals: args.map((a) => c.ex(a)), wrap: (call) => call };
  const temps = args.map((a, i) => c.temp(fn.params[i]?.type && isScalar(fn.params[i]!.type) ? fn.params[i]!.type : a.type));
  const first = h.wrap('0');
  if (args.length) c.pre.push(c.lanes((first !== '0' ? `${first}; ` : '') + temps.map((t, i) => `${t}[l] = ${h.vals[i]};`).join(' ')));
  const scalarRet = isScalar(type);
  const rv = scalarRet ? c.temp(type) : 'null';
  const rs = retSlot ? c.addrOf(retSlot) : '0';
  const callee = c.T.fnName(fn, c.host);
  const call = `${callee}(W, A, ${rv}, ${rs}${temps.map((t) => `, ${t}`).join('')})`;
  c.pre.push(c.T.isGen(fn, c.host) ? `yield* ${call};` : `${call};`);
  if (retSlot) return rs;
  return scalarRet ? `${rv}[l]` : '0';
}

/** A kernel launch from host code: the runtime's launch, which suspends host code while the grid runs. */
export function compileLaunch(c: ExprCompiler, e: IExpr & { k: 'launch' }): string {
  const g = c.ex(e.grid), b = c.ex(e.block), s = c.ex(e.sharedBytes), st = c.ex(e.stream);
  const h = hostArgs(c, e.args);
  const args = h.vals;
  const first = h.wrap('0');
  if (first !== '0') c.pre.push(c.lanes(`${first};`));
  c.pre.push(`if (A !== 0) { const l = 0; yield* RT.launch(FN[${c.T.fnIndex(e.kernel)}], RT.dim3(${g}), RT.dim3(${b}), Number(${s}), ${st}, [${args.join(', ')}], LOC[${c.T.locIndex(e.loc)}]); }`);
  return '0';
}
