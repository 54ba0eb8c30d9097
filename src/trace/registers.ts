import type { WarpCtx } from '../engine/exec/warp.js';
import { lanePool } from '../engine/exec/lane-pool.js';
import type { SourceLoc } from '../engine/front/token.js';
import type { DebugInfo } from '../engine/debuginfo/symbols.js';

/*
 * Register variables for the trace. Compiled code keeps a function's scalar locals in lane
 * arrays and announces each activation's arrays (Observer.enter). At each statement of a warp
 * the tracker reports the values of the registers its previous statement assigns (debug
 * information says which), on the lanes that ran it; again when the warp calls, returns or ends
 * its turn, in case the statement finishes later (`x = __syncthreads_count(p)` assigns after the
 * barrier). A report is a write, not a change: comparing each statement's registers with a copy
 * of what the trace holds cost more than the rows it saved, that copy being a second register
 * file to pull through the cache. A copy per warp and function (the shadow) is still kept for
 * the entries of called functions: a new activation's lane arrays hold its arguments and an
 * earlier activation's values, and only the lanes that differ from the trace are reported. The
 * shadow starts at zero for every new thread, as a replay's registers do, so replay and run agree
 * on every value; a kernel's or main's own activation, on new threads, reports its nonzero lanes.
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
  /** The trace's view of the function's registers on this warp (null for an outermost activation, which needs none). */
  readonly shadow: (Lanes | null)[] | null;
  /** The statement the activation ran last: the registers it assigns are reported. */
  last: StatementSite;
  /** The lanes that ran `last` (the statement's active mask). */
  mask: number;
}

interface Track {
  launch: number;
  block: number;
  readonly frames: Frame[];
  /** Per function id: the trace's view of its register lanes on this warp. */
  readonly shadows: Map<number, (Lanes | null)[]>;
}

/** Receives a register variable's lanes written (bit i = lane i; their values are in `lanes`): fnVar is fn << 16 | variable index. */
export type RegisterSink = (W: WarpCtx, fnVar: number, changed: number, lanes: Lanes) => void;

/** The `last` of an activation whose registers were all just reported: until its first statement runs, nothing can have changed. */
const REPORTED: StatementSite = { loc: { file: '', line: 0, col: 0 }, id: -1, assigns: new Int32Array(0) };

/** Follows the activations and register values of every warp of a run. */
export class RegisterTracker {
  private readonly tracks = new Map<WarpCtx, Track>();
  /** Per function and statement position: the register variables the statement assigns (debug information). */
  private assigns = new Map<string, Int32Array>();
  /** The warp looked up last, and its track: a warp runs many statements in a row. */
  private lastW: WarpCtx | null = null;
  private lastT: Track | undefined = undefined;

  /**
   * `exhaustive`: compare every register with the shadow after every statement and report the
   * lanes that differ, as tracking without debug information would; the reference tests check
   * the write sets against (every change it reports must be a write here, at the same step).
   */
  constructor(private readonly sink: RegisterSink, private readonly exhaustive = false) {}

  /** Learns which registers each statement may assign; without it every register of a frame is written after every statement. */
  learn(info: DebugInfo): void {
    this.assigns = new Map(info.functions.flatMap((f) => f.assigns.map((a) => [`${f.id}:${a.line}:${a.col}`, Int32Array.from(a.vars)] as [string, Int32Array])));
  }

  private get(W: WarpCtx): Track | undefined {
    if (W !== this.lastW) (this.lastW = W), (this.lastT = this.tracks.get(W));
    return this.lastT;
  }

  /** W runs the statement at `site` on the lanes of `mask`: reports what its previous statement assigned and returns W's activation count. */
  statement(W: WarpCtx, site: StatementSite, mask: number): number {
    const t = this.get(W);
    if (!t) return 0;
    const f = t.frames[t.frames.length - 1];
    if (f) {
      this.report(W, f);
      f.last = site;
      f.mask = mask;
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
    // What the caller's statement assigned before the call (`x = 1, f(x)`); it is reported again once the statement ends.
    if (top) this.report(W, top);
    const lanes = W.host ? 1 : W.lanes;
    if (!top && !this.exhaustive) {
      // A kernel's or main's activation: its threads are new, and the trace holds their registers as zero. Nothing can
      // call it again on them, so it needs no shadow (a third of the registers a launch allocated for recording).
      t.frames.push({ fn, regs, shadow: null, last: REPORTED, mask: 0 });
      for (let j = 0; j < regs.length; j++) {
        const r = regs[j];
        const set = r ? nonZero(r, lanes) : 0;
        if (set !== 0) this.sink(W, (fn << 16) | j, set, r!);
      }
      return;
    }
    let shadow = t.shadows.get(fn);
    if (!shadow || shadow.length !== regs.length) {
      shadow = shadowsFor(regs);
      t.shadows.set(fn, shadow);
    }
    const f: Frame = { fn, regs, shadow, last: REPORTED, mask: 0 };
    t.frames.push(f);
    // Parameters arrive with values, and reused lane arrays hold an earlier activation's: both differ from the shadow.
    for (let j = 0; j < regs.length; j++) this.diffVar(W, f, j, lanes);
  }

  /** The innermost activation on W returns. */
  leave(W: WarpCtx): void {
    const t = this.get(W);
    const f = t?.frames.pop();
    if (!f) return;
    this.report(W, f);
    // The trace now holds the activation's values: the next entry compares with them.
    for (let j = 0; f.shadow !== null && j < f.regs.length; j++) {
      const r = f.regs[j];
      const s = f.shadow[j];
      if (r instanceof Float64Array) (s as Float64Array).set(r);
      else if (r && s) for (let l = 0; l < 32; l++) s[l] = r[l]!;
    }
    // A recursion's caller has its own lane arrays, but the trace's registers of the function are now the callee's:
    // the caller's lanes that differ go back at once, before the return, so a stop just after it (finish) shows the caller's.
    const caller = t!.frames[t!.frames.length - 1];
    if (caller && caller.fn === f.fn) for (let j = 0; j < caller.regs.length; j++) this.diffVar(W, caller, j, W.host ? 1 : W.lanes);
  }

  /** Reports what W's innermost activation's last statement assigned so far (its turn ends, or the launch does). */
  flush(W: WarpCtx): void {
    const t = this.get(W);
    const f = t?.frames[t.frames.length - 1];
    if (f) this.report(W, f);
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

  /** Reports the registers the frame's last statement may have assigned, on the lanes that ran it. */
  private report(W: WarpCtx, f: Frame): void {
    if (this.exhaustive) {
      for (let j = 0; j < f.regs.length; j++) this.diffVar(W, f, j, W.host ? 1 : W.lanes);
      return;
    }
    const site = f.last;
    if (site === REPORTED) return;
    const lanes = W.host ? 1 : f.mask & W.lanes;
    if (lanes === 0) return;
    // A location belongs to one function: the first activation to run it names it.
    if (site.assigns === undefined) site.assigns = this.assigns.get(`${f.fn}:${site.loc.line}:${site.loc.col}`) ?? null;
    const only = site.assigns;
    if (only === null) for (let j = 0; j < f.regs.length; j++) this.write(W, f, j, lanes);
    else for (let k = 0; k < only.length; k++) this.write(W, f, only[k]!, lanes);
  }

  private write(W: WarpCtx, f: Frame, j: number, lanes: number): void {
    const r = f.regs[j];
    if (r) this.sink(W, (f.fn << 16) | j, lanes, r);
  }

  /** Reports the lanes of variable j that differ from the shadow (an activation's entry). */
  private diffVar(W: WarpCtx, f: Frame, j: number, lanes: number): void {
    const r = f.regs[j];
    const s = f.shadow?.[j];
    if (!r || !s) return;
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

/** The lanes of `lanes` whose value in `r` is not zero (-0 is not). */
function nonZero(r: Lanes, lanes: number): number {
  let set = 0;
  for (let m = lanes; m !== 0; m &= m - 1) {
    const l = 31 - Math.clz32(m & -m);
    const v = r[l]!;
    if (typeof v === 'bigint' ? v !== 0n : v !== 0 || 1 / v < 0) set |= 1 << l;
  }
  return set;
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
