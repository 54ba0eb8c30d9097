import type { WarpCtx } from '../engine/exec/warp.js';
import { lanePool } from '../engine/exec/lane-pool.js';
import type { SourceLoc } from '../engine/front/token.js';
import type { DebugInfo } from '../engine/debuginfo/symbols.js';

/*
 * Register variables for the trace. Compiled code keeps a function's scalar locals in lane
 * arrays and announces each activation's arrays (Observer.enter). The tracker keeps, per warp
 * and function, a shadow of what the trace says each register holds, and reports every lane
 * whose array value differs from it: at each statement of the warp (the previous statement's
 * assignments), when it calls, returns or ends its turn. The shadow starts at zero for every new
 * thread, as a replay's registers do, so replay and run agree on every value.
 */

/** A register variable's 32 lane values, as compiled code keeps them. */
export type Lanes = Float64Array | bigint[];

/** A statement's place in the source, as the writer numbers it: one object per location, looked up once per statement. */
export interface StatementSite {
  readonly loc: SourceLoc;
  /** The trace's loc_id. */
  readonly id: number;
  /** The register variables the statement assigns (undefined until first needed; null: unknown, compare all). */
  assigns: Int32Array | null | undefined;
}

interface Frame {
  readonly fn: number;
  readonly regs: readonly (Lanes | null)[];
  readonly shadow: (Lanes | null)[];
  /** The statement the activation ran last: only the registers it assigns can have changed (null: compare all). */
  last: StatementSite | null;
}

interface Track {
  launch: number;
  block: number;
  readonly frames: Frame[];
  /** Per function id: the trace's view of its register lanes on this warp. */
  readonly shadows: Map<number, (Lanes | null)[]>;
}

/** Receives a register variable's lanes whose values changed (bit i = lane i; their values are in `lanes`): fnVar is fn << 16 | variable index. */
export type RegisterSink = (W: WarpCtx, fnVar: number, changed: number, lanes: Lanes) => void;

/** The `last` of an activation whose registers were all just compared: until its first statement runs, nothing can have changed. */
const COMPARED: StatementSite = { loc: { file: '', line: 0, col: 0 }, id: -1, assigns: new Int32Array(0) };

/** Follows the activations and register values of every warp of a run. */
export class RegisterTracker {
  private readonly tracks = new Map<WarpCtx, Track>();
  /** Per function and statement position: the register variables the statement assigns (debug information). */
  private assigns = new Map<string, Int32Array>();
  /** The warp looked up last, and its track: a warp runs many statements in a row. */
  private lastW: WarpCtx | null = null;
  private lastT: Track | undefined = undefined;

  constructor(private readonly sink: RegisterSink) {}

  /** Learns which registers each statement may assign; without it every register of a frame is compared. */
  learn(info: DebugInfo): void {
    this.assigns = new Map(info.functions.flatMap((f) => f.assigns.map((a) => [`${f.id}:${a.line}:${a.col}`, Int32Array.from(a.vars)] as [string, Int32Array])));
  }

  private get(W: WarpCtx): Track | undefined {
    if (W !== this.lastW) (this.lastW = W), (this.lastT = this.tracks.get(W));
    return this.lastT;
  }

  /** W runs the statement at `site`: reports what its previous statement assigned and returns W's activation count. */
  statement(W: WarpCtx, site: StatementSite): number {
    const t = this.get(W);
    if (!t) return 0;
    const f = t.frames[t.frames.length - 1];
    if (f) {
      this.diff(W, f);
      f.last = site;
    }
    return t.frames.length;
  }

  private track(W: WarpCtx, launch: number, block: number): Track {
    let t = this.get(W);
    if (!t) this.tracks.set(W, (this.lastT = t = { launch, block, frames: [], shadows: new Map() }));
    else if (t.frames.length === 0 && (t.launch !== launch || t.block !== block)) {
      // The warp context now runs another block (or launch): its threads are new, their registers zero in the trace.
      t.launch = launch;
      t.block = block;
      // Zeroed in place rather than dropped: a warp context runs block after block, and fresh arrays for each
      // would fill the heap with short-lived lane arrays for the collector to trace.
      for (const shadow of t.shadows.values()) for (const lanes of shadow) if (lanes instanceof Float64Array) lanes.fill(0); else lanes?.fill(0n);
    }
    return t;
  }

  /** An activation of function `fn` begins on W with these register lane arrays. */
  enter(W: WarpCtx, launch: number, block: number, fn: number, regs: readonly (Lanes | null)[]): void {
    const t = this.track(W, launch, block);
    const top = t.frames[t.frames.length - 1];
    if (top) this.diff(W, top);
    let shadow = t.shadows.get(fn);
    if (!shadow || shadow.length !== regs.length) {
      shadow = shadowsFor(regs);
      t.shadows.set(fn, shadow);
    }
    const f: Frame = { fn, regs, shadow, last: null };
    t.frames.push(f);
    // Parameters arrive with values, and reused lane arrays hold an earlier activation's: both differ from the shadow.
    this.diff(W, f);
    f.last = COMPARED;
  }

  /** The innermost activation on W returns. */
  leave(W: WarpCtx): void {
    const t = this.get(W);
    const f = t?.frames.pop();
    if (!f) return;
    this.diff(W, f);
    // A recursion's caller has its own lane arrays but shares the shadow the callee just moved: compare all of them.
    const caller = t!.frames[t!.frames.length - 1];
    if (caller && caller.fn === f.fn) caller.last = null;
  }

  /** Reports W's innermost activation's changed registers (before its next statement, or when its turn ends). */
  flush(W: WarpCtx): void {
    const t = this.get(W);
    const f = t?.frames[t.frames.length - 1];
    if (f) this.diff(W, f);
  }

  /** The function of W's innermost activation, or null. */
  topFn(W: WarpCtx): number | null {
    const t = this.get(W);
    return t?.frames[t.frames.length - 1]?.fn ?? null;
  }


  /** A launch ended (or faulted mid-call): device warps have no activations left. */
  endLaunch(): void {
    // A launch's warp contexts never run again (the next launch makes its own): their tracks and shadows go with them,
    // or a program of many launches would hold every launch's shadows to the end of the recording.
    for (const W of this.tracks.keys()) if (!W.host) this.tracks.delete(W);
    this.lastW = null;
    this.lastT = undefined;
  }

  /** The registers the frame's last statement may have assigned; null for all of them. */
  private candidates(f: Frame): Int32Array | null {
    const site = f.last;
    if (site === null) return null;
    // A location belongs to one function: the first activation to run it names it.
    if (site.assigns === undefined) site.assigns = this.assigns.get(`${f.fn}:${site.loc.line}:${site.loc.col}`) ?? null;
    return site.assigns;
  }

  private diff(W: WarpCtx, f: Frame): void {
    const only = this.candidates(f);
    if (only === null) {
      for (let j = 0; j < f.regs.length; j++) this.diffVar(W, f, j);
      return;
    }
    for (let k = 0; k < only.length; k++) this.diffVar(W, f, only[k]!);
  }

  private diffVar(W: WarpCtx, f: Frame, j: number): void {
    const r = f.regs[j];
    const s = f.shadow[j];
    if (!r || !s) return;
    const lanes = W.host ? 1 : W.lanes;
    // One loop per element type: a loop reading both kinds of array runs several times slower.
    const changed = r instanceof Float64Array ? changedNumbers(r, s as Float64Array, lanes) : changedBigints(r, s as bigint[], lanes);
    if (changed !== 0) this.sink(W, (f.fn << 16) | j, changed, r);
  }
}

/** Zeroed shadows for an activation's lane arrays, from the pool the engine makes lane arrays with (float ones share a buffer). */
function shadowsFor(regs: readonly (Lanes | null)[]): (Lanes | null)[] {
  const pool = lanePool(regs.flatMap((r) => (r === null ? [] : [r instanceof Float64Array ? 'f' : 'b'])).join(''));
  let i = 0;
  return regs.map((r) => (r === null ? null : pool[i++]!));
}

/** The lanes of `lanes` whose value in `r` differs from the shadow `s` (-0 from 0, NaN equal to NaN), copied into `s`. */
function changedNumbers(r: Float64Array, s: Float64Array, lanes: number): number {
  let changed = 0;
  // Lanes in order from the lowest set to the highest: a full warp's loop has no mask arithmetic.
  for (let l = 31 - Math.clz32(lanes & -lanes), end = 32 - Math.clz32(lanes); l < end; l++) {
    if (((lanes >>> l) & 1) === 0) continue;
    const v = r[l]!;
    const o = s[l]!;
    if (v === o ? v !== 0 || 1 / v === 1 / o : v !== v && o !== o) continue;
    changed |= 1 << l;
    s[l] = v;
  }
  return changed;
}

/** As changedNumbers, for 64-bit integer registers. */
function changedBigints(r: bigint[], s: bigint[], lanes: number): number {
  let changed = 0;
  for (let m = lanes; m !== 0; m &= m - 1) {
    const l = 31 - Math.clz32(m & -m);
    const v = r[l]!;
    if (v === s[l]) continue;
    changed |= 1 << l;
    s[l] = v;
  }
  return changed;
}
