/*
 * The one typed API of a debugging session between a front end (the renderer, in Electron or
 * a browser) and the session service that owns the DebugSession. Commands go in, events come
 * out in order; both are plain JSON so any transport (Electron IPC, a WebSocket, a worker's
 * messages) carries them unchanged. No Node or DOM imports: both sides compile this file.
 */

/** The motions the toolbar and keys offer; each is the cuda-gdb command of the same name. */
export const MOTIONS = ['run', 'continue', 'next', 'step', 'finish', 'reverse-step', 'reverse-next', 'reverse-continue', 'reverse-finish'] as const;

/** One of MOTIONS. */
export type Motion = (typeof MOTIONS)[number];

/** What a session opens: a CUDA program to run (recorded live) or a saved trace to replay. */
export type OpenTarget = { readonly kind: 'source'; readonly path: string } | { readonly kind: 'trace'; readonly path: string };

/** A command from a front end. */
export type SessionCommand =
  /** Debug another program or trace; the current one is closed. */
  | { readonly kind: 'open'; readonly target: OpenTarget }
  /** A cuda-gdb command line, answered with the text `warpscope debug` prints for it. */
  | { readonly kind: 'console'; readonly line: string }
  /** Set a breakpoint at a line, or delete the ones there (echoed as `break FILE:LINE` / `delete N`). */
  | { readonly kind: 'toggle-breakpoint'; readonly file: string; readonly line: number }
  /** A motion button or key (echoed as its command). */
  | { readonly kind: 'motion'; readonly motion: Motion }
  /** Go to a step of the recording (echoed as `goto STEP`). */
  | { readonly kind: 'goto'; readonly step: number }
  /** Ctrl-C: a command that is running the program stops where it is. */
  | { readonly kind: 'interrupt' }
  /** Tab completion of a console line; answered by a 'completions' event. */
  | { readonly kind: 'complete'; readonly line: string }
  /** Send everything a newly connected front end needs (sources, breakpoints, position, transcript). */
  | { readonly kind: 'sync' };

/** A source file of the debugged program. */
export interface SourceFile {
  readonly path: string;
  readonly text: string;
}

/** A line breakpoint as the Source panel shows it. */
export interface BreakpointView {
  readonly num: number;
  readonly file: string;
  readonly line: number;
  readonly enabled: boolean;
  readonly condition: string | null;
  readonly temporary: boolean;
}

/** The focused thread: the host, or a CUDA thread with its coordinates as cuda-gdb names them. */
export type FocusView =
  | { readonly kind: 'host' }
  | {
      readonly kind: 'device';
      readonly launch: number;
      readonly block: number;
      readonly warp: number;
      readonly lane: number;
      /** `block (0,0,0) thread (3,0,0)`. */
      readonly label: string;
    };

/** Where the program stands after a command; null position when it is not being run. */
export interface StopView {
  readonly step: number;
  readonly focus: FocusView;
  readonly file: string;
  readonly line: number;
}

/** A piece of the program's own output. */
export interface OutputChunk {
  readonly stream: 'stdout' | 'stderr';
  readonly text: string;
}

/** An event from the session service. */
export type SessionEvent =
  /** A program or trace is open: its sources (main file first) and what it is. */
  | { readonly kind: 'opened'; readonly mode: 'live' | 'replay'; readonly title: string; readonly mainFile: string; readonly files: readonly SourceFile[] }
  /** It could not be opened; nothing else changed. */
  | { readonly kind: 'open-failed'; readonly message: string }
  /** A command line about to run, as the console echoes it (`(warpscope) break avgfilter.cu:12`). */
  | { readonly kind: 'command'; readonly line: string }
  /** Console text: the command's answer, exactly as `warpscope debug` prints it (program output included). */
  | { readonly kind: 'output'; readonly text: string }
  /** The program's own output up to the current position; `reset` replaces what was shown (time went back, or a new run). */
  | { readonly kind: 'program-output'; readonly reset: boolean; readonly chunks: readonly OutputChunk[] }
  /** The program stopped here; null when it is not being run (before `run`, after it ended, after `kill`). */
  | { readonly kind: 'stopped'; readonly stop: StopView | null }
  /** The line breakpoints changed. */
  | { readonly kind: 'breakpoints'; readonly breakpoints: readonly BreakpointView[] }
  /** The program ended (its exit status; null when the recording was interrupted). */
  | { readonly kind: 'exited'; readonly status: number | null }
  /** A command started (true) or finished (false): motions and typing wait while busy. */
  | { readonly kind: 'busy'; readonly busy: boolean }
  /** Completions of a 'complete' command's line: the words, and the part of the line they replace. */
  | { readonly kind: 'completions'; readonly line: string; readonly words: readonly string[] }
  /** A message that could not be understood or carried out (never fatal). */
  | { readonly kind: 'error'; readonly message: string };
