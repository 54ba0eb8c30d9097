import type { IExpr, IStmt, Target, VarSym } from '../check/ir.js';
import { hasDeviceMath } from './intrinsics.js';

/*
 * Which loops generated code probes for spinning (exec/spin.ts): loops whose iterations change
 * nothing but registers. Such a loop, run with memory nobody else changes, leaves or not
 * depending only on the registers its exits read; once those repeat, it never leaves.
 */

/** A loop that writes only registers: the register variables it assigns that its exits depend on. */
export interface SpinLoop {
  readonly vars: readonly VarSym[];
}

/** Device built-ins a spin loop may call: they compute from their operands and the warp's lanes, and write nothing (clock() counts steps, so it is not one). */
const SPIN_SAFE = new Set(['min', 'max', 'abs', 'labs', 'llabs', 'isnan', 'isinf', 'isfinite', 'signbit', '__popc', '__popcll', '__clz', '__clzll', '__ffs', '__ffsll',
  '__brev', '__brevll', '__double_as_longlong', '__longlong_as_double', '__syncwarp', '__threadfence', '__threadfence_block', '__threadfence_system', '__nanosleep', '__activemask']);
/**
 * Host calls a spin loop may make: they only append to stdout (printf's %s reads memory, which the
 * loop does not change; %n is refused where it runs), so a loop printing the same state forever
 * (`for (t = 0; t < 64; t++) printf("%d\n", t = 8);`) is caught instead of printing for minutes.
 */
const HOST_OUTPUT = new Set(['printf', 'puts', 'putchar']);
const WARP_READS = /^(__shfl|__ballot|__all_sync|__any_sync|__uni_sync)/;

/** One expression of the loop and whether it decides where lanes go (a condition). */
interface Part {
  readonly e: IExpr;
  readonly cond: boolean;
}

/**
 * The loop as a spin loop, or null when an iteration may write memory, call a function or read a
 * clock. `isReg` tells the variables kept in registers (everything else lives in memory).
 */
export function spinLoop(loop: IStmt & { k: 'loop' }, isReg: (v: VarSym) => boolean, host: boolean): SpinLoop | null {
  const parts: Part[] = [];
  const inits: { v: VarSym; value: IExpr | null }[] = [];
  let ok = true;
  const st = (s: IStmt): void => {
    switch (s.k) {
      case 'expr': parts.push({ e: s.e, cond: false }); return;
      case 'init':
        if (s.v.storage !== 'auto') return;
        if (!isReg(s.v) || s.stores.length > 0 || s.zeroFill) ok = false;
        inits.push({ v: s.v, value: s.value });
        if (s.value) parts.push({ e: s.value, cond: false });
        return;
      case 'block': s.body.forEach(st); return;
      case 'if': parts.push({ e: s.cond, cond: true }); st(s.then); if (s.else) st(s.else); return;
      case 'loop': if (s.init) st(s.init); if (s.cond) parts.push({ e: s.cond, cond: true }); if (s.step) parts.push({ e: s.step, cond: false }); st(s.body); return;
      case 'switch': parts.push({ e: s.cond, cond: true }); s.body.forEach(st); return;
      case 'return': if (s.value) parts.push({ e: s.value, cond: false }); return;
      default: return;
    }
  };
  if (loop.cond) parts.push({ e: loop.cond, cond: true });
  if (loop.step) parts.push({ e: loop.step, cond: false });
  st(loop.body);
  if (!ok || !parts.every((p) => pure(p.e, isReg, host))) return null;
  const reads = parts.map((p) => varsOf(p.e, false));
  const writes = parts.map((p) => varsOf(p.e, true));
  const assigned = new Set([...writes.flatMap((w) => [...w]), ...inits.map((i) => i.v)]);
  // What the exits depend on: every condition's variables, then whatever feeds a variable already in.
  const need = new Set(parts.flatMap((p, i) => (p.cond ? [...reads[i]!] : [])));
  for (let grew = true; grew; ) {
    grew = false;
    const add = (vs: Iterable<VarSym>): void => {
      for (const v of vs) if (!need.has(v)) need.add(v), (grew = true);
    };
    parts.forEach((_, i) => [...writes[i]!].some((v) => need.has(v)) && add(reads[i]!));
    for (const i of inits) if (need.has(i.v) && i.value) add(varsOf(i.value, false));
  }
  return { vars: [...need].filter((v) => assigned.has(v) && isReg(v)) };
}

/** True when evaluating `e` writes no memory, calls no function and reads no clock. */
function pure(e: IExpr, isReg: (v: VarSym) => boolean, host: boolean): boolean {
  const p = (x: IExpr): boolean => pure(x, isReg, host);
  const tgt = (t: Target): boolean => t.k === 'var' && isReg(t.v);
  switch (e.k) {
    case 'const': case 'var': case 'varAddr': case 'builtin': return true;
    case 'load': return p(e.addr);
    case 'unary': case 'convert': return p(e.arg);
    case 'arith': case 'compare': case 'logical': case 'comma': case 'ptrDiff': return p(e.left) && p(e.right);
    case 'ptrAdd': return p(e.ptr) && p(e.index);
    case 'cond': return p(e.cond) && p(e.then) && p(e.else);
    case 'assign': return tgt(e.target) && p(e.value);
    case 'incdec': return tgt(e.target);
    case 'intrinsic': {
      const base = e.name.split(':')[0]!;
      if (host) return HOST_OUTPUT.has(base) && e.args.every(p);
      return (SPIN_SAFE.has(base) || WARP_READS.test(base) || hasDeviceMath(base)) && e.args.every(p);
    }
    default: return false;
  }
}

/** The variables `e` reads (`written` false) or assigns (true). */
function varsOf(e: IExpr, written: boolean): Set<VarSym> {
  const out = new Set<VarSym>();
  const walk = (x: IExpr): void => {
    switch (x.k) {
      case 'var': if (!written) out.add(x.v); return;
      case 'assign': case 'incdec':
        if (x.target.k === 'var') {
          // A compound assignment or ++ reads its variable too.
          if (written || x.k === 'incdec' || x.op !== undefined) out.add(x.target.v);
        } else walk(x.target.addr);
        if (x.k === 'assign') walk(x.value);
        return;
      case 'load': walk(x.addr); return;
      case 'unary': case 'convert': walk(x.arg); return;
      case 'arith': case 'compare': case 'logical': case 'comma': case 'ptrDiff': walk(x.left); walk(x.right); return;
      case 'ptrAdd': walk(x.ptr); walk(x.index); return;
      case 'cond': walk(x.cond); walk(x.then); walk(x.else); return;
      case 'intrinsic': x.args.forEach(walk); return;
      default: return;
    }
  };
  walk(e);
  return out;
}
