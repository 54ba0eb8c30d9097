import { sizeOf } from '../engine/check/types.js';
import { EFFECT } from '../trace/schema.js';
import { laneTouching } from '../trace/memory-rows.js';
import type { DebugSession } from './session.js';
import type { Focus } from './eval-context.js';
import { showPlace } from './eval-context.js';
import type { Watchpoint } from './breakpoints.js';
import type { EffectRef } from './motion.js';

/*
 * Watchpoints as a motion meets them: which recorded effects touch what a watchpoint watches,
 * and the stop they make (run-commands.ts reports it), with each watchpoint's value before and after.
 */

/** A stop at watchpoints: where the program stands after the access (`cut` inside its statement, or null), and who made it. */
export interface WatchStop {
  readonly kind: 'watch';
  readonly step: number;
  readonly hits: readonly WatchHit[];
  readonly writer: Focus;
  readonly writeStep: number;
  readonly cut: number | null;
}

/** The watched value as text before step `step`. */
function watchedText(s: DebugSession, wp: Watchpoint, step: number, focus: Focus): string {
  // At statement boundaries, even at the current step while the program stands inside the statement before it.
  const ctx = s.context(step, focus, s.frameIndex, null);
  // Memory nothing mapped then (before its cudaMalloc, after its cudaFree): gdb's watchpoint value `<unreadable>`.
  if (typeof ctx.read(wp.place, sizeOf(wp.type)) === 'string') return '<unreadable>';
  return showPlace(ctx, wp.place, wp.type);
}

/** The focus a watchpoint's expression is evaluated in (the thread that set it, whose frame a scoped one watches). */
export function watchFocus(wp: Watchpoint): Focus {
  const t = wp.target;
  if (t.launch === 0) return { kind: 'host' };
  if (t.kind === 'register') return { kind: 'device', launch: t.launch, block: t.block, warp: t.warp, lane: t.lane };
  return { kind: 'device', launch: t.launch, block: t.block, warp: Math.floor(t.thread / 32), lane: t.thread % 32 };
}

/** The lane of effect `e` that touches what `wp` watches, or -1. */
function touchingLane(wp: Watchpoint, e: EffectRef): number {
  const { d, i } = e;
  const kind = d.kind[i]!;
  const t = wp.target;
  if (t.kind === 'register') {
    const hit = kind === EFFECT.register && wp.kind === 'watch' && d.address[i] === t.fnVar && d.launch[i] === t.launch && d.block[i] === t.block && d.warp[i] === t.warp && ((d.neu[2 * i]! >>> t.lane) & 1) === 1;
    return hit ? t.lane : -1;
  }
  if (wp.kind === 'watch' ? kind !== EFFECT.store && kind !== EFFECT.bulk : kind !== EFFECT.load) return -1;
  if (d.space[i] !== t.space) return -1;
  if (t.space === 2 && (d.launch[i] !== t.launch || d.block[i] !== t.block)) return -1;
  const local = t.space === 3 && t.launch !== 0;
  if (local && (d.launch[i] !== t.launch || d.block[i] !== t.block || d.warp[i] !== Math.floor(t.thread / 32))) return -1;
  // A bulk write's length is in its blob: any that starts before the watched bytes' end may touch them (the values decide).
  if (kind === EFFECT.bulk) return d.address[i]! < t.address + t.size ? d.lane[i]! : -1;
  // Local memory is the watched thread's own: only its lane's access can touch it.
  return laneTouching(d, i, t.address, t.size, local ? t.thread % 32 : -1);
}

/** A watchpoint that triggered at a stop, with its value before and after (as the motion saw them). */
export interface WatchHit {
  readonly wp: Watchpoint;
  readonly before: string;
  readonly after: string;
}

/**
 * The watchpoints among effects `fx` whose value changed (or was read), as one stop where the first stops the program:
 * one warp statement may trigger several, and gdb reports each (the next check would see its new value as its old).
 */
export function watchStop(s: DebugSession, fx: readonly EffectRef[], backward: boolean): WatchStop | null {
  let first: WatchStop | null = null;
  const hits: WatchHit[] = [];
  for (const wp of s.bps.watchpoints) {
    const stop = watchHit(s, wp, fx, backward);
    // The first watchpoint hit makes the stop; the others count where the same statement triggered them.
    if (!stop || (first && stop.writeStep !== first.writeStep)) continue;
    first ??= stop;
    hits.push(stop.hits[0]!);
  }
  if (!first) return null;
  hits.sort((a, b) => a.wp.num - b.wp.num);
  return { ...first, hits };
}

/** The stop watchpoint `wp` makes among effects `fx` when its value changed (or was read); null when it does not. */
function watchHit(s: DebugSession, wp: Watchpoint, fx: readonly EffectRef[], backward: boolean): WatchStop | null {
  if (!wp.enabled) return null;
  let lane = -1;
  const hit = fx.find((e) => (lane = touchingLane(wp, e)) >= 0);
  if (!hit) return null;
  const ws = hit.d.step[hit.i]!;
  const f = watchFocus(wp);
  const before = watchedText(s, wp, ws, f);
  const after = watchedText(s, wp, ws + 1, f);
  if (wp.kind === 'watch' && before === after) return null;
  const writer = hit.d.launch[hit.i] === 0 ? ({ kind: 'host' } as Focus) : ({ kind: 'device', launch: hit.d.launch[hit.i]!, block: hit.d.block[hit.i]!, warp: hit.d.warp[hit.i]!, lane } as Focus);
  // Forward the program stops after the writing statement (gdb shows the line after the store); backward, just
  // before the write, inside its statement, where the writing thread stood (a caller's line after a return).
  // A store in the writer's last statement stops just after the store, inside it: after the statement the
  // thread has left its kernel, and gdb still stands in its frame (the function's epilogue) there.
  const leaves = !backward && (s.warpState(ws + 1, writer, null)?.frames.length ?? 1) === 0;
  const seen: WatchHit = { wp, before: backward ? after : before, after: backward ? before : after };
  return { kind: 'watch', step: ws + 1, hits: [seen], writer, writeStep: ws, cut: backward ? hit.seq : leaves ? hit.seq + 1 : null };
}
