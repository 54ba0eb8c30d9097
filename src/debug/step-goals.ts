import type { StepRow } from '../trace/reader.js';
import { EFFECT } from '../trace/schema.js';
import type { DebugSession } from './session.js';
import { sameWarp } from './focus.js';
import { effectsOfStep } from './motion.js';
import { continuesStatement } from './statement-start.js';
import type { Goal } from './run-commands.js';

/*
 * The goals of gdb's stepping commands over a statement trace. A statement can call and return
 * more than once (`f(a) + f(b)`), and a return can land in the middle of a caller's statement,
 * so the goals follow the focused warp's frame events (enter/leave effects) between its
 * statements, not only the call depth of the statements themselves.
 */

export type StepKind = 'step' | 'next' | 'stepi' | 'finish' | 'until' | 'lane';

/** A stepping goal for the focused warp: `kind` as gdb's command of that name. */
export function stepGoal(s: DebugSession, kind: StepKind): Goal | string {
  const cur = s.focusRow();
  if (!cur) return 'The program is not being run.';
  const t = s.trace!;
  const here = t.loc(cur.loc);
  const focus = s.focus;
  const d = cur.depth;
  // finish runs the selected frame to its return: that many frames inside it return first.
  const up = kind === 'finish' ? s.frameIndex : 0;
  if (kind === 'finish' && d - up <= 1) return '"finish" not meaningful in the outermost frame.';
  if (kind === 'lane' && focus.kind !== 'device') return 'step lane: the focus is not on a CUDA thread.';
  // Inside its statement (a finish stopped as its frame returned), the rest of that statement comes first.
  const inside = insideStatement(s);
  const from = inside ? s.pos! - 1 : cur.step;
  // Frame events of the warp's statements since the current one: depth relative to it, and its lowest.
  // They happen during the warp's own statements; each is read once a later statement is seen.
  let last = from;
  let pending = true;
  let fromSeq = inside ? s.cut : null;
  let delta = 0;
  let lowest = 0;
  // The effect number where the current frame returned (finish stops just after it), and the caller's statement then.
  let returned: number | null = null;
  let callerStep = -1;
  // Whether the caller's statement does anything after the return: a write, a call, a print.
  let rest = false;
  // Reads the frame events of the warp's last statement seen (once a later one shows it is complete, or the program ended).
  const settle = (): void => {
    if (pending) {
      pending = false;
      for (const { d: fx, i, seq } of effectsOfStep(t, last, fromSeq)) {
        if (returned !== null) rest = true;
        const k = fx.kind[i]!;
        if ((k !== EFFECT.enter && k !== EFFECT.leave) || fx.launch[i] !== cur.launch || fx.block[i] !== cur.block || fx.warp[i] !== cur.warp) continue;
        delta += k === EFFECT.enter ? 1 : -1;
        lowest = Math.min(lowest, delta);
        if (lowest < -up && returned === null) {
          returned = seq + 1;
          callerStep = last;
          // Output after the return, or an API call made from the caller's statement, not the returning one's.
          const own = t.stepRow(last)!.loc;
          rest = t.count('output', `step = ${last} AND effect >= ${returned}`) + t.count('api_calls', `step = ${last} AND loc_id != ${own}`) > 0;
        }
      }
      fromSeq = null;
    }
  };
  const follow = (row: StepRow): void => {
    if (row.step > last) settle();
    if (sameWarp(row, focus)) (last = row.step), (pending = true);
  };
  const goal: Goal = (row, line, file) => {
    if (row.step <= from) return false;
    follow(row);
    // gdb's finish stops as the frame returns, in the middle of the caller's statement. When nothing of that
    // statement is left, the return address is the next line's first instruction: it stops at the warp's next
    // statement, as gdb stops at `main () at prog.cu:96` after a call statement on line 94.
    if (kind === 'finish') {
      if (returned === null) return false;
      if (rest) return true;
      return (sameWarp(row, focus) && row.step > callerStep) || (focus.kind === 'device' && d + lowest <= 0);
    }
    // The focused warp returned from its kernel: the next statement of any thread is where stepping ends (cuda-gdb moves the focus on).
    if (focus.kind === 'device' && d + lowest <= 0) return true;
    if (!sameWarp(row, focus)) return false;
    // The current frame returned (later statements at its depth are another activation's).
    const gone = lowest < 0;
    const moved = line !== here.line || file !== here.file || row.depth !== d;
    switch (kind) {
      case 'stepi': return true;
      case 'step': return moved || gone;
      case 'lane': return (moved || gone) && focus.kind === 'device' && (row.mask & (1 << focus.lane)) !== 0;
      case 'next': return row.depth < d || (!gone && row.depth === d && moved);
      case 'until': return row.depth < d || (!gone && row.depth === d && file === here.file && line > here.line);
    }
  };
  // Whether the stop is in another activation than the one the command started in.
  goal.changed = () => lowest < 0 || delta !== 0;
  goal.singleSteps = kind !== 'finish';
  goal.cut = () => (kind === 'finish' && rest ? returned : null);
  // The program ended with no statement after the return (a call in main's last statement): the rest of the caller's
  // statement (its own return) is still to run there, so finish stops inside it, as gdb's does at `0x... in main ()`.
  goal.atEnd = () => {
    settle();
    if (kind !== 'finish' || returned === null) return false;
    rest = true;
    return true;
  };
  return goal;
}

/** A reverse stepping goal: the start of the focused warp's earlier statement of another line (or the caller). */
export function reverseGoal(s: DebugSession, kind: 'step' | 'next' | 'stepi' | 'finish'): Goal | string {
  const cur = s.focusRow();
  if (!cur) return 'The program is not being run.';
  const here = s.trace!.loc(cur.loc);
  const focus = s.focus;
  const d = cur.depth;
  const up = kind === 'finish' ? s.frameIndex : 0;
  if (kind === 'finish' && d - up <= 1) return '"finish" not meaningful in the outermost frame.';
  // Inside its statement, the calls it made so far are behind the program, and its own start.
  const inside = insideStatement(s);
  const before = inside ? s.pos! : cur.step;
  // A statement recorded as two steps is reached at its first: the goal met at the second waits for it.
  let reached = false;
  return (row, line, file) => {
    if (!sameWarp(row, focus) || row.step >= before) return false;
    if (kind === 'stepi') return true;
    const moved = line !== here.line || file !== here.file || row.depth !== d;
    const again = inside && row.step === cur.step;
    const met = reached || (kind === 'step' ? moved || again : kind === 'next' ? row.depth < d || (row.depth === d && (moved || again)) : row.depth < d - up);
    reached = met && kind !== 'finish' && continuesStatement(s.trace!, s.view!, row);
    return met && !reached;
  };
}

/** Whether the focused warp stands inside its statement (the one before the current step): a finish left it there. */
function insideStatement(s: DebugSession): boolean {
  if (s.cut === null || !s.pos) return false;
  const row = s.trace!.stepRow(s.pos - 1);
  return row !== null && sameWarp(row, s.focus);
}
