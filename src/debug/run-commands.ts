import type { StepRow } from '../trace/reader.js';
import { EFFECT } from '../trace/schema.js';
import { focusOf, sameWarp, type DebugSession } from './session.js';
import type { Focus } from './eval-context.js';
import type { Breakpoint, Watchpoint } from './breakpoints.js';
import { walkForward, walkBackward, effectsOfStep, type EffectRef } from './motion.js';
import { evaluate, isTrue, formatValue } from './expr/index.js';
import { barrierReport } from './barriers.js';

/*
 * Running and stepping, forwards and backwards: every motion is a search over the trace's steps
 * for the first one where something stops it (a breakpoint, a watchpoint, a barrier, a launch,
 * or the motion's own goal), then a stop there.
 */

/** The goal of a stepping command, tested against the focused warp's statements. */
export type Goal = (row: StepRow, line: number, file: string) => boolean;

type Stop =
  | { kind: 'goal'; step: number; row: StepRow }
  | { kind: 'break'; step: number; bp: Breakpoint; focus: Focus }
  | { kind: 'watch'; step: number; wp: Watchpoint; before: string; after: string; writer: Focus; writeStep: number }
  | { kind: 'barrier'; step: number; row: StepRow }
  | { kind: 'launch'; step: number; row: StepRow };

/** Whether breakpoint `bp` stops at this row, and for which thread. */
function breakHit(s: DebugSession, bp: Breakpoint, row: StepRow): Focus | null {
  const lanes = row.launch === 0 ? [0] : [...Array(32).keys()].filter((l) => row.mask & (1 << l));
  for (const lane of lanes) {
    const f = focusOf(row, lane);
    if (!bp.condition) return f;
    const r = evaluate(bp.condition, s.context(row.step, f), s.values);
    if (r.ok && isTrue(r.value)) return f;
  }
  return null;
}

/** The watched value as text at step `step` (or null when unreadable). */
function watchedText(s: DebugSession, wp: Watchpoint, step: number, focus: Focus): string {
  const r = evaluate(wp.expr, s.context(step, focus), s.values);
  return r.ok ? formatValue(r.value, null, s.context(step, focus)) : `<${r.error}>`;
}

/** The focus a watchpoint's expression is evaluated in (the thread that set it). */
function watchFocus(wp: Watchpoint): Focus {
  const t = wp.target;
  if (t.launch === 0) return { kind: 'host' };
  if (t.kind === 'register') return { kind: 'device', launch: t.launch, block: t.block, warp: t.warp, lane: t.lane };
  return { kind: 'device', launch: t.launch, block: t.block, warp: Math.floor(t.thread / 32), lane: t.thread % 32 };
}

/** Whether effect `e` touches what `wp` watches. */
function touches(wp: Watchpoint, e: EffectRef): boolean {
  const { d, i } = e;
  const kind = d.kind[i]!;
  const t = wp.target;
  if (t.kind === 'register') return kind === EFFECT.register && wp.kind === 'watch' && d.address[i] === t.fnVar && d.launch[i] === t.launch && d.block[i] === t.block && d.warp[i] === t.warp && d.lane[i] === t.lane;
  if (wp.kind === 'watch' ? kind !== EFFECT.store && kind !== EFFECT.bulk : kind !== EFFECT.load) return false;
  if (d.space[i] !== t.space) return false;
  if (t.space === 2 && (d.launch[i] !== t.launch || d.block[i] !== t.block)) return false;
  if (t.space === 3 && t.launch !== 0 && (d.launch[i] !== t.launch || d.block[i] !== t.block || d.warp[i]! * 32 + d.lane[i]! !== t.thread)) return false;
  const a = d.address[i]!;
  const n = kind === EFFECT.bulk ? Number.MAX_SAFE_INTEGER : d.size[i]!;
  return a < t.address + t.size && t.address < a + n;
}

/** Tests a step for every kind of stop; `goal` is the stepping command's own. */
function stopAt(s: DebugSession, row: StepRow, fx: readonly EffectRef[], goal: Goal | null, prevLaunch: { id: number }, barrierSteps: ReadonlySet<number>, backward: boolean): Stop | null {
  const t = s.trace!;
  for (const wp of s.bps.watchpoints) {
    if (!wp.enabled) continue;
    const hit = fx.find((e) => touches(wp, e));
    if (!hit) continue;
    const ws = hit.d.step[hit.i]!;
    const f = watchFocus(wp);
    const before = watchedText(s, wp, ws, f);
    const after = watchedText(s, wp, ws + 1, f);
    if (wp.kind === 'watch' && before === after) continue;
    const writer = hit.d.launch[hit.i] === 0 ? ({ kind: 'host' } as Focus) : ({ kind: 'device', launch: hit.d.launch[hit.i]!, block: hit.d.block[hit.i]!, warp: hit.d.warp[hit.i]!, lane: hit.d.lane[hit.i]! } as Focus);
    return { kind: 'watch', step: backward ? ws : ws + 1, wp, before: backward ? after : before, after: backward ? before : after, writer, writeStep: ws };
  }
  const loc = t.loc(row.loc);
  for (const bp of s.bps.at(loc.file, loc.line, loc.col)) {
    const f = breakHit(s, bp, row);
    if (f) return { kind: 'break', step: row.step, bp, focus: f };
  }
  if (barrierSteps.has(row.step)) {
    if (s.focus.kind !== 'device' || (row.launch === s.focus.launch && row.block === s.focus.block) || s.focus.launch !== row.launch) return { kind: 'barrier', step: row.step, row };
  }
  if (s.breakOnLaunch && row.launch !== 0 && row.launch !== prevLaunch.id) return { kind: 'launch', step: row.step, row };
  prevLaunch.id = row.launch;
  if (goal) {
    const l = t.loc(row.loc);
    if (goal(row, l.line, l.file)) return { kind: 'goal', step: row.step, row };
  }
  return null;
}

/** The steps where a warp arrived at a barrier (when barrier breaks are on). */
function barrierArrivals(s: DebugSession): Set<number> {
  if (!s.bps.barrierBreak) return new Set();
  return new Set(s.trace!.db.prepare('SELECT step FROM barriers WHERE kind = 0').pluck().all() as number[]);
}

/** Runs forward from the current step until something stops it (or the program ends). */
export async function resume(s: DebugSession, goal: Goal | null): Promise<void> {
  const t = s.trace!;
  const prevLaunch = { id: t.stepRow(s.pos!)?.launch ?? 0 };
  let from = s.pos! + 1;
  for (;;) {
    let found: Stop | null = null;
    // A live recording grows between passes: read the barrier arrivals it has now.
    const barrierSteps = barrierArrivals(s);
    const end = walkForward(t, from, () => s.limit(), (row, fx) => (found = stopAt(s, row, fx, goal, prevLaunch, barrierSteps, false)) !== null);
    if (end !== null && found) return report(s, found);
    from = Math.max(from, s.limit());
    if (!(await s.grow())) break;
  }
  if (s.stoppedByInterrupt()) return;
  s.exited();
}

/** Runs backward from the current step; stops at step 0 when nothing else does. */
export function reverse(s: DebugSession, goal: Goal | null): void {
  const t = s.trace!;
  const barrierSteps = barrierArrivals(s);
  let found: Stop | null = null;
  const prevLaunch = { id: -1 };
  walkBackward(t, s.pos! - 1, (row) => {
    const fx = s.bps.watchpoints.length ? effectsOfStep(t, row.step) : [];
    found = stopAt(s, row, fx, goal, prevLaunch, barrierSteps, true);
    if (found?.kind === 'launch') found = null;
    return found !== null;
  });
  if (found) return report(s, found);
  s.say('\nNo more reverse-execution history.');
  const row = t.stepRow(0);
  s.stopAt(0, row ? focusOf(row) : { kind: 'host' });
}

function report(s: DebugSession, stop: Stop): void {
  const name = s.view!.programName;
  switch (stop.kind) {
    case 'goal': {
      const f = s.focus.kind === 'device' && stop.row.launch !== 0 ? { ...focusOf(stop.row), lane: s.focus.lane } : focusOf(stop.row);
      const before = s.context().frame()?.fn.id;
      s.pos = stop.step;
      const after = s.context(stop.step, f).frame()?.fn.id;
      s.stopAt(stop.step, f, before === after ? 'line' : 'frame');
      return;
    }
    case 'break': {
      stop.bp.hits++;
      const word = stop.bp.temporary ? 'Temporary breakpoint' : 'Breakpoint';
      if (stop.bp.temporary) s.bps.delete([stop.bp.num]);
      s.stopAt(stop.step, stop.focus, 'frame', `\nThread 1 "${name}" hit ${word} ${stop.bp.num}, `);
      return;
    }
    case 'watch': {
      stop.wp.hits++;
      const kind = stop.wp.kind === 'watch' ? 'Hardware watchpoint' : 'Hardware read watchpoint';
      const body = stop.wp.kind === 'watch' ? `\nOld value = ${stop.before}\nNew value = ${stop.after}\n` : `\nValue = ${stop.after}\n`;
      s.pos = stop.step;
      const row = s.trace!.stepRow(stop.writeStep);
      s.stopAt(stop.step, stop.writer, 'none', `\n${kind} ${stop.wp.num}: ${stop.wp.expr}\n${body}`);
      if (row) {
        const loc = s.trace!.loc(row.loc);
        const fr = s.context(stop.writeStep, stop.writer).frame();
        s.say(`${fr ? fr.fn.name : '??'} at ${loc.file}:${loc.line} (step ${stop.writeStep})`);
        s.say(`${loc.line}\t${s.view!.sourceLine(loc.file, loc.line) ?? ''}`);
      }
      return;
    }
    case 'barrier': {
      s.bps.barrierBreak!.hits++;
      s.stopAt(stop.step, focusOf(stop.row), 'frame', `\nThread 1 "${name}" hit Breakpoint ${s.bps.barrierBreak!.num}, __syncthreads () in `);
      s.io.out(barrierReport(s, stop.step + 1));
      return;
    }
    case 'launch':
      s.stopAt(stop.step, focusOf(stop.row), 'frame', '');
      return;
  }
}

/** A stepping goal for the focused warp: `kind` as gdb's command of that name. */
export function stepGoal(s: DebugSession, kind: 'step' | 'next' | 'stepi' | 'finish' | 'until' | 'lane'): Goal | string {
  const cur = s.focusRow();
  if (!cur) return 'The program is not being run.';
  const t = s.trace!;
  const here = t.loc(cur.loc);
  const focus = s.focus;
  const d = cur.depth;
  if (kind === 'finish' && d <= 1) return '"finish" not meaningful in the outermost frame.';
  if (kind === 'lane' && focus.kind !== 'device') return 'step lane: the focus is not on a CUDA thread.';
  return (row, line, file) => {
    if (!sameWarp(row, focus) || row.step <= cur.step) return false;
    const moved = line !== here.line || file !== here.file || row.depth !== d;
    switch (kind) {
      case 'stepi': return true;
      case 'step': return moved;
      case 'lane': return moved && focus.kind === 'device' && (row.mask & (1 << focus.lane)) !== 0;
      case 'next': return row.depth < d || (row.depth === d && moved);
      case 'until': return row.depth < d || (row.depth === d && file === here.file && line > here.line);
      case 'finish': return row.depth < d;
    }
  };
}

/** A reverse stepping goal: the focused warp's earlier statement of another line (or the caller). */
export function reverseGoal(s: DebugSession, kind: 'step' | 'next' | 'stepi' | 'finish'): Goal | string {
  const cur = s.focusRow();
  if (!cur) return 'The program is not being run.';
  const here = s.trace!.loc(cur.loc);
  const focus = s.focus;
  const d = cur.depth;
  if (kind === 'finish' && d <= 1) return '"finish" not meaningful in the outermost frame.';
  return (row, line, file) => {
    if (!sameWarp(row, focus) || row.step >= cur.step) return false;
    const moved = line !== here.line || file !== here.file || row.depth !== d;
    if (kind === 'stepi') return true;
    if (kind === 'step') return moved;
    if (kind === 'next') return row.depth < d || (row.depth === d && moved);
    return row.depth < d;
  };
}

