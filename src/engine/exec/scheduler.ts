import type { StepCounter, WarpCtx } from './warp.js';

/*
 * The order in which a launch's warps take turns (RunOptions.scheduler). runGrid (grid.ts) drives
 * the turns; this file holds the choices and what compiled code asks at each statement.
 *
 *   greedy       a block's turn runs each of its warps, lowest first, until it parks at a barrier or
 *                ends (the default; the order the H100 goldens show, docs/engine.md "Warp order")
 *   round-robin  the resident blocks' warps take turns one statement at a time: warp 0, warp 1, ...
 *                of a block, then the next resident block's warps, round and round
 *   random SEED  at every statement the next warp is drawn from the ready warps (neither parked at
 *                a barrier nor finished) of all resident blocks by a PRNG seeded with SEED
 *
 * Switching at statements needs code compiled with `instrument` (every function a generator that
 * passes a statement head): runProgram compiles that way when the scheduler is not greedy.
 */

/** How a launch's warps take turns. */
export type SchedulerSpec = { readonly kind: 'greedy' } | { readonly kind: 'round-robin' } | { readonly kind: 'random'; readonly seed: number };

export const greedyScheduler: SchedulerSpec = { kind: 'greedy' };

/** Whether warps give up their turn at statements under `spec` (round-robin, random). */
export function switchesAtStatements(spec: SchedulerSpec | undefined): boolean {
  return spec !== undefined && spec.kind !== 'greedy';
}

/** The spelling the CLI and the debugger use: greedy, round-robin, random:SEED. */
export function formatScheduler(spec: SchedulerSpec): string {
  return spec.kind === 'random' ? `random:${spec.seed}` : spec.kind;
}

/** Reads greedy, round-robin or random:SEED (SEED a whole number 0..4294967295); null for anything else. */
export function parseScheduler(text: string): SchedulerSpec | null {
  if (text === 'greedy' || text === 'round-robin') return { kind: text };
  const m = /^random:(\d{1,10})$/.exec(text);
  if (!m) return null;
  const seed = Number(m[1]);
  return seed <= 0xffffffff ? { kind: 'random', seed } : null;
}

/**
 * What instrumented device code asks at each statement head, after the observer has heard the
 * statement: `if (S.sched && S.sched.switchNow(W)) yield 2;`. A turn under round-robin or random
 * is one statement: the one a warp was stopped before (or is part-way through, after a barrier),
 * or else the next one it reaches. runGrid sets `left` at the start of each turn and reads
 * `switched` when the warp yields 2.
 */
export class StatementSwitch {
  /** Statement heads the running warp may still pass in this turn. */
  left = 0;
  /** Set when the running warp's turn ended at a statement head: that statement has not run yet. */
  switched = false;

  /** Begins a turn; `midStatement`: the warp stopped before, or inside, a statement that it runs now. */
  begin(midStatement: boolean): void {
    this.left = midStatement ? 0 : 1;
    this.switched = false;
  }

  /** Called at every statement head of device code: true ends the running warp's turn there. */
  switchNow(_W: WarpCtx): boolean {
    if (this.left > 0) {
      this.left--;
      return false;
    }
    this.switched = true;
    return true;
  }
}

/** A launch's step counter with the statement switch that instrumented device code reads as `S.sched` (null under greedy). */
export interface ScheduledCounter extends StepCounter {
  readonly sched: StatementSwitch | null;
}

/** mulberry32: a seeded 32-bit PRNG, the same sequence for a seed on every machine. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}
