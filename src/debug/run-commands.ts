import type { StepRow } from '../trace/reader.js';
import type { DebugSession } from './session.js';
import { focusOf, sameWarp } from './focus.js';
import type { Focus } from './eval-context.js';
import type { Breakpoint } from './breakpoints.js';
import { walkForward, walkBackward, effectsOfStep, type Cut, type EffectRef } from './motion.js';
import { evaluate, isTrue } from './expr/index.js';
import { barrierReport } from './barriers.js';
import { sanitizerStop, sanitizerStops } from './sanitize/commands.js';
import type { FindingRow } from './sanitize/store.js';
import { faultStop, faultStops } from './fault-stop.js';
import { hangSite, hangStop } from './hang-stop.js';
import { continuesStatement } from './statement-start.js';
import { launchStart } from './launch-site.js';
import { barrierStepWarning } from './barrier-warning.js';
import type { FaultSite } from '../trace/fault-sites.js';
import { ScopeWatch, backwardScope, scopeMessage, type ScopeStop } from './watch-scope.js';
import { watchStop, type WatchStop } from './watch-stops.js';

/*
 * Running and stepping, forwards and backwards: every motion is a search over the trace's steps
 * for the first one where something stops it (a breakpoint, a watchpoint, a barrier, a launch,
 * or the motion's own goal), then a stop there.
 */

/**
 * The goal of a stepping command, tested against every statement in order; `changed` says whether
 * its stop is in another activation than the one it started in, `cut` where inside the statement
 * before the stop it stands (an effect number; null at the stop's start).
 */
export type Goal = ((row: StepRow, line: number, file: string) => boolean) & {
  changed?: () => boolean;
  cut?: () => number | null;
  /** A single-stepping command (step, next, until): cuda-gdb warns when it steps the focused warp over a barrier (barrier-warning.ts). */
  singleSteps?: boolean;
  /** Asked once the program has ended without a stop: whether the goal was reached in its last statement after all (its stop is then inside that statement, at `cut`). */
  atEnd?: () => boolean;
};

type Stop =
  | { kind: 'goal'; step: number; row: StepRow; changed: boolean; cut: number | null; singleSteps?: boolean }
  | { kind: 'break'; step: number; bp: Breakpoint; focus: Focus; error: string | null }
  | WatchStop
  | { kind: 'barrier'; step: number; row: StepRow }
  | { kind: 'sanitizer'; step: number; rows: readonly FindingRow[] }
  | { kind: 'fault'; step: number; site: FaultSite }
  | { kind: 'launch'; step: number; row: StepRow }
  | ScopeStop;

/**
 * Whether breakpoint `bp` stops at this row, and for which thread; a condition that cannot be
 * evaluated there stops it too, with the error (gdb's "Error in testing condition").
 */
function breakHit(s: DebugSession, bp: Breakpoint, row: StepRow, onlyFocused = false): { focus: Focus; error: string | null } | null {
  const active = row.launch === 0 ? [0] : [...Array(32).keys()].filter((l) => row.mask & (1 << l));
  // The focused thread, when its warp arrives, is the one that hits (a step onto the line keeps it in focus, as gdb's does).
  const mine = s.focus.kind === 'device' && sameWarp(row, s.focus) && active.includes(s.focus.lane) ? s.focus.lane : null;
  const lanes = mine === null ? active : onlyFocused ? [mine] : [mine, ...active.filter((l) => l !== mine)];
  if (onlyFocused && !sameWarp(row, s.focus)) return null;
  if (onlyFocused && s.focus.kind === 'device' && mine === null) return null;
  for (const lane of lanes) {
    const f = focusOf(row, lane);
    if (!bp.condition) return { focus: f, error: null };
    const r = evaluate(bp.condition, s.context(row.step, f), s.values);
    if (!r.ok) return { focus: f, error: r.error };
    if (isTrue(r.value)) return { focus: f, error: null };
  }
  return null;
}

/** Steps that stop a motion besides breakpoints and goals: barrier arrivals (when barrier breaks are on), sanitizer findings and kernel faults. */
interface Marks {
  readonly barriers: ReadonlySet<number>;
  readonly findings: ReadonlyMap<number, readonly FindingRow[]>;
  readonly faults: ReadonlyMap<number, FaultSite>;
}

/** The marked steps as the trace holds them now (a live recording grows between passes). */
function marks(s: DebugSession): Marks {
  return { barriers: barrierArrivals(s), findings: sanitizerStops(s), faults: faultStops(s) };
}

/** Whether the stepping goal stops at this row, as a stop. */
function goalStop(s: DebugSession, row: StepRow, goal: Goal): Stop | null {
  const l = s.trace!.loc(row.loc);
  return goal(row, l.line, l.file) ? { kind: 'goal', step: row.step, row, changed: goal.changed?.() ?? false, cut: goal.cut?.() ?? null, singleSteps: goal.singleSteps === true } : null;
}

/** Tests a step for every kind of stop; `goal` is the stepping command's own; `scopes` follows watched frames (forward). */
function stopAt(s: DebugSession, row: StepRow, fx: readonly EffectRef[], goal: Goal | null, prevLaunch: { id: number }, m: Marks, backward: boolean, scopes: ScopeWatch | null = null): Stop | null {
  const t = s.trace!;
  // A watched frame that ends: what its statement watched before the end tells first, then the deletion.
  const left = backward ? backwardScope(s, row, fx) : scopes?.forward(row, fx) ?? null;
  if (left) return watchStop(s, fx.filter((e) => (backward ? e.seq > left.at : e.seq < left.at)), backward) ?? left;
  // A goal inside the statement before this row (a finish's return) comes before the row's own stops, and the effects after it.
  const reached = goal && !backward ? goalStop(s, row, goal) : null;
  if (reached?.kind === 'goal' && reached.cut !== null) {
    const cut = reached.cut;
    return watchStop(s, fx.filter((e) => e.seq < cut), backward) ?? reached;
  }
  const watched = watchStop(s, fx, backward);
  if (watched) return watched;
  const loc = t.loc(row.loc);
  // Every breakpoint whose condition holds here counts a hit (as gdb counts them); one with an ignore count lets the program pass.
  let stop: Stop | null = null;
  let continues: boolean | null = null;
  // A reverse step stops at a breakpoint only where the focused thread stands at it (gdb reports no other thread's hit then).
  const onlyFocused = backward && goal !== null;
  for (const bp of s.bps.at(loc.file, loc.line, loc.col)) {
    const hit = breakHit(s, bp, row, onlyFocused);
    if (!hit) continue;
    // The second step of a declaration recorded as two is no new arrival at its line (asked only on a hit: it looks back).
    if ((continues ??= continuesStatement(t, s.view!, row))) break;
    bp.hits++;
    if (bp.ignore > 0) bp.ignore--;
    else stop ??= { kind: 'break', step: row.step, bp, focus: hit.focus, error: hit.error };
  }
  if (stop) return stop;
  // A sanitizer finding is made as the statement runs: the program stops before it, at the faulting thread.
  const found = m.findings.get(row.step);
  if (found) return { kind: 'sanitizer', step: row.step, rows: found };
  // A kernel fault, likewise, before its statement; a sanitizer that stopped the launch has reported it above.
  const fault = m.faults.get(row.step);
  if (fault) return { kind: 'fault', step: row.step, site: fault };
  if (m.barriers.has(row.step)) {
    const b = s.bps.barrierBreak!;
    if (s.focus.kind !== 'device' || (row.launch === s.focus.launch && row.block === s.focus.block) || s.focus.launch !== row.launch) {
      b.hits++;
      if (b.ignore > 0) b.ignore--;
      else return { kind: 'barrier', step: row.step, row };
    }
  }
  if (s.breakOnLaunch && row.launch !== 0 && row.launch !== prevLaunch.id) return { kind: 'launch', step: row.step, row };
  prevLaunch.id = row.launch;
  return backward && goal ? goalStop(s, row, goal) : reached;
}

/** The steps where a warp arrived at a barrier (when barrier breaks are on). */
function barrierArrivals(s: DebugSession): ReadonlySet<number> {
  if (!s.bps.barrierBreak) return new Set();
  return s.trace!.barriers().arrivalSteps();
}

/**
 * Runs forward from the current step (or from it included, when the program starts) until something stops it, or the
 * program ends; true when the stop is the motion's own goal (`step N` goes on only then, as gdb's does).
 */
export async function resume(s: DebugSession, goal: Goal | null, header: 'frame' | 'auto' = 'auto', includeCurrent = false): Promise<boolean> {
  const t = s.trace!;
  // Inside a statement, the statement after it has not run: it may be the stop.
  const inside = s.cut;
  const prevLaunch = { id: includeCurrent ? 0 : t.stepRow(s.pos! - (inside === null ? 0 : 1))?.launch ?? 0 };
  let from = s.pos! + (includeCurrent || inside !== null ? 0 : 1);
  // The statement the program stands before runs first: its findings stop it there, unless that is the stop it is at.
  const here = includeCurrent || inside !== null || s.sanitizerStop === s.pos ? undefined : sanitizerStops(s).get(s.pos!);
  if (here) {
    report(s, { kind: 'sanitizer', step: s.pos!, rows: here }, header);
    return false;
  }
  const fault = includeCurrent || inside !== null || s.faultStop === s.pos || s.sanitizerStop === s.pos ? undefined : faultStops(s).get(s.pos!);
  if (fault) {
    report(s, { kind: 'fault', step: s.pos!, site: fault }, header);
    return false;
  }
  let fromSeq = inside;
  const scopes = new ScopeWatch(s);
  for (;;) {
    let found: Stop | null = null;
    // A live recording grows between passes: read the barrier arrivals and findings it has now.
    const m = marks(s);
    const end = walkForward(t, from, () => s.limit(), (row, fx) => (found = stopAt(s, row, fx, goal, prevLaunch, m, false, scopes)) !== null, fromSeq);
    // Assigned in the walk's callback, which TypeScript's narrowing cannot see.
    const stop = found as Stop | null;
    if (end !== null && stop) {
      report(s, stop, header);
      return stop.kind === 'goal';
    }
    if (s.limit() > from) fromSeq = null;
    from = Math.max(from, s.limit());
    if (!(await s.grow())) break;
  }
  if (s.stoppedByInterrupt()) return false;
  // A kernel a GPU would never finish: the program hangs there, and stops as at a Ctrl-C.
  const hung = hangSite(t);
  if (hung) {
    hangStop(s, hung);
    return false;
  }
  const last = t.stepRow(t.stepCount() - 1);
  if (goal?.atEnd?.() && last) {
    report(s, { kind: 'goal', step: t.stepCount(), row: last, changed: true, cut: goal.cut?.() ?? null }, header);
    return true;
  }
  // A frame that returned in the last statement: gdb deletes its watchpoints before the program is gone.
  const gone = scopes.ended();
  if (gone.length) {
    s.pos = t.stepCount();
    s.flushOutput();
    for (const wp of gone) s.write(scopeMessage(wp.num));
    s.bps.delete(gone.map((wp) => wp.num));
  }
  s.exited();
  return false;
}

/**
 * Runs backward from the current step; stops at step 0 when nothing else does. `start`: where
 * the focused frame began (a motion that leaves it stops there, at its call, before anything
 * earlier). A stepping motion out of a kernel's outermost frame stops before the host statement
 * that launched it, as gdb's reverse step out of a function's start goes back to its caller's line.
 * True when the stop is the motion's own goal.
 */
export function reverse(s: DebugSession, goal: Goal | null, header: 'frame' | 'auto' = 'auto', start: Cut | null = null): boolean {
  const t = s.trace!;
  const m = marks(s);
  let found: Stop | null = null;
  const prevLaunch = { id: -1 };
  const launched = goal && !start ? launchStart(s) : null;
  walkBackward(t, s.pos! - 1, (row) => {
    if (start && row.step === start.step) {
      found = { kind: 'goal', step: start.step + 1, row, changed: true, cut: start.seq };
      return true;
    }
    // Inside a statement, its effects after the program's place have not happened.
    const cut = s.cut;
    const fx = s.bps.watchpoints.length ? effectsOfStep(t, row.step).filter((e) => cut === null || row.step !== s.pos! - 1 || e.seq < cut) : [];
    found = stopAt(s, row, fx, goal, prevLaunch, m, true);
    if (found?.kind === 'launch') found = null;
    // Back out of a kernel's start: the host thread stands at its launch statement (a breakpoint there tells first).
    if (!found && row.step === launched) found = { kind: 'goal', step: row.step, row, changed: true, cut: null };
    return found !== null;
  });
  // Assigned in the walk's callback, which TypeScript's narrowing cannot see.
  const stop = found as Stop | null;
  if (stop) {
    report(s, stop, header);
    return stop.kind === 'goal';
  }
  s.say('\nNo more reverse-execution history.');
  const row = t.stepRow(0);
  s.stopAt(0, row ? focusOf(row) : { kind: 'host' });
  return false;
}

function report(s: DebugSession, stop: Stop, header: 'frame' | 'auto' = 'auto'): void {
  // gdb's stop line names the thread that stopped: a device thread is a CUDA thread, the host one a Linux thread.
  const hit = (f: Focus, step: number): string =>
    f.kind === 'device' ? '\nCUDA thread hit ' : s.view!.runtimeStarted(step) ? `\nThread 1 "${s.view!.threadName}" hit ` : '\n';
  s.bps.lastStop = null;
  switch (stop.kind) {
    case 'goal': {
      // Forward only: a reverse step is Warpscope's own, with no warps to step.
      const warning = stop.singleSteps && stop.step > s.pos! ? barrierStepWarning(s, s.pos!, stop.step) : '';
      if (stop.cut !== null) {
        // A return inside a statement: the focused thread stands in its caller.
        s.stopAt(stop.step, s.focus, 'frame', warning, stop.cut);
        return;
      }
      // A stepping goal keeps the focused lane; another warp's stop focuses its first active lane.
      const f = s.focus.kind === 'device' && sameWarp(stop.row, s.focus) ? { ...focusOf(stop.row), lane: s.focus.lane } : focusOf(stop.row);
      // gdb names the frame again when the stop is in another one (a call, a return, a new launch).
      const frameOf = (step: number, focus: Focus): string => `${s.warpState(step, focus)?.frames.length ?? 0}:${s.context(step, focus, 0).frame()?.fn.id}`;
      const moved = stop.changed || !sameFocusWarp(s.focus, f) || frameOf(s.pos!, s.focus) !== frameOf(stop.step, f);
      s.stopAt(stop.step, f, header === 'frame' || moved ? 'frame' : 'line', warning);
      return;
    }
    case 'break': {
      s.bps.lastStop = stop.bp;
      const word = stop.bp.temporary ? 'Temporary breakpoint' : 'Breakpoint';
      if (stop.bp.temporary) s.bps.delete([stop.bp.num]);
      if (stop.error !== null) {
        // Said as the thread reaches the breakpoint: after what the program printed before it.
        s.pos = stop.step;
        s.flushOutput();
        s.say(`Error in testing condition for breakpoint ${stop.bp.num}:\n${stop.error}`);
      }
      s.stopAt(stop.step, stop.focus, queueCommands(s, stop.bp.commands), `${hit(stop.focus, stop.step)}${word} ${stop.bp.num}, `);
      return;
    }
    case 'watch': {
      // Each watchpoint that triggered says so in turn, by number, as gdb prints its chain of them.
      const said = stop.hits.map(({ wp, before, after }) => {
        wp.hits++;
        const kind = wp.kind === 'watch' ? 'Hardware watchpoint' : 'Hardware read watchpoint';
        const body = wp.kind === 'watch' ? `\nOld value = ${before}\nNew value = ${after}\n` : `\nValue = ${after}\n`;
        // Named by the thread that wrote, as a breakpoint's stop is: `CUDA thread hit Watchpoint 2: iout[t * 16]` on the H100.
        return `${hit(stop.writer, stop.step)}${kind} ${wp.num}: ${wp.expr}\n${body}`;
      });
      // Where the writing thread is: the statement that wrote (it has not run its next one yet).
      queueCommands(s, stop.hits.flatMap((h) => h.wp.commands));
      // A `silent` watchpoint keeps its own report quiet; the stop is silent only when all of them are.
      const silent = stop.hits.every((h) => h.wp.commands[0] === 'silent');
      s.stopAt(stop.step, stop.writer, silent ? 'silent' : 'frame', said.join(''), stop.cut);
      return;
    }
    case 'barrier': {
      s.bps.lastStop = s.bps.barrierBreak;
      s.stopAt(stop.step, focusOf(stop.row), 'frame', `${hit(focusOf(stop.row), stop.step)}Breakpoint ${s.bps.barrierBreak!.num}, __syncthreads () in `);
      s.write(barrierReport(s, stop.step + 1));
      return;
    }
    case 'launch':
      s.stopAt(stop.step, focusOf(stop.row), 'frame', `${hit(focusOf(stop.row), stop.step)}application kernel entry function breakpoint, `);
      return;
    case 'scope':
      s.bps.delete(stop.wps.map((wp) => wp.num));
      s.stopAt(stop.step, stop.focus, 'frame', stop.wps.map((wp) => scopeMessage(wp.num)).join(''), stop.cut);
      return;
    case 'sanitizer':
      sanitizerStop(s, stop.step, stop.rows);
      return;
    case 'fault':
      faultStop(s, stop.site);
      return;
  }
}

/** Leaves a breakpoint's (or watchpoint's) commands to run once this command is done (commands.ts); how its stop is announced. */
function queueCommands(s: DebugSession, commands: readonly string[]): 'silent' | 'frame' {
  s.bps.pending = commands.length ? commands : null;
  return commands[0] === 'silent' ? 'silent' : 'frame';
}

function sameFocusWarp(a: Focus, b: Focus): boolean {
  if (a.kind === 'host' || b.kind === 'host') return a.kind === b.kind;
  return a.launch === b.launch && a.block === b.block && a.warp === b.warp;
}
