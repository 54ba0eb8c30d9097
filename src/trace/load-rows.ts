import type { WarpCtx } from '../engine/exec/warp.js';
import type { EffectColumns } from './codec.js';
import { EFFECT } from './schema.js';
import { ACCESS_VALUES } from '../engine/compile/runtime.js';

/*
 * Device loads waiting to become effect rows. The engine runs an expression lane by lane, so a
 * statement with two loads reports lane 0's first and second load, then lane 1's, and so on:
 * one open row at a time split such a statement into a row per lane or two (`s[t] += s[t + k]`
 * made 33 rows of a warp instruction's 64 loads). Each load instead joins the first pending row
 * of its warp, step, space and size whose last lane is below its own, which puts a warp
 * instruction's lanes back into one row. Loads change no state, so only their order against
 * other effects matters: the writer drains the pending rows before any other effect row.
 */

/** Rows a statement may have pending at once; a fifth load instruction drains the first four. */
const SLOTS = 4;

/** Device loads not yet written as rows, grouped by warp instruction. */
export class PendingLoads {
  /** Rows pending. */
  n = 0;
  private readonly warps: (WarpCtx | null)[] = new Array<WarpCtx | null>(SLOTS).fill(null);
  private readonly step = new Float64Array(SLOTS);
  /** Per slot: launch, block and warp index, taken when the row opens (the warp context may run another block by the drain). */
  private readonly ids = new Uint32Array(SLOTS * 3);
  private readonly space = new Uint8Array(SLOTS);
  private readonly size = new Uint8Array(SLOTS);
  private readonly last = new Int8Array(SLOTS);
  private readonly mask = new Int32Array(SLOTS);
  private readonly addrs = new Float64Array(SLOTS * 32);

  /** Adds `lane`'s load (its address in ACCESS_VALUES[0], not an argument: see Observer.accessValues) to a pending row it continues; false when none does (open() one). */
  join(W: WarpCtx, step: number, space: number, size: number, lane: number): boolean {
    for (let s = 0; s < this.n; s++) {
      if (this.warps[s] !== W || this.last[s]! >= lane || this.step[s] !== step || this.space[s] !== space || this.size[s] !== size) continue;
      this.addrs[s * 32 + lane] = ACCESS_VALUES[0]!;
      this.mask[s]! |= 1 << lane;
      this.last[s] = lane;
      return true;
    }
    return false;
  }

  /** Whether every slot holds a row (drain before open()). */
  get full(): boolean {
    return this.n === SLOTS;
  }

  /** A new pending row with `lane`'s load (its address in ACCESS_VALUES[0]). */
  open(W: WarpCtx, step: number, launch: number, block: number, space: number, size: number, lane: number): void {
    const s = this.n++;
    this.warps[s] = W;
    this.step[s] = step;
    this.ids[3 * s] = launch;
    this.ids[3 * s + 1] = block;
    this.ids[3 * s + 2] = W.id;
    this.space[s] = space;
    this.size[s] = size;
    this.last[s] = lane;
    this.mask[s] = 1 << lane;
    this.addrs[s * 32 + lane] = ACCESS_VALUES[0]!;
  }

  /**
   * Writes the pending rows in the order they opened, each a load row with its lanes' addresses
   * as values; `room` returns the columns to write into, sending full ones first. Returns the rows written.
   */
  drain(room: () => EffectColumns): number {
    const rows = this.n;
    for (let s = 0; s < rows; s++) {
      const f = room();
      const i = f.n;
      const m = this.mask[s]!;
      const first = 31 - Math.clz32(m & -m);
      f.step[i] = this.step[s]!;
      f.kind[i] = EFFECT.load;
      f.launch[i] = this.ids[3 * s]!;
      f.block[i] = this.ids[3 * s + 1]!;
      f.warp[i] = this.ids[3 * s + 2]!;
      f.lane[i] = first;
      f.tags[i] = 0;
      f.size[i] = this.size[s]!;
      f.space[i] = this.space[s]!;
      f.address[i] = this.addrs[s * 32 + first]!;
      f.neu[2 * i] = m >>> 0;
      f.neu[2 * i + 1] = f.nv;
      let at = f.nv;
      for (let k = m; k !== 0; k &= k - 1) f.values[at++] = this.addrs[s * 32 + 31 - Math.clz32(k & -k)]!;
      f.nv = at;
      f.n = i + 1;
      this.warps[s] = null;
    }
    this.n = 0;
    return rows;
  }
}
