/*
 * What the sanitizers find, as values: one discriminated union shared by the analyses, the
 * compute-sanitizer style report and the JSON contract (docs/sanitizers.md). Nothing here prints.
 */

/** The four compute-sanitizer tools `warpscope check --tool` offers. */
export type Tool = 'memcheck' | 'racecheck' | 'initcheck' | 'synccheck';

export const TOOLS: readonly Tool[] = ['memcheck', 'racecheck', 'initcheck', 'synccheck'];

/** A thread or block index. */
export interface Index3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** Where a device access happened: the kernel, the source line, the thread and its block. */
export interface DeviceSite {
  readonly kernel: string;
  /** The kernel as compute-sanitizer names it in a device frame, `k(const int *, int *, int)` (absent when unknown: the name stands in). */
  readonly signature?: string;
  readonly file: string;
  readonly line: number;
  readonly block: Index3;
  readonly thread: Index3;
}

export type Space = 'global' | 'shared' | 'local' | 'constant';
export type Access = 'read' | 'write' | 'atomic';

/** An allocation a report names (the nearest one to a bad address, or the one freed). */
export interface AllocationRef {
  readonly address: number;
  readonly size: number;
}

/** A memcheck access error: outside every allocation, misaligned, or into freed memory. */
export interface AccessError extends DeviceSite {
  readonly kind: 'out-of-bounds' | 'misaligned' | 'use-after-free';
  readonly space: Space;
  readonly access: Access;
  readonly size: number;
  readonly address: number;
  /** The allocation holding or nearest to the address (global memory only). */
  readonly allocation?: AllocationRef;
}

/** A CUDA runtime call that returned an error (memcheck). */
export interface ApiError {
  readonly kind: 'api-error';
  readonly api: string;
  /** The CUDA error code, with its name and description. */
  readonly code: number;
  readonly error: string;
  readonly description: string;
  readonly file: string;
  readonly line: number;
}

/** A read of device memory nothing wrote (initcheck). */
export interface UninitializedRead extends DeviceSite {
  readonly kind: 'uninitialized-read';
  readonly space: Space;
  readonly size: number;
  readonly address: number;
}

export type Hazard = 'RAW' | 'WAR' | 'WAW';

/** One side of a race: where it is and one thread that made it. */
export interface RaceAccess {
  readonly line: number;
  readonly file: string;
  readonly access: Access;
  readonly thread: Index3;
  readonly block: Index3;
}

/**
 * Racecheck: accesses at two source locations that touched the same bytes with no barrier
 * between them. `count` is how many byte-level hazards the pair had (compute-sanitizer's
 * "[N hazards]"); `severity` is 'warning' when only threads of one warp were involved.
 */
export interface RaceError extends DeviceSite {
  readonly kind: 'race';
  readonly space: Space;
  readonly hazard: Hazard;
  readonly severity: 'error' | 'warning';
  readonly count: number;
  /** The two accesses: the first is the location the report groups by, the second its partner. */
  readonly accesses: readonly [RaceAccess, RaceAccess];
  /** Reports group pairs that share their first access; pairs of one group have the same number. */
  readonly group: number;
}

/** Synccheck: __syncthreads reached by part of a warp's threads. */
export interface BarrierDivergence extends DeviceSite {
  readonly kind: 'barrier-divergence';
}

/** Synccheck: a __syncwarp whose mask leaves out the calling thread. */
export interface InvalidWarpSync extends DeviceSite {
  readonly kind: 'invalid-warp-sync';
  readonly mask: number;
}

/** Synccheck: a launch that could never finish (a GPU would hang), with why. */
export interface Deadlock {
  readonly kind: 'deadlock';
  readonly kernel: string;
  readonly signature?: string;
  readonly file: string;
  readonly line: number;
  readonly detail: string;
}

/** A device allocation still live when the program ended (memcheck --leak-check full). */
export interface Leak {
  readonly kind: 'leak';
  readonly address: number;
  readonly size: number;
  readonly file: string;
  readonly line: number;
}

export type Finding = AccessError | ApiError | UninitializedRead | RaceError | BarrierDivergence | InvalidWarpSync | Deadlock | Leak;

/** What one checked run produced. */
export interface CheckResult {
  readonly tool: Tool;
  /** Errors in the order the tool met them (leaks last, as compute-sanitizer prints them at exit). */
  readonly findings: readonly Finding[];
  /** Whether leaks were looked for (--leak-check full). */
  readonly leakCheck: boolean;
  /** The program's exit status. */
  readonly status: number;
  /**
   * Whether the run was stopped rather than ended (a launch that would hang, a step limit: status
   * 124). compute-sanitizer's process is killed then: it checks no leaks and prints no summary.
   */
  readonly stopped: boolean;
}
