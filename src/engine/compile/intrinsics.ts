import type { IExpr } from '../check/ir.js';
import { isWide } from '../check/types.js';
import type { ExprCompiler } from './expr.js';
import { hostArgs } from './calls.js';
import { canonNaN, normInt, truthy } from './ops.js';
import { MATH } from './devmath.js';
import { CONVERSIONS } from '../lib/cvt.js';
import { compileCg, isCgIntrinsic } from './cg.js';
import { isResumableHostCall } from '../exec/env.js';
import { WARP_PRIMITIVES, compileWarpPrimitive } from './warp-intrinsics.js';

/** True when a device math built-in has an implementation. */
export function hasDeviceMath(base: string): boolean {
  return Object.prototype.hasOwnProperty.call(MATH, base) && /^[A-Za-z_]\w*$/.test(base);
}

/*
 * Device built-ins by their builtins.ts keys. Pure ones (math, bit tricks, min/max) compile to
 * inline lane expressions; warp-level ones (atomics in lane order, votes, shuffles, barriers,
 * printf) compile to warp code over the active mask. Host built-ins all go to HostEnv.intrinsic.
 */

const PURE_EXTRA = new Set(['__popc', '__popcll', '__clz', '__clzll', '__ffs', '__ffsll', '__brev', '__brevll', 'clock', 'clock64',
  '__double_as_longlong', '__longlong_as_double', 'labs', 'llabs', '__threadfence', '__threadfence_block', '__threadfence_system', '__nanosleep']);
const IMPURE = /^(atomic|__sync|__shfl|__ballot|__all|__any|__activemask|__match|__reduce|printf|malloc|free|memset|memcpy|assert|__assert|cg\.)/;

/** True when a device built-in has no cross-lane effect (it can be evaluated inside a fused lane loop). */
export function isPureIntrinsic(key: string): boolean {
  return PURE_EXTRA.has(key) || !IMPURE.test(key);
}

/** Compiles an intrinsic call to a lane expression (warp work goes to c.pre). */
export function compileIntrinsic(c: ExprCompiler, e: IExpr & { k: 'intrinsic' }): string {
  const loc = `LOC[${c.T.locIndex(e.loc)}]`;
  if (c.host) {
    const h = hostArgs(c, e.args);
    const call = `(${JSON.stringify(e.name)}, [${h.vals.join(', ')}], TY[${c.T.typesIndex(e.args.map((a) => a.type))}], ${loc})`;
    if (!isResumableHostCall(e.name)) return h.wrap(`RT.hi${call}`);
    // A CUDA runtime call may run queued kernels inside it (a generator), so it is a statement of its own.
    const t = c.temp(e.type);
    c.pre.push(c.lanes(`${h.wrap('0')}; ${t}[l] = yield* RT.hg${call};`));
    return `${t}[l]`;
  }
  const args = e.args.map((a) => c.ex(a));
  if (isCgIntrinsic(e.name)) return compileCg(c, e, args, loc);
  const [base, code] = e.name.split(':') as [string, string | undefined];
  const a0 = args[0] ?? '0', a1 = args[1] ?? '0', a2 = args[2] ?? '0';
  const wide = code === 'i64' || code === 'u64';
  switch (base) {
    case 'min':
    case 'max':
      if (code === 'f32') return `DM.${base === 'min' ? 'fminf' : 'fmaxf'}(${a0}, ${a1})`;
      if (code === 'f64') return `DM.${base === 'min' ? 'fmin' : 'fmax'}(${a0}, ${a1})`;
      return `(${a0} ${base === 'min' ? '<' : '>'} ${a1} ? ${a0} : ${a1})`;
    case 'abs':
    case 'labs':
    case 'llabs':
      if (wide || base !== 'abs') return `BigInt.asIntN(64, ${a0} < 0n ? -${a0} : ${a0})`;
      return `(Math.abs(${a0}) | 0)`;
    case 'isnan': case 'isinf': case 'isfinite': case 'signbit':
      return `DM.${base}(${a0})`;
    case 'lround': case 'llround': case 'lroundf': case 'llroundf':
      return `RT.roundToI64(${a0}, false)`;
    case 'lrint': case 'llrint': case 'lrintf': case 'llrintf':
      return `RT.roundToI64(${a0}, true)`;
    case '__popc': return `RT.popc(${a0})`;
    case '__popcll': return `RT.popc64(${a0})`;
    case '__clz': return `Math.clz32(${a0})`;
    case '__clzll': return `RT.clz64(${a0})`;
    case '__ffs': return `(${a0} === 0 ? 0 : 32 - Math.clz32(${a0} & -${a0}))`;
    case '__ffsll': return `RT.ffs64(${a0})`;
    case '__brev': return `RT.brev(${a0})`;
    case '__brevll': return `RT.brev64(${a0})`;
    case '__mul64hi': return `BigInt.asIntN(64, (${a0} * ${a1}) >> 64n)`;
    case '__umul64hi': return `BigInt.asUintN(64, (${a0} * ${a1}) >> 64n)`;
    case '__ldg': return c.load(a0, e.type, 'generic');
    case '__double_as_longlong': return `RT.d2ll(${a0})`;
    case '__longlong_as_double': return `RT.ll2d(${a0})`;
    case 'clock': return `(W.S.n * 4 | 0)`;
    case 'clock64': return `BigInt(W.S.n * 4)`;
    case '__syncwarp': {
      // Lockstep warps need nothing to sync; an observer (racecheck, synccheck) still hears which lanes synced with which masks.
      if (!c.T.instrument) return '0';
      const m = c.temp({ kind: 'int', bits: 32, signed: false, name: 'unsigned int' });
      c.pre.push(c.lanes(`${m}[l] = ${e.args.length > 0 ? `(${a0}) | 0` : '-1'};`), `if (O !== null && O.warpSync !== undefined) O.warpSync(W, A, ${m}, ${loc});`);
      return '0';
    }
    case '__threadfence': case '__threadfence_block': case '__threadfence_system':
      // A fence orders nothing in a simulator that runs one warp at a time; racecheck still hears each lane's, to count its earlier global accesses as published.
      if (!c.T.instrument) return '0';
      return `(O !== null && O.fence !== undefined ? (O.fence(W, l, ${JSON.stringify(base === '__threadfence_block' ? 'block' : 'device')}), 0) : 0)`;
    case '__nanosleep':
      return '0';
    case '__syncthreads': case '__syncthreads_count': case '__syncthreads_and': case '__syncthreads_or': {
      const kind = { __syncthreads: 0, __syncthreads_count: 1, __syncthreads_and: 2, __syncthreads_or: 3 }[base];
      const p = c.id('k');
      c.pre.push(`let ${p} = 0;`);
      if (kind !== 0) c.pre.push(c.lanes(`if (${truthy(e.args[0]!.type, a0)}) ${p} |= 1 << l;`));
      c.pre.push(`W.barMask = A; W.barPred = ${p}; W.barKind = ${kind}; W.barLoc = ${loc}; yield 1;`);
      return kind === 0 ? '0' : 'W.barResult';
    }
    case '__activemask':
      return '(A >>> 0)';
    case 'printf': {
      const t = c.temp(e.type);
      c.pre.push(c.lanes(`${t}[l] = RT.dprintf(W, [${args.join(', ')}], TY[${c.T.typesIndex(e.args.map((a) => a.type))}], l);`));
      return `${t}[l]`;
    }
    case 'assert': case '__assert_fail': case '__assertfail': {
      // Every lane of the warp runs the assert before the trap: each failing one prints its line,
      // in lane order, as an H100 does; then the warp stops, blaming the first.
      const f = c.id('f');
      c.pre.push(`let ${f} = -1;`, c.lanes(`if (RT.dassert(W, ${JSON.stringify(base)}, [${args.join(', ')}], l, ${loc}) && ${f} < 0) ${f} = l;`), `if (${f} >= 0) RT.dassertTrap(${f});`);
      return '0';
    }
    case 'malloc': case 'free': case 'memset': case 'memcpy': {
      const t = c.temp(e.type.kind === 'void' ? { kind: 'int', bits: 32, signed: true, name: 'int' } : e.type);
      c.pre.push(c.lanes(`${t}[l] = RT.dlib(${JSON.stringify(base)}, [${args.join(', ')}], l);`));
      return `${t}[l]`;
    }
  }
  if (Object.prototype.hasOwnProperty.call(CONVERSIONS, base)) return `RT.CVT.${base}(${a0})`;
  if (WARP_PRIMITIVES.has(base)) return compileWarpPrimitive(c, e, base, args, loc);
  if (base.startsWith('atomic')) return atomic(c, e, base, args);
  // Math and reinterpretation functions, bound once per module (MF) so the lane loop calls them directly.
  if (!hasDeviceMath(base)) return `RT.unimplemented(${JSON.stringify(base)})`;
  const call = `MF.${base}(${args.join(', ')})`;
  // Bit reinterpretations and sign operations keep their NaN's bits; computed results are canonical.
  return /as_float|as_double|hiloint|fabs|copysign/.test(base) ? call : canonNaN(e.type, call, false);
}

function atomic(c: ExprCompiler, e: IExpr & { k: 'intrinsic' }, base: string, args: string[]): string {
  const t = c.temp(e.type);
  const ty = e.type;
  const w = isWide(ty);
  const one = w ? '1n' : '1';
  const zero = w ? '0n' : '0';
  const v = args[1]!;
  const add = (x: string, y: string, op: string): string => (ty.kind === 'float' ? (ty.bits === 32 ? `Math.fround(${x} ${op} ${y})` : `(${x} ${op} ${y})`) : normInt(ty, `(${x} ${op} ${y})`));
  const nv: Record<string, string> = {
    atomicAdd: add('o_', 'v_', '+'),
    atomicSub: add('o_', 'v_', '-'),
    atomicExch: 'v_',
    atomicMin: '(v_ < o_ ? v_ : o_)',
    atomicMax: '(v_ > o_ ? v_ : o_)',
    atomicInc: `(o_ >= v_ ? ${zero} : ${add('o_', one, '+')})`,
    atomicDec: `(o_ === ${zero} || o_ > v_ ? v_ : ${add('o_', one, '-')})`,
    atomicAnd: normInt(ty, '(o_ & v_)'),
    atomicOr: normInt(ty, '(o_ | v_)'),
    atomicXor: normInt(ty, '(o_ ^ v_)'),
    atomicCAS: `(o_ === v_ ? ${args[2]} : o_)`,
  };
  const upd = nv[base];
  if (!upd) return `RT.unimplemented(${JSON.stringify(e.name)})`;
  const [ld, st] = c.atomicAccess(() => [c.load('a_', ty, 'generic'), c.store('a_', ty, 'generic', upd)]);
  // Instrumented code marks the atomic's own load and store (RT.ia) so observers can tell them from the operand's loads.
  const [on, off] = c.T.instrument ? ['RT.ia = 1; ', ' RT.ia = 0;'] : ['', ''];
  c.pre.push(c.lanes(`const a_ = ${args[0]}; const v_ = ${v}; ${on}const o_ = ${ld}; ${t}[l] = o_; ${st}${off}`));
  // A trace marks the load/store pairs just reported as one atomic operation of these lanes.
  if (c.T.instrument) c.pre.push(`if (O !== null && O.warpOp !== undefined) O.warpOp(W, ${JSON.stringify(base)}, A);`);
  return `${t}[l]`;
}
