/*
 * The one typed API of a debugging session between a front end (the renderer, in Electron or
 * a browser) and the session service that owns the DebugSession. Commands go in, events come
 * out in order; both are plain JSON so any transport (Electron IPC, a WebSocket, a worker's
 * messages) carries them unchanged. No Node or DOM imports: both sides compile this file.
 */

import type { LaneSnapshot, LaunchLayout, SharedView, WarpTable } from './views.js';

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
  | { readonly kind: 'console'; readonly line: string; /** Sent by a toolbar button, not typed: no one waits at the prompt, so gdb's questions answer themselves (yes). */ readonly button?: boolean }
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
  | { readonly kind: 'sync' }
  /** The grid view shows blocks [first, first + count): their lanes' masks come in each 'lane-states' event from now on (count 0: none). */
  | { readonly kind: 'watch-blocks'; readonly first: number; readonly count: number; /** Which front end reports, stamped by a host with several (whatever a page sends is replaced); each front end's blocks are kept. */ readonly client?: number }
  /** A breakpoint's condition from the Source gutter (echoed as `condition N EXPR`; empty drops it). */
  | { readonly kind: 'set-condition'; readonly breakpoint: number; readonly condition: string }
  /** What the Open menu offers; answered by the host (not the session) with a 'file-list' event. */
  | { readonly kind: 'list-files' }
  /** A .cu file dropped on a browser page with the headers it includes: the host saves them in one folder under the served folder's .warpscope/dropped/ and opens the .cu. */
  | { readonly kind: 'upload'; readonly files: readonly DroppedFile[] };

/** A file dropped on a browser page: its plain name and its text. */
export interface DroppedFile {
  readonly name: string;
  readonly text: string;
}

/** What the Open menu lists: openable files under the host's folder (relative paths; none in Electron, whose dialog browses) and recently opened ones. */
export interface FileListing {
  /** The folder a browser host serves, null in Electron. */
  readonly folder: string | null;
  readonly files: readonly string[];
  /** Most recent first, as the host would open them. */
  readonly recent: readonly string[];
}

/** Other warps of the focused block standing at one line (the Source panel's marker). */
export interface WarpLineView {
  readonly file: string;
  readonly line: number;
  /** Warp numbers within the block, the focused warp left out. */
  readonly warps: readonly number[];
}

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
  /** Stopped for a kernel's CUDA exception there (not merely at its step, as a goto is). */
  readonly exception?: true;
  /** Stopped for what a sanitizer found there (`set cuda memcheck on`), not merely at its step. */
  readonly sanitizer?: true;
  /** The caller frame `up`/`frame N` selected (absent for the innermost): its level and the line of its call. */
  readonly frame?: { readonly level: number; readonly file: string; readonly line: number };
}

/** A piece of the program's own output. */
export interface OutputChunk {
  readonly stream: 'stdout' | 'stderr';
  readonly text: string;
}

/** A stream operation of the modelled timeline (docs/timing.md), with the steps of the recording it covers. */
export interface TimelineBar {
  readonly id: number;
  /** 0: the legacy default stream; n: the n-th stream the program created. */
  readonly stream: number;
  readonly kind: 'kernel' | 'memcpy' | 'memset' | 'free' | 'event record' | 'wait' | 'host func';
  readonly name: string;
  /** Modelled start and end, ns from the program's start. */
  readonly start: number;
  readonly end: number;
  /** Steps it covers: a kernel's statements [fromStep, toStep); any other operation the step the recording reached when it ran (fromStep === toStep). */
  readonly fromStep: number;
  readonly toStep: number;
  /** The launch a kernel bar is (launches table), else null. */
  readonly launch: number | null;
  /** A kernel still running where the recording ends: its stream, start and end are estimates until it finishes (and its steps run to the recording's end). */
  readonly running?: boolean;
  /** The launch failed: a fault ended it, or it never finished (a barrier deadlock, or a kernel that loops without end or ran past --max-steps: a GPU would hang, so its bar runs to where the recording ended). */
  readonly failed?: 'fault' | 'deadlock' | 'step-limit';
}

/** The modelled timeline of the recording so far. */
export interface TimelineView {
  readonly bars: readonly TimelineBar[];
  /** Steps recorded so far (the position can be 0 to steps - 1). */
  readonly steps: number;
  /** Whether the recording ran to its end. */
  readonly complete: boolean;
}

/** A typed view of a global or constant allocation at the current step. */
export interface MemoryRegionView {
  /** Named as the program names it: the host variable a cudaMalloc wrote (`d_A`), or the __device__/__constant__ symbol. */
  readonly name: string;
  readonly origin: 'cudaMalloc' | 'symbol';
  readonly space: 'global' | 'constant';
  /** The element type as C spells it (`float`). */
  readonly type: string;
  readonly address: number;
  readonly bytes: number;
  /** Elements in the region; `values` holds the first ones, as print formats them. */
  readonly count: number;
  readonly values: readonly string[];
}

/** A compile-time or run-time problem of the program, or a sanitizer's finding, at a source line. */
export interface DiagnosticView {
  readonly source: 'compile' | 'runtime' | 'memcheck' | 'racecheck' | 'initcheck' | 'synccheck';
  readonly severity: 'error' | 'warning' | 'note';
  readonly message: string;
  readonly file: string;
  readonly line: number;
  readonly col: number;
  /** The step it happened at (run-time problems and findings); null for compile diagnostics. */
  readonly step: number | null;
}

/** What a front end may do: drive the session alone, drive it with a class following (presenter), or follow (viewer). */
export type Role = 'driver' | 'presenter' | 'viewer';

/** An event from the session service. */
export type SessionEvent =
  /** A program or trace is open: its sources (main file first) and what it is. */
  | { readonly kind: 'opened'; readonly mode: 'live' | 'replay'; readonly title: string; readonly mainFile: string; readonly files: readonly SourceFile[]; /** The trace the session reads or records (a classroom's viewers read it too); absent when the program did not compile. */ readonly trace?: string }
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
  /** A classroom viewer's: the presenter's command started (true) or finished (false); the viewer's own console stays free. */
  | { readonly kind: 'presenter-busy'; readonly busy: boolean }
  /** Completions of a 'complete' command's line: the words, and the part of the line they replace. */
  | { readonly kind: 'completions'; readonly line: string; readonly words: readonly string[] }
  /** A message that could not be understood or carried out (never fatal). */
  | { readonly kind: 'error'; readonly message: string }
  /** The running launch's shape (null when no kernel runs at the stop). */
  | { readonly kind: 'layout'; readonly layout: LaunchLayout | null }
  /** Lane states at the stop (null when no kernel runs). */
  | { readonly kind: 'lane-states'; readonly snapshot: LaneSnapshot | null }
  /** The focused warp's variables lane by lane (null when the focus is not a device thread). */
  | { readonly kind: 'warp-table'; readonly table: WarpTable | null }
  /** The focused block's shared memory (null when the focus is not a device thread). */
  | { readonly kind: 'shared-memory'; readonly view: SharedView | null }
  /** The stream timeline of the recording so far (sent when it grew). */
  | { readonly kind: 'timeline'; readonly timeline: TimelineView }
  /** Global and constant memory at the current position (sent after every command that moved it). */
  | { readonly kind: 'memory'; readonly regions: readonly MemoryRegionView[] }
  /** Every diagnostic known so far (sent when the list changed). */
  | { readonly kind: 'diagnostics'; readonly diagnostics: readonly DiagnosticView[] }
  /** What this front end may do (told by the host when it connects). */
  | { readonly kind: 'role'; readonly role: Role }
  /** Where the focused block's other warps stand at the stop (empty when no kernel runs). */
  | { readonly kind: 'warp-lines'; readonly lines: readonly WarpLineView[] }
  /** The answer to 'list-files' (sent to the front end that asked). */
  | { readonly kind: 'file-list'; readonly listing: FileListing };
