import type { Diagnostic } from './front/diag.js';
import type { TimelineOp } from './runtime/streams.js';
import type { ExecutionListener } from './runtime/listener.js';
import type { SchedulerSpec } from './exec/scheduler.js';

export type { SchedulerSpec };

/*
 * The one typed command/event API through which the CLI, the Electron main process
 * and the browser host drive the engine. Commands go in; events come out in order.
 */

/** Options of a program run. */
export interface RunOptions {
  /** Contract `a*b+c` into fused multiply-adds as nvcc does by default (`--fmad=true`); the engine's default is false, like `nvcc -fmad=false`. */
  readonly fmad: boolean;
  /** Warp-statements one kernel launch may execute before it is stopped (a guard against infinite loops). */
  readonly maxSteps: number;
  /** Statements host code may execute before it is stopped; CPU reference loops of teaching programs run to billions. */
  readonly maxHostSteps: number;
  /** The simulated GPU model (`--device`): a preset id of runtime/presets (h100, a100, k80); the H100 when absent. */
  readonly device?: string;
  /** Report every stream operation with its modelled times as a 'timeline' event (`--timeline`). */
  readonly timeline?: boolean;
  /** How warps take turns (`--scheduler`): greedy (the default, the order the H100 goldens show), round-robin or random with a seed, one statement per turn (docs/engine.md "Warp order"). */
  readonly scheduler?: SchedulerSpec;
  /** stdout is a terminal (a debugger's console): stdio flushes it at each newline instead of in 4 KiB blocks. */
  readonly lineBuffered?: boolean;
}

export const defaultRunOptions: RunOptions = { fmad: false, maxSteps: 100_000_000, maxHostSteps: 5_000_000_000 };

/** Where the engine reads source files (the edge decides: disk, an editor buffer, a browser upload). */
export interface SourceHost {
  readFile(path: string): string | null;
}

export type EngineCommand =
  /** Compile `file` and run its main() with `argv` (argv[0] is the program name). */
  | { readonly kind: 'run'; readonly file: string; readonly argv: readonly string[]; readonly options: RunOptions }
  /** As 'run', with every execution event also told to `listener` (a trace recorder, a debugger); the run's output is unchanged. */
  | { readonly kind: 'record'; readonly file: string; readonly argv: readonly string[]; readonly options: RunOptions; readonly listener: ExecutionListener };

export type EngineEvent =
  /** Bytes the program wrote to stdout/stderr (char codes 0..255), in the order a terminal would show them. */
  | { readonly kind: 'stdout'; readonly text: string }
  | { readonly kind: 'stderr'; readonly text: string }
  /** A compile-time or run-time diagnostic; `rendered` is the clang-style text with source line and caret. */
  | { readonly kind: 'diagnostic'; readonly diagnostic: Diagnostic; readonly rendered: string }
  /** A stream operation finished in modelled time (only with RunOptions.timeline). */
  | { readonly kind: 'timeline'; readonly op: TimelineOp }
  /** The program ended: main()'s return value, exit()'s status, 128+signal for a crash, 1 for a compile error. */
  | { readonly kind: 'exit'; readonly status: number };
