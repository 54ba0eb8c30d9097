import type { IExpr } from '../check/ir.js';
import type { CType } from '../check/types.js';
import { isWide, uintType } from '../check/types.js';
import { BLOCK_ID, CG_OPS, type CgOp } from '../check/cg-types.js';
import type { ExprCompiler } from './expr.js';
import { arith } from './ops.js';

/*
 * The cooperative-groups intrinsics check/cg.ts emits where no warp built-in does the job
 * (everything else a group does is __shfl_sync, __ballot_sync, __syncthreads... with the
 * group's lane mask). Each runs over the warp's active lanes A; `l` is a thread's lane.
 */

/** True for the intrinsic keys this file compiles. */
export function isCgIntrinsic(key: string): boolean {
  return key.startsWith('cg.');
}

/** True for the cooperative-groups intrinsics that may wait at the block barrier (their function must be able to suspend). */
export function isCgBarrier(key: string): boolean {
  return key === 'cg.sync';
}

/** Compiles one cg.* intrinsic to a lane expression (the warp work goes to c.pre). */
export function compileCg(c: ExprCompiler, e: IExpr & { k: 'intrinsic' }, args: readonly string[], loc: string): string {
  const [a0, a1, a2, a3, a4] = [0, 1, 2, 3, 4].map((i) => args[i] ?? '0') as [string, string, string, string, string];
  switch (e.name) {
    case 'cg.sync': {
      // thread_block::sync() (and thread_group::sync() of a block) is `barrier.sync 0`, not __syncthreads'
      // `.aligned` form: threads arrive one by one, so lanes of the warp that diverged away do not hold the
      // barrier up (they arrive or exit on their own path; the H100 finishes seeds/cg_listing9_divergent).
      // They count as arrived here. A tile's or coalesced group's sync is __syncwarp, a no-op in lockstep.
      const k = c.id('k');
      c.pre.push(`let ${k} = 0;`, c.lanes(`if ((${a0}) === ${BLOCK_ID}) ${k} |= 1 << l;`));
      if (c.T.instrument) {
        // An observer (racecheck, synccheck) hears a tile's sync as the __syncwarp it is, each lane naming itself.
        const m = c.temp(uintType);
        c.pre.push(c.lanes(`${m}[l] = -1;`), `if (O !== null && O.warpSync !== undefined && (A & ~${k}) !== 0) O.warpSync(W, A & ~${k}, ${m}, ${loc});`);
      }
      c.pre.push(`if (${k} !== 0) { W.barMask = ${k} | (W.lanes & ~W.exited & ~A); W.barPred = 0; W.barKind = 0; W.barLoc = ${loc}; yield 1; }`);
      return '0';
    }
    case 'cg.pack': {
      // Bit k of the result is the bit of the group's k-th lane (CUDA's _packLanes; a tile's ballot >> its first lane).
      const t = c.temp(uintType);
      c.pre.push(c.lanes(`{ const b_ = ${a0}; let r_ = 0, k_ = 0; for (let q_ = ${a1} | 0; q_ !== 0; q_ &= q_ - 1) { if (b_ & q_ & -q_) r_ |= 1 << k_; k_++; } ${t}[l] = r_ >>> 0; }`));
      return `${t}[l]`;
    }
    case 'cg.rankLane': {
      // The lane of the member with rank a1 (__fns); past the ends: the own lane (shfl_up/down) or 31 (shfl's __fns of -1, masked by the shuffle).
      const t = c.temp(e.type);
      c.pre.push(c.lanes(`{ let n_ = ${a1}; let r_ = -1; if (n_ >= 0) for (let q_ = ${a0} | 0; q_ !== 0; q_ &= q_ - 1) { if (n_-- === 0) { r_ = 31 - Math.clz32(q_ & -q_); break; } } ${t}[l] = r_ >= 0 ? r_ : (${a2}) ? l : 31; }`));
      return `${t}[l]`;
    }
    case 'cg.partMask': {
      // tiled_partition(parent, n): a block's tiles are n consecutive lanes (the warp's last one cut at the block's end);
      // a coalesced parent's are its members of ranks [rank & ~(n-1), +n).
      const t = c.temp(uintType);
      const bad = JSON.stringify('tiled_partition into a size that is not a power of two up to 32 (the GPU aborts the kernel)');
      c.pre.push(c.lanes(`{ const n_ = ${a4} >>> 0; if (n_ === 0 || n_ > 32 || (n_ & (n_ - 1)) !== 0) RT.unimplemented(${bad}); const r_ = ${a1} >>> 0; const b_ = r_ - (r_ & (n_ - 1)); let m2_ = 0;
        if ((${a0}) === ${BLOCK_ID}) { const len_ = Math.min(${a2} - b_, n_); m2_ = (-1 >>> (32 - len_)) << (l & ~(n_ - 1)); }
        else { let k_ = 0; for (let q_ = ${a3} | 0; q_ !== 0; q_ &= q_ - 1) { if (k_ >= b_ && k_ < b_ + n_) m2_ |= q_ & -q_; k_++; } }
        ${t}[l] = m2_ >>> 0; }`));
      return `${t}[l]`;
    }
    case 'cg.reduce':
      return reduce(c, e, a2, a3);
  }
  return `RT.unimplemented(${JSON.stringify(e.name)})`;
}

/** JS for `op(a, b)` in type t, as cooperative_groups' functors compute it. */
function combine(op: CgOp, t: CType, a: string, b: string): string {
  switch (op) {
    case 'plus': return arith('+', t, a, b, false);
    case 'less': return `(${b} < ${a} ? ${b} : ${a})`;
    case 'greater': return `(${a} < ${b} ? ${b} : ${a})`;
    case 'bit_and': return arith('&', t, a, b, false);
    case 'bit_or': return arith('|', t, a, b, false);
    case 'bit_xor': return arith('^', t, a, b, false);
  }
}

function constArg(e: IExpr | undefined): number {
  if (!e || e.k !== 'const') throw new Error('internal: cg.reduce needs constant operands');
  return Number(e.value);
}

/**
 * cg::reduce in the order CUDA 13's headers combine values, so float sums round as on the GPU:
 * a thread_block_tile<N> swaps halves with shfl_xor (N/2, ..., 1); a coalesced group of 2^k
 * members reduces with shfl_down to rank 0, any other size scans (Hillis-Steele) up to the last
 * rank; every member gets the result. (Integer sums go through redux.sync on sm_90; any order
 * gives the same integers.)
 */
function reduce(c: ExprCompiler, e: IExpr & { k: 'intrinsic' }, mask: string, value: string): string {
  const op = CG_OPS[constArg(e.args[0])]!;
  const tile = constArg(e.args[1]);
  const t = e.type;
  const f = c.id('f');
  const tv = c.temp(t);
  c.pre.push(`const ${f} = (a_, b_) => ${combine(op, t, 'a_', 'b_')};`);
  // Lanes outside the active mask read as 0 through a shuffle (what the H100 showed for the warp primitives).
  c.pre.push(`${tv}.fill(${isWide(t) ? '0n' : '0'});`, c.lanes(`${tv}[l] = ${value};`));
  if (tile > 0) {
    const tw = c.temp(t);
    c.pre.push(`for (let s_ = ${tile >> 1}; s_ > 0; s_ >>= 1) { for (let j_ = 0; j_ < 32; j_++) ${tw}[j_] = ${f}(${tv}[j_], ${tv}[j_ ^ s_]); for (let j_ = 0; j_ < 32; j_++) ${tv}[j_] = ${tw}[j_]; }`);
    return `${tv}[l]`;
  }
  const tm = c.temp(uintType);
  const res = c.temp(t);
  c.pre.push(c.lanes(`${tm}[l] = ${mask};`));
  c.pre.push(`{ let d_ = 0; for (let q_ = A; q_ !== 0; q_ &= q_ - 1) { const l0_ = 31 - Math.clz32(q_ & -q_); if (d_ & (1 << l0_)) continue;
    const M_ = (${tm}[l0_] | (1 << l0_)) & A; d_ |= M_; const L_ = []; for (let p_ = M_; p_ !== 0; p_ &= p_ - 1) L_.push(31 - Math.clz32(p_ & -p_));
    let v_ = L_.map((j_) => ${tv}[j_]); const n_ = v_.length; let out_;
    if ((n_ & (n_ - 1)) === 0) { for (let o_ = n_ >> 1; o_ > 0; o_ >>= 1) { const w_ = v_; v_ = w_.map((x_, k_) => ${f}(x_, k_ + o_ < n_ ? w_[k_ + o_] : x_)); } out_ = v_[0]; }
    else { for (let i_ = 1; i_ < n_; i_ <<= 1) { const w_ = v_; v_ = w_.map((x_, k_) => (k_ >= i_ ? ${f}(x_, w_[k_ - i_]) : x_)); } out_ = v_[n_ - 1]; }
    for (const j_ of L_) ${res}[j_] = out_; } }`);
  return `${res}[l]`;
}
