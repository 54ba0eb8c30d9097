import type { IExpr } from '../check/ir.js';
import { isWide, type CType } from '../check/types.js';
import type { ExprCompiler } from './expr.js';
import { normInt, truthy } from './ops.js';

/*
 * The *_sync warp primitives: votes, shuffles, reductions and matches, compiled to warp code over
 * the active mask A. Each evaluates its mask per lane, as the hardware takes it from each thread.
 *
 * Lanes a mask names that are not active here (diverged away, exited, or past the block's last
 * thread) are undefined behaviour in CUDA; the H100 goldens (warp/mask_inactive_*,
 * warp/mask_src_outside) show they contribute nothing to votes and read as 0 through a shuffle,
 * and nothing faults. Warpscope does that, and the first time each call site does it, it tells
 * the user through RT.warpMask (a compiler-style warning and a listener event).
 */

/** Warp primitives this file compiles, by base name. */
export const WARP_PRIMITIVES: ReadonlySet<string> = new Set([
  '__ballot_sync', '__all_sync', '__any_sync', '__shfl_sync', '__shfl_up_sync', '__shfl_down_sync', '__shfl_xor_sync',
  '__reduce_add_sync', '__reduce_min_sync', '__reduce_max_sync', '__reduce_and_sync', '__reduce_or_sync', '__reduce_xor_sync',
  '__match_any_sync', '__match_all_sync',
]);

/** Code that evaluates each active lane's mask into `m` (an Int32Array-like temp) and collects the named-but-inactive lanes into `bad`. */
function maskLanes(c: ExprCompiler, mask: string, m: string, bad: string): string {
  return c.lanes(`const m_l = ${mask} | 0; ${m}[l] = m_l; ${bad} |= m_l & ~A;`);
}

/** A key that compares values as the hardware does, bit for bit: float -0 differs from 0 and equal NaNs match. */
function matchKey(t: CType, v: string): string {
  if (t.kind === 'float') return t.bits === 32 ? `MF.__float_as_int(${v})` : `RT.d2ll(${v})`;
  return v;
}

/** Compiles one warp primitive call to a lane expression (the warp work goes to c.pre). */
export function compileWarpPrimitive(c: ExprCompiler, e: IExpr & { k: 'intrinsic' }, base: string, args: readonly string[], loc: string): string {
  const u32 = { kind: 'int', bits: 32, signed: false, name: 'unsigned int' } as const;
  const a0 = args[0] ?? '0', a1 = args[1] ?? '0', a2 = args[2] ?? '0';
  const m = c.temp(u32);
  const bad = c.id('k');
  c.pre.push(`let ${bad} = 0;`, maskLanes(c, a0, m, bad));
  const note = (readers: string, sources: string, outside: string): string =>
    `if ((${bad} | ${readers} | ${outside}) !== 0) RT.warpMask(W, ${JSON.stringify(base)}, ${m}, ${bad}, ${readers}, ${sources}, ${outside}, A, ${loc});`;
  switch (base) {
    case '__ballot_sync': case '__all_sync': case '__any_sync': {
      // Each lane sees the votes of the active lanes its own mask names.
      const b = c.id('k');
      c.pre.push(`let ${b} = 0;`, c.lanes(`if (${truthy(e.args[1]!.type, a1)}) ${b} |= 1 << l;`), note('0', '0', '0'));
      if (base === '__ballot_sync') return `((${b} & ${m}[l]) >>> 0)`;
      if (base === '__any_sync') return `((${b} & ${m}[l] & A) !== 0 ? 1 : 0)`;
      return `((${b} & ${m}[l] & A) === (${m}[l] & A) ? 1 : 0)`;
    }
    case '__shfl_sync': case '__shfl_up_sync': case '__shfl_down_sync': case '__shfl_xor_sync': {
      const tv = c.temp(e.type), ts = c.temp(e.args[2]!.type), tw = c.temp(e.args[3]!.type), t = c.temp(e.type);
      // The hardware takes the lane, delta or xor mask from its low 5 bits (delta 40 moves by 8, as on the H100).
      c.pre.push(c.lanes(`${tv}[l] = ${a1}; ${ts}[l] = (${a2}) & 31; ${tw}[l] = ${args[3] ?? '32'};`));
      // The source lane within the caller's width-lane segment; up/down/xor leaving it keep their own value.
      const src = {
        __shfl_sync: `(l & ~(w_ - 1)) + (${ts}[l] & (w_ - 1))`,
        __shfl_up_sync: `(l - ${ts}[l] < (l & ~(w_ - 1)) ? l : l - ${ts}[l])`,
        __shfl_down_sync: `(l + ${ts}[l] >= (l & ~(w_ - 1)) + w_ ? l : l + ${ts}[l])`,
        __shfl_xor_sync: `((l ^ ${ts}[l]) >= (l & ~(w_ - 1)) + w_ ? l : l ^ ${ts}[l])`,
      }[base];
      const rd = c.id('k'), srcs = c.id('k'), out = c.id('k');
      const zero = isWide(e.type) ? '0n' : '0';
      c.pre.push(`let ${rd} = 0, ${srcs} = 0, ${out} = 0;`);
      // An inactive source lane has no value to give: the H100 reads 0. A source outside the reader's mask is read all the same.
      c.pre.push(c.lanes(`const w_ = ${tw}[l]; const s_ = (${src}) & 31; if (((A >>> s_) & 1) === 0) { ${t}[l] = ${zero}; ${rd} |= 1 << l; ${srcs} |= 1 << s_; } else { ${t}[l] = ${tv}[s_]; if (((${m}[l] >>> s_) & 1) === 0) { ${out} |= 1 << l; ${srcs} |= 1 << s_; } }`));
      c.pre.push(note(rd, srcs, out));
      if (c.T.instrument) c.pre.push(`if (O !== null && O.warpOp !== undefined) O.warpOp(W, ${JSON.stringify(base)}, A);`);
      return `${t}[l]`;
    }
    case '__reduce_add_sync': case '__reduce_min_sync': case '__reduce_max_sync': case '__reduce_and_sync': case '__reduce_or_sync': case '__reduce_xor_sync': {
      const tv = c.temp(e.type);
      const t = c.temp(e.type);
      const op = base.slice(9, -5);
      const comb = op === 'add' ? 'r_ + v_' : op === 'min' ? '(v_ < r_ ? v_ : r_)' : op === 'max' ? '(v_ > r_ ? v_ : r_)' : `r_ ${op === 'and' ? '&' : op === 'or' ? '|' : '^'} v_`;
      const init = op === 'min' ? 'Infinity' : op === 'max' ? '-Infinity' : op === 'and' ? '-1' : '0';
      // Each lane reduces over the active lanes its mask names.
      c.pre.push(c.lanes(`${tv}[l] = ${a1};`), note('0', '0', '0'),
        c.lanes(`let r_ = ${init}; for (let q_ = ${m}[l] & A; q_ !== 0; q_ &= q_ - 1) { const v_ = ${tv}[31 - Math.clz32(q_ & -q_)]; r_ = ${comb}; } ${t}[l] = ${normInt(e.type, 'r_')};`));
      return `${t}[l]`;
    }
    case '__match_any_sync': case '__match_all_sync': {
      const vt = e.args[1]!.type;
      // A double's key is its 64-bit pattern, a bigint.
      const tv = c.temp(vt.kind === 'float' && vt.bits === 64 ? { kind: 'int', bits: 64, signed: true, name: 'long long' } : vt), t = c.temp(e.type);
      c.pre.push(c.lanes(`${tv}[l] = ${matchKey(vt, a1)};`), note('0', '0', '0'));
      if (base === '__match_any_sync') {
        c.pre.push(c.lanes(`let r_ = 0; for (let q_ = ${m}[l] & A; q_ !== 0; q_ &= q_ - 1) { const j = 31 - Math.clz32(q_ & -q_); if (${tv}[j] === ${tv}[l]) r_ |= 1 << j; } ${t}[l] = r_ >>> 0;`));
        return `${t}[l]`;
      }
      // __match_all_sync: the mask when every lane it names holds the same value, else 0; *pred says which.
      const pred = e.args[2]!.type.kind === 'pointer' ? e.args[2]!.type.to : u32;
      c.pre.push(c.lanes(`const q0_ = ${m}[l] & A; let same_ = true; for (let q_ = q0_; q_ !== 0; q_ &= q_ - 1) if (${tv}[31 - Math.clz32(q_ & -q_)] !== ${tv}[l]) same_ = false; ${t}[l] = same_ ? ${m}[l] >>> 0 : 0; const a_ = ${a2}; ${c.store('a_', pred, 'generic', 'same_ ? 1 : 0')}`));
      return `${t}[l]`;
    }
  }
  return `RT.unimplemented(${JSON.stringify(base)})`;
}
