import type { Line } from './program-view.js';
import type { CType } from '../engine/check/types.js';
import type { Place } from './expr/index.js';

/*
 * The breakpoint and watchpoint table, numbered as gdb numbers them (one sequence for both).
 */

/** A line or function breakpoint; `kind` barrier stops at __syncthreads arrivals. */
export interface Breakpoint {
  readonly num: number;
  readonly kind: 'line' | 'barrier';
  /** Where it stops (line breakpoints). */
  readonly at: Line | null;
  /** The function holding `at`, for listings. */
  readonly fnName: string;
  /** Changed by `condition N EXPR`. */
  condition: string | null;
  readonly temporary: boolean;
  enabled: boolean;
  hits: number;
  /** Crossings still to pass without stopping (`continue N`, `ignore N COUNT`). */
  ignore: number;
  /** Commands run when it stops the program (`commands N` ... `end`); a first `silent` keeps the stop unannounced. */
  commands: string[];
}

/** A watchpoint on an lvalue: writes (`watch`) or reads (`rwatch`). */
export interface Watchpoint {
  readonly num: number;
  readonly kind: 'watch' | 'rwatch';
  readonly expr: string;
  /** Where the expression's object is and its type, fixed when the watchpoint is set (gdb re-reads the same bytes, whatever the focus later). */
  readonly place: Place;
  readonly type: CType;
  /** What is watched: memory bytes of a space (for shared/local, of one block/thread), or a register of one thread. */
  readonly target:
    | { readonly kind: 'memory'; readonly space: number; readonly address: number; readonly size: number; readonly launch: number; readonly block: number; readonly thread: number }
    | { readonly kind: 'register'; readonly fnVar: number; readonly launch: number; readonly block: number; readonly warp: number; readonly lane: number };
  /** The frame whose variables the expression names (gdb deletes the watchpoint once it is gone); absent for statics and addresses. */
  readonly scope?: WatchScope;
  enabled: boolean;
  hits: number;
  /** As a breakpoint's. */
  commands: string[];
}

/** A watched frame: its warp (the host's is launch 0), how many frames deep it is, and the effect number of its enter (null: before the trace). */
export interface WatchScope {
  readonly launch: number;
  readonly block: number;
  readonly warp: number;
  readonly depth: number;
  readonly enter: number | null;
}

/** Every breakpoint and watchpoint of a session. */
export class BreakpointTable {
  private next = 1;
  readonly breakpoints: Breakpoint[] = [];
  readonly watchpoints: Watchpoint[] = [];
  /** The breakpoint the program last stopped at (for `continue N`). */
  lastStop: Breakpoint | null = null;
  /** The commands of the breakpoint the program just stopped at, still to run. */
  pending: readonly string[] | null = null;

  /** Adds a breakpoint and returns it. */
  addBreak(b: Omit<Breakpoint, 'num' | 'enabled' | 'hits' | 'ignore' | 'commands'>): Breakpoint {
    const bp: Breakpoint = { ...b, num: this.next++, enabled: true, hits: 0, ignore: 0, commands: [] };
    this.breakpoints.push(bp);
    return bp;
  }

  /** Adds a watchpoint and returns it. */
  addWatch(w: Omit<Watchpoint, 'num' | 'enabled' | 'hits' | 'commands'>): Watchpoint {
    const wp: Watchpoint = { ...w, num: this.next++, enabled: true, hits: 0, commands: [] };
    this.watchpoints.push(wp);
    return wp;
  }

  /** Deletes by number (all when `nums` is empty); the numbers that did not exist. */
  delete(nums: readonly number[]): number[] {
    if (nums.length === 0) {
      this.breakpoints.length = 0;
      this.watchpoints.length = 0;
      return [];
    }
    const missing = nums.filter((n) => !this.has(n));
    for (const list of [this.breakpoints, this.watchpoints] as { num: number }[][]) {
      for (let i = list.length - 1; i >= 0; i--) if (nums.includes(list[i]!.num)) list.splice(i, 1);
    }
    return missing;
  }

  /** Enables or disables by number (all when empty); the numbers that did not exist. */
  setEnabled(nums: readonly number[], on: boolean): number[] {
    const all = [...this.breakpoints, ...this.watchpoints];
    for (const b of all) if (nums.length === 0 || nums.includes(b.num)) b.enabled = on;
    return nums.filter((n) => !this.has(n));
  }

  private has(n: number): boolean {
    return this.breakpoints.some((b) => b.num === n) || this.watchpoints.some((w) => w.num === n);
  }

  /** Enabled line breakpoints at a statement location. */
  at(file: string, line: number, col: number): Breakpoint[] {
    return this.breakpoints.filter((b) => b.enabled && b.kind === 'line' && b.at !== null && b.at.file === file && b.at.line === line && b.at.col === col);
  }

  get barrierBreak(): Breakpoint | null {
    return this.breakpoints.find((b) => b.enabled && b.kind === 'barrier') ?? null;
  }
}
