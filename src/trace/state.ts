import { Pages, PAGE_BYTES } from './pages.js';
import type { EffectView, StepView } from './codec.js';
import { EFFECT, UNIFORM, VALUE_TAG } from './schema.js';
import { bitsToBytes } from './bits.js';
import { RegTable, type RegLanes, type RegValue, laneValue } from './reg-table.js';
import { WarpTable } from './warp-table.js';

export { RegSlab, LANES_BYTES, laneTag, laneValue, type RegLanes, type RegValue } from './reg-table.js';

/*
 * The machine as it was before a given step: memory of every space, register variables, each
 * warp's position and call stack. It only moves forward (apply); going back means starting from
 * an earlier checkpoint, which is just a serialized MachineState.
 */

/** A lane mask naming every lane of a warp. */
const FULL = 0xffffffff;

/** Writes a register row that names all 32 lanes: straight copies, the common case of a converged warp. */
function putAllLanes(e: EffectView, at: number, valueTag: number, uniform: boolean, lanes: RegLanes): void {
  const { f, i: ints, u32 } = lanes.slab;
  const v0 = lanes.base >> 3;
  // Loops, not fill(): a builtin call for 32 elements costs more than the stores (a replay makes one per row).
  if (uniform) {
    if (valueTag === VALUE_TAG.bigint) ints.fill(e.valuesI[at]!, v0, v0 + 32);
    else {
      const v = valueTag === VALUE_TAG.int32 ? e.valuesI32[2 * at]! : e.values[at]!;
      for (let l = 0; l < 32; l++) f[v0 + l] = v;
    }
  } else if (valueTag === VALUE_TAG.bigint) {
    const src = e.valuesI;
    for (let l = 0; l < 32; l++) ints[v0 + l] = src[at + l]!;
  } else if (valueTag === VALUE_TAG.int32) {
    const src = e.valuesI32;
    const k = 2 * at;
    for (let l = 0; l < 32; l++) f[v0 + l] = src[k + l]!;
  } else {
    const src = e.values;
    for (let l = 0; l < 32; l++) f[v0 + l] = src[at + l]!;
  }
  // The 32 tag bytes as 8 words (a row's tags start 8-byte aligned: base + 256).
  const word = valueTag === VALUE_TAG.bigint ? 0x02020202 : 0x01010101;
  const w0 = (lanes.base + 256) >> 2;
  for (let k = 0; k < 8; k++) u32[w0 + k] = word;
}

/** One activation on a warp's call stack. */
export interface FrameState {
  readonly fn: number;
  readonly fp: number;
}

/** Where a warp (or the host thread) is: its latest statement and call stack. */
export interface WarpState {
  /** The step of its latest statement. */
  step: number;
  mask: number;
  loc: number;
  exited: number;
  frames: FrameState[];
  /** The launch's epoch (LaunchState.epoch) when it last moved: its launch's warpsDirty holds it while they are equal. */
  mark: number;
}

/** State that lives only while one launch runs: shared memory per block, local memory and registers per thread, warps. */
export interface LaunchState {
  readonly id: number;
  readonly shared: Map<number, Pages>;
  readonly local: Map<number, Pages>;
  /** By warp key, then fnVar: a register variable's lanes (a warp's threads share one entry, which keeps checkpoints small). */
  readonly regs: RegTable;
  /** By warp key: block * 64 + warp. */
  readonly warps: WarpTable;
  /** Per block: warps that have not returned from the kernel. */
  readonly live: Map<number, number>;
  /** Register entries written (warp key, fnVar pairs), warps retired, warps that moved: since the last checkpoint (deltas store only these). */
  readonly regsDirty: number[];
  readonly regsGone: Set<number>;
  readonly warpsDirty: Set<number>;
  /** Counts the clearings of warpsDirty: a warp marked in an earlier epoch is marked again when it moves. */
  epoch: number;
}

/** An empty per-launch state. */
export function newLaunch(id: number, regs = new RegTable()): LaunchState {
  return { id, shared: new Map(), local: new Map(), regs, warps: new WarpTable(), live: new Map(), regsDirty: [], regsGone: new Set(), warpsDirty: new Set(), epoch: 0 };
}

/** A thread of a launch as one number: (block * 64 + warp) * 32 + lane. */
export const threadKey = (block: number, warp: number, lane: number): number => (block * 64 + warp) * 32 + lane;

/** A warp of a launch as one number. */
export const warpKey = (block: number, warp: number): number => block * 64 + warp;

/** Bytes of a bulk write by blob id (the reader fetches them from the trace). */
export type BlobSource = (id: number) => Uint8Array;

/** A host register's value: `b` when it holds a 64-bit integer, else `n` (a number field a write updates in place). */
interface HostReg {
  n: number;
  b: bigint | null;
}

/** The whole reconstructed machine. */
export class MachineState {
  host = new Pages();
  global = new Pages();
  constant = new Pages();
  /** The host thread's registers by fnVar, each in a box a write updates in place (a map's set per host register row cost a replay a tenth of its time). */
  private hostBoxes = new Map<number, HostReg>();
  private lastHostKey = -1;
  private lastHostReg: HostReg | null = null;
  hostWarp: WarpState = { step: -1, mask: 1, loc: 0, exited: 0, frames: [], mark: -1 };
  launch: LaunchState | null = null;
  /** Statements applied: the state is the one before step `step` runs. */
  step = 0;
  /** Effects applied. */
  effectSeq = 0;
  private lastLanes: RegLanes | null = null;
  private lastWarp = -1;
  private lastKey = -1;
  private lastLaunch: LaunchState | null = null;
  /** The warp warpOf found last. */
  private cachedKey = -1;
  private cachedLaunch: LaunchState | null = null;
  private cachedWarp: WarpState | null = null;
  private cachedEpoch = -1;

  /** The host thread's register values by fnVar: a copy. */
  get hostRegs(): Map<number, RegValue> {
    const out = new Map<number, RegValue>();
    for (const [k, r] of this.hostBoxes) out.set(k, r.b ?? r.n);
    return out;
  }

  /** Replaces the host thread's registers with those of `regs`. */
  set hostRegs(regs: ReadonlyMap<number, RegValue>) {
    this.hostBoxes = new Map([...regs].map(([k, v]): [number, HostReg] => [k, typeof v === 'bigint' ? { n: 0, b: v } : { n: v, b: null }]));
    this.lastHostKey = -1;
    this.lastHostReg = null;
  }

  /** The memory of a space for a thread (shared per block, local per thread of the current launch). */
  pages(space: number, launch: number, block: number, warp: number, lane: number): Pages | null {
    switch (space) {
      case 0: return this.host;
      case 1: return this.global;
      case 4: return this.constant;
      case 2: return this.launchPages(launch, 'shared', block);
      case 3: return launch === 0 ? this.host : this.launchPages(launch, 'local', threadKey(block, warp, lane));
      default: return null;
    }
  }

  private launchPages(launch: number, which: 'shared' | 'local', key: number): Pages | null {
    const L = this.launch;
    if (!L || L.id !== launch) return null;
    const m = L[which];
    let p = m.get(key);
    if (!p) m.set(key, (p = new Pages()));
    return p;
  }

  /** Applies statement row i of a step chunk (its step is `step`). */
  applyStep(d: StepView, i: number, step: number): void {
    const launch = d.launch[i]!;
    let w: WarpState;
    if (launch === 0) {
      // The host runs again: the launch before it has ended and its per-launch state is gone.
      this.launch = null;
      w = this.hostWarp;
    } else w = this.warpOf(launch, d.block[i]!, d.warp[i]!)!;
    w.step = step;
    w.mask = d.mask[i]!;
    w.loc = d.loc[i]!;
    w.exited = d.exited[i]!;
    this.step = step + 1;
  }

  /** Applies effect row i. */
  applyEffect(e: EffectView, i: number, blob: BlobSource): void {
    this.effectSeq++;
    const kind = e.kind[i]!;
    if (kind === EFFECT.load || kind === EFFECT.op) return;
    const launch = e.launch[i]!;
    const block = e.block[i]!;
    const warp = e.warp[i]!;
    const lane = e.lane[i]!;
    switch (kind) {
      case EFFECT.store: {
        // One row per warp instruction: each lane's address, old and new bits among the values.
        const space = e.space[i]!;
        const n = e.size[i]!;
        const bits = e.valuesU;
        let p = space === 3 ? null : this.pages(space, launch, block, warp, lane);
        let at = e.neu[2 * i + 1]!;
        for (let m = e.neu[2 * i]!; m !== 0; m &= m - 1, at += 3) {
          if (space === 3) p = this.pages(space, launch, block, warp, 31 - Math.clz32(m & -m));
          if (!p) continue;
          const a = e.values[at]!;
          // A valid address is a whole number below 2^53, whose low 32 bits give the page offset (a double's % is slow).
          const off = a >= 0 ? (a >>> 0) & (PAGE_BYTES - 1) : a % PAGE_BYTES;
          const lo = bits[2 * at + 4]!;
          const hi = bits[2 * at + 5]!;
          if (off + n <= PAGE_BYTES) bitsToBytes(lo, hi, n, p.page(a), off);
          else {
            const tmp = new Uint8Array(n);
            bitsToBytes(lo, hi, n, tmp, 0);
            p.write(a, tmp);
          }
        }
        return;
      }
      case EFFECT.bulk:
        this.pages(e.space[i]!, launch, block, warp, lane)?.write(e.address[i]!, blob(e.neu[2 * i]!));
        return;
      case EFFECT.register: {
        // One row per variable and statement: `neu` holds the lanes written and the index of their first value.
        const valueTag = e.tags[i]! & 3;
        const uniform = (e.tags[i]! & UNIFORM) !== 0;
        const big = valueTag === VALUE_TAG.bigint;
        const key = e.address[i]!;
        const at = e.neu[2 * i + 1]!;
        if (launch === 0) {
          let r = key === this.lastHostKey ? this.lastHostReg : this.hostBoxes.get(key);
          if (!r) this.hostBoxes.set(key, (r = { n: 0, b: null }));
          this.lastHostKey = key;
          this.lastHostReg = r;
          if (big) r.b = e.valuesI[at]!;
          else (r.n = valueTag === VALUE_TAG.int32 ? e.valuesI32[2 * at]! : e.values[at]!), (r.b = null);
          return;
        }
        const L = this.launch;
        if (!L || L.id !== launch) return;
        const w = warpKey(block, warp);
        // Consecutive register rows often name the same variable of the same warp.
        const mask = e.neu[2 * i]!;
        let lanes = this.lastLanes !== null && this.lastWarp === w && this.lastKey === key && this.lastLaunch === L ? this.lastLanes : null;
        if (!lanes) {
          lanes = L.regs.lanes(w, key, mask === FULL);
          this.lastLanes = lanes;
          this.lastWarp = w;
          this.lastKey = key;
          this.lastLaunch = L;
        }
        if (mask === FULL) putAllLanes(e, at, valueTag, uniform, lanes);
        else this.putLanes(e, at, mask, valueTag, uniform, lanes);
        if (!lanes.dirty) {
          lanes.dirty = true;
          lanes.kind = -1;
          L.regsDirty.push(w, key);
        }
        return;
      }
      case EFFECT.enter:
        this.warpOf(launch, block, warp)?.frames.push({ fn: e.neu[2 * i]!, fp: e.address[i]! });
        return;
      case EFFECT.leave: {
        const w = this.warpOf(launch, block, warp);
        w?.frames.pop();
        // A device warp that returned from its kernel is gone: its threads' registers and local memory (and
        // its block's shared memory once every warp of the block returned) leave the state, so checkpoints
        // hold only resident threads, as a GPU does.
        if (w && launch !== 0 && w.frames.length === 0) this.retire(block, warp);
        return;
      }
    }
  }

  /** Writes a register row's values into the lanes of `mask`. */
  private putLanes(e: EffectView, at: number, mask: number, valueTag: number, uniform: boolean, lanes: RegLanes): void {
    const { f, i: ints, tag } = lanes.slab;
    const v0 = lanes.base >> 3;
    const t0 = lanes.base + 256;
    const big = valueTag === VALUE_TAG.bigint;
    // int32 rows hold two lanes per value (k counts 32-bit words); a UNIFORM row's lanes all read its one value.
    const step = uniform ? 0 : 1;
    let k = 2 * at;
    for (let m = mask; m !== 0; m &= m - 1) {
      const l = 31 - Math.clz32(m & -m);
      if (big) (ints[v0 + l] = e.valuesI[at]!), (tag[t0 + l] = 2), (at += step);
      else if (valueTag === VALUE_TAG.int32) (f[v0 + l] = e.valuesI32[k]!), (tag[t0 + l] = 1), (k += step);
      else (f[v0 + l] = e.values[at]!), (tag[t0 + l] = 1), (at += step);
    }
  }

  private retire(block: number, warp: number): void {
    const L = this.launch!;
    const w = warpKey(block, warp);
    this.lastLanes = null;
    if (L.regs.remove(w)) L.regsGone.add(w);
    if (L.local.size !== 0) for (let lane = 0; lane < 32; lane++) L.local.delete(threadKey(block, warp, lane));
    const left = (L.live.get(block) ?? 1) - 1;
    if (left > 0) L.live.set(block, left);
    else {
      L.live.delete(block);
      L.shared.delete(block);
    }
  }

  /** A warp's state (the host thread for launch 0), created (with its launch's state) the first time a statement or effect names it; marked as moved. */
  warpOf(launch: number, block: number, warp: number): WarpState | null {
    if (launch === 0) return this.hostWarp;
    if (!this.launch || this.launch.id !== launch) this.launch = newLaunch(launch);
    const L = this.launch;
    const k = warpKey(block, warp);
    // A warp runs many statements in a row; it joins warpsDirty once per epoch (a set's add on every switch of warps cost a replay more than the rest of the step).
    let w: WarpState;
    if (k === this.cachedKey && L === this.cachedLaunch && L.epoch === this.cachedEpoch) w = this.cachedWarp!;
    else {
      w = L.warps.get(k) ?? this.newWarp(block, k);
      this.cachedKey = k;
      this.cachedLaunch = L;
      this.cachedWarp = w;
      this.cachedEpoch = L.epoch;
    }
    if (w.mark !== L.epoch) {
      w.mark = L.epoch;
      L.warpsDirty.add(k);
    }
    return w;
  }

  private newWarp(block: number, k: number): WarpState {
    const L = this.launch!;
    const w: WarpState = { step: -1, mask: 0, loc: 0, exited: 0, frames: [], mark: -1 };
    L.warps.set(k, w);
    L.live.set(block, (L.live.get(block) ?? 0) + 1);
    return w;
  }

  /** A register variable of a thread (fnVar = fn << 16 | index); undefined when never written. */
  register(launch: number, block: number, warp: number, lane: number, fnVar: number): RegValue | undefined {
    if (launch === 0) {
      const r = this.hostBoxes.get(fnVar);
      return r && (r.b ?? r.n);
    }
    if (!this.launch || this.launch.id !== launch) return undefined;
    const lanes = this.launch.regs.get(warpKey(block, warp))?.get(fnVar);
    return lanes && laneValue(lanes, lane);
  }

  /** Every register value a thread holds, by fnVar. */
  registersOf(launch: number, block: number, warp: number, lane: number): Map<number, RegValue> {
    if (launch === 0) return this.hostRegs;
    const out = new Map<number, RegValue>();
    if (!this.launch || this.launch.id !== launch) return out;
    for (const [k, lanes] of this.launch.regs.get(warpKey(block, warp)) ?? []) {
      const v = laneValue(lanes, lane);
      if (v !== undefined) out.set(k, v);
    }
    return out;
  }

  /** Bytes held in pages: what a checkpoint of this state costs, roughly. */
  get bytes(): number {
    let n = this.host.size + this.global.size + this.constant.size;
    if (this.launch) for (const m of [this.launch.shared, this.launch.local]) for (const p of m.values()) n += p.size;
    return n;
  }
}
