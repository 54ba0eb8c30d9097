import type { StepRow } from '../trace/reader.js';
import { EFFECT } from '../trace/schema.js';
import type { DebugSession } from './session.js';
import type { Focus, StateContext } from './eval-context.js';
import type { Watchpoint, WatchScope } from './breakpoints.js';
import { activationStart, firstEffectAtOrAfter, type EffectRef } from './motion.js';
import { focusOf, sameWarp } from './focus.js';
import { watchFocus } from './watch-stops.js';

/*
 * gdb deletes a watchpoint whose expression names a frame's locals once that frame is gone: it
 * stops as the frame returns, in the caller, and says so (or, run backward, as the program goes
 * back past the frame's call). Watchpoints on statics or plain addresses have no frame and stay.
 */

/** What gdb says as it deletes watchpoint `num`: the stop's prefix. */
export function scopeMessage(num: number): string {
  return `\nWatchpoint ${num} deleted because the program has left the block in\nwhich its expression is valid.\n`;
}

/** The frame `ctx`'s selected frame is, when evaluating an expression there named one of its variables; null for none. */
export function watchScope(s: DebugSession, usedFrame: boolean): WatchScope | null {
  if (!usedFrame) return null;
  const f = s.focus;
  const warp = f.kind === 'host' ? { launch: 0, block: 0, warp: 0 } : { launch: f.launch, block: f.block, warp: f.warp };
  const frames = s.warpState()?.frames.length ?? 0;
  const depth = frames - s.frameIndex;
  if (depth <= 0) return null;
  const enter = activationStart(s.trace!, warp, s.cut ?? firstEffectAtOrAfter(s.trace!, s.pos!), s.frameIndex);
  return { ...warp, depth, enter: enter?.seq ?? null };
}

/** `ctx` with a record of whether a lookup found a variable of the selected frame (gdb's innermost block of an expression). */
export function frameSpy(ctx: StateContext): { ctx: StateContext; used: () => boolean } {
  let used = false;
  const spy = Object.create(ctx) as StateContext;
  spy.lookup = (name) => {
    const fr = ctx.frame();
    if (fr && ctx.visible(fr.fn, name) >= 0) used = true;
    return ctx.lookup(name);
  };
  return { ctx: spy, used: () => used };
}

/** A stop where a watchpoint's frame was left: the watched thread, inside the statement at `cut` or before step `step`. */
export interface ScopeStop {
  readonly kind: 'scope';
  readonly step: number;
  /** Every watchpoint whose frame ended there (gdb deletes them together). */
  readonly wps: readonly Watchpoint[];
  readonly focus: Focus;
  readonly cut: number | null;
  /** The effect number where the frame ended: stops of effects on the near side of it come first. */
  readonly at: number;
}

const isWarp = (sc: WatchScope, d: EffectRef['d'], i: number): boolean => d.launch[i] === sc.launch && (sc.launch === 0 || (d.block[i] === sc.block && d.warp[i] === sc.warp));

/**
 * Follows the frames of scoped watchpoints through a forward walk: the frame returns at a leave
 * of its warp that takes the warp below its depth. The stop is there, inside the caller's
 * statement, when that statement does more after the call (as finish stops); else at the warp's
 * next statement, where the call's return address is (any thread's, after a kernel's end).
 */
export class ScopeWatch {
  private readonly depths = new Map<Watchpoint, number>();
  private pending: { wps: Watchpoint[]; after: number; anyThread: boolean } | null = null;

  constructor(private readonly s: DebugSession) {
    const gone: Watchpoint[] = [];
    for (const wp of s.bps.watchpoints) {
      if (!wp.scope || !wp.enabled) continue;
      const depth = s.warpState(s.pos!, watchFocus(wp), s.cut)?.frames.length ?? 0;
      // Gone already (a watched write was the frame's last act, and the stop came before its return): deleted at the next stop.
      if (depth < wp.scope.depth) gone.push(wp);
      else this.depths.set(wp, depth);
    }
    if (gone.length) this.pending = { wps: gone, after: -1, anyThread: gone[0]!.scope!.launch !== 0 && gone[0]!.scope!.depth === 1 };
  }

  /** The scope stop at this row, given the effects of the statement before it (enter and leave included). */
  forward(row: StepRow, fx: readonly EffectRef[]): ScopeStop | null {
    const p = this.pending;
    if (p && row.step > p.after && (p.anyThread || sameWarp(row, watchFocus(p.wps[0]!)))) {
      this.pending = null;
      // Everything the statements before this one did happened before the stop.
      return { kind: 'scope', step: row.step, wps: p.wps, focus: p.anyThread ? focusOf(row) : watchFocus(p.wps[0]!), cut: null, at: Number.POSITIVE_INFINITY };
    }
    if (p || this.depths.size === 0) return null;
    for (const e of fx) {
      const k = e.d.kind[e.i]!;
      if (k !== EFFECT.enter && k !== EFFECT.leave) continue;
      const gone: Watchpoint[] = [];
      for (const [wp, depth] of this.depths) {
        if (!isWarp(wp.scope!, e.d, e.i)) continue;
        const now = depth + (k === EFFECT.enter ? 1 : -1);
        this.depths.set(wp, now);
        if (now < wp.scope!.depth && wp.enabled) gone.push(wp);
      }
      if (gone.length === 0) continue;
      for (const wp of gone) this.depths.delete(wp);
      const ws = e.d.step[e.i]!;
      const sc = gone[0]!.scope!;
      // A kernel that returns has no caller on the device to stand in: the next statement of any thread is the stop, as stepping off a kernel's end.
      const kernel = sc.launch !== 0 && sc.depth === 1;
      if (!kernel && this.rest(ws, e.seq, fx)) return { kind: 'scope', step: row.step, wps: gone, focus: watchFocus(gone[0]!), cut: e.seq + 1, at: e.seq };
      this.pending = { wps: gone, after: ws, anyThread: kernel };
      return this.forward(row, []);
    }
    return null;
  }

  /** The watchpoints whose frame returned in the program's last statement: gdb's message is due, with no statement to stop at. */
  ended(): readonly Watchpoint[] {
    const p = this.pending;
    this.pending = null;
    return p?.wps ?? [];
  }

  /** Whether the statement `step` does more after its effect `seq` (a return): a write, a call, a print. */
  private rest(step: number, seq: number, fx: readonly EffectRef[]): boolean {
    if (fx.some((e) => e.seq > seq)) return true;
    const t = this.s.trace!;
    const own = t.stepRow(step)!.loc;
    return t.count('output', `step = ${step} AND effect >= ${seq + 1}`) + t.count('api_calls', `step = ${step} AND loc_id != ${own}`) > 0;
  }
}

/** Run backward: the scope stop where the program goes back past a watched frame's call (the effects of `row`'s statement given). */
export function backwardScope(s: DebugSession, row: StepRow, fx: readonly EffectRef[]): ScopeStop | null {
  const gone = s.bps.watchpoints.filter((wp) => wp.enabled && wp.scope && wp.scope.enter !== null && fx.some((x) => x.seq === wp.scope!.enter));
  if (gone.length === 0) return null;
  const sc = gone[0]!.scope!;
  const at = sc.enter!;
  const focus = watchFocus(gone[0]!);
  // A kernel's own frame has no caller on the device: the thread stands at its first statement.
  if (sc.launch !== 0 && sc.depth === 1) return { kind: 'scope', step: row.step, wps: gone, focus, cut: null, at };
  return { kind: 'scope', step: row.step + 1, wps: gone, focus, cut: at, at };
}
