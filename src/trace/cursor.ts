import type { Trace } from './reader.js';
import type { DecodedSteps } from './codec.js';
import { MachineState } from './state.js';
import { cloneState, deserializeState } from './checkpoint.js';
import { TraceDamage } from './damage.js';

/*
 * Moves a reconstructed machine state to any step of a trace: forward by applying statements
 * and effects, anywhere else from the nearest checkpoint before the target.
 */

/** The machine state of a trace at a movable step. */
export class Cursor {
  private cur = new MachineState();
  /** The cut the current state stands at (null: a statement's start). */
  private cutAt: number | null = null;
  private readonly checkpoints = new Map<number, MachineState>();
  /** Checkpoints rebuilt once: a second visit keeps a pristine copy, so visits after it only clone. */
  private readonly visited = new Set<number>();

  /** `useCheckpoints` false rebuilds every state from the first step (tests compare the two). */
  constructor(private readonly trace: Trace, private readonly useCheckpoints = true) {}

  /**
   * The state before step `step` runs (statements [0, step) and their effects applied); with
   * `cut`, the state inside statement step - 1 once effects [0, cut) are applied, as a return
   * leaves a caller in the middle of the statement that called (finish stops there).
   */
  at(step: number, cut: number | null = null): MachineState {
    const s = Math.max(0, Math.min(step, this.trace.stepCount()));
    const c = cut === null || s === 0 ? null : cut;
    // A new state has not yet taken the effects made before the first statement (static data, main's activation).
    if (s === this.cur.step && c === this.cutAt && (s > 0 || this.cur.effectSeq > 0 || this.trace.effectCount() === 0)) return this.cur;
    // A cut stands inside statement s - 1: the state is built from its start.
    const base = c === null ? s : s - 1;
    const cp = this.useCheckpoints ? this.trace.checkpointBefore(base) : null;
    // Forward from the current state only where it has taken no effect the target has not.
    const behind = s < this.cur.step || (c !== null && this.cur.effectSeq > c);
    const fromCheckpoint = cp !== null && (behind || cp > this.cur.step);
    if (fromCheckpoint) this.cur = this.restore(cp);
    else if (behind) this.cur = new MachineState();
    this.advance(this.cur, s, c ?? Infinity);
    this.cutAt = c;
    return this.cur;
  }

  /** Forgets the current state (a live recording grew: keep none of a partial view). */
  reset(): void {
    this.cur = new MachineState();
    this.cutAt = null;
  }

  /** The state of the checkpoint at `step` (a full one plus the deltas after it), as a copy the caller may move. */
  private restore(step: number): MachineState {
    const kept = this.checkpoints.get(step);
    if (kept) return cloneState(kept);
    const built = this.build(step);
    // A first visit hands the built state out as it is: copying a large state costs as much as building it.
    if (!this.visited.has(step)) {
      this.visited.add(step);
      return built;
    }
    this.checkpoints.set(step, built);
    if (this.checkpoints.size > 4) this.checkpoints.delete(this.checkpoints.keys().next().value!);
    return cloneState(built);
  }

  private build(step: number): MachineState {
    let built: MachineState | null = null;
    for (const c of this.trace.checkpointChain(step)) {
      built = deserializeState(c.data, built);
      if (!built) throw new TraceDamage(`the checkpoint at step ${c.step} is damaged`);
    }
    if (!built) throw new TraceDamage(`the checkpoint at step ${step} has no full checkpoint before it`);
    return built;
  }

  /** Applies statements [state.step, to) and every effect made before step `to` (before effect number `cut` at most), in recording order. */
  private advance(state: MachineState, to: number, cut: number): void {
    const t = this.trace;
    const steps = new StepWalk(t, state);
    let seq = state.effectSeq;
    const total = Math.min(t.effectCount(), cut);
    while (seq < total) {
      const at = t.locateEffect(seq)!;
      const d = t.effectChunk(at.chunk);
      const end = Math.min(d.count, at.row + total - seq);
      let i = at.row;
      for (; i < end; i++) {
        const es = d.step[i]!;
        if (es >= to) break;
        // An effect of step es comes after that statement.
        if (es >= state.step) steps.to(es + 1);
        state.applyEffect(d, i, t.blobBytes);
      }
      seq = at.first + i;
      if (i < d.count) break;
    }
    steps.to(to);
  }
}

/** Applies a trace's statements to a state in order, keeping its place in the step chunks. */
class StepWalk {
  private chunk: DecodedSteps | null = null;
  private first = 0;
  private end = 0;

  constructor(private readonly trace: Trace, private readonly state: MachineState) {}

  /** Applies statements [state.step, to). */
  to(to: number): void {
    const state = this.state;
    while (state.step < to) {
      if (this.chunk === null || state.step < this.first || state.step >= this.end) {
        const at = this.trace.locateStep(state.step);
        if (!at) return;
        this.chunk = this.trace.stepChunk(at.chunk);
        this.first = at.first;
        this.end = at.first + this.chunk.count;
      }
      const d = this.chunk;
      const end = Math.min(this.end, to);
      for (let s = state.step; s < end; s++) state.applyStep(d, s - this.first, s);
    }
  }
}
