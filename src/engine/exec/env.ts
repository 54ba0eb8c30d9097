import type { SourceLoc } from '../front/token.js';
import type { IFunction } from '../check/ir.js';
import type { CType } from '../check/types.js';

/*
 * The seam between compiled code (src/engine/compile, src/engine/exec) and the
 * CUDA runtime / C library (src/engine/runtime). Compiled host code calls a HostEnv;
 * the runtime calls back into the executor to run a grid.
 */

/** A register value as ir.ts defines it: number for everything up to 32 bits, floats, doubles and pointers; bigint for 64-bit integers. */
export type Scalar = number | bigint;

/** A launch dimension. */
export interface Dim3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** Where a running program may be paused (debugger) — the executor yields these; a plain run ignores them. */
export type Suspend =
  | { readonly kind: 'launch'; readonly kernel: string; readonly loc: SourceLoc }
  | { readonly kind: 'step'; readonly loc: SourceLoc };

/** A generator that may suspend with Suspend values and finally returns T. */
export type Resumable<T> = Generator<Suspend, T, void>;

/** What compiled host code calls into. Implemented by the runtime. */
export interface HostEnv {
  /** Runs a host built-in by its builtins.ts key. Pointer and struct arguments are addresses; `argTypes` are the IR argument types (printf's variadic arguments need them). Returns undefined for void. */
  intrinsic(key: string, args: readonly Scalar[], argTypes: readonly CType[], loc: SourceLoc): Scalar | undefined;
  /** Launches a kernel: validates the configuration, records errors, runs the grid. `args` follow the kernel's parameter types (struct args: addresses of the caller's objects). */
  launch(kernel: IFunction, grid: Dim3, block: Dim3, sharedBytes: number, stream: Scalar, args: readonly Scalar[], loc: SourceLoc): Resumable<void>;
  /** Runs a CUDA runtime built-in (isResumableHostCall keys): it may run queued device work, so the host drives it like a launch. Without it, `intrinsic` runs them. */
  call?(key: string, args: readonly Scalar[], argTypes: readonly CType[], loc: SourceLoc): Resumable<Scalar | undefined>;
}

/** Host built-ins compiled as resumable calls: the CUDA runtime API, whose synchronising calls run queued kernels. */
export function isResumableHostCall(key: string): boolean {
  return key.startsWith('cuda');
}

/** Thrown by exit()/abort()/a failed host assert to end the program with a status. */
export class ProgramExit extends Error {
  constructor(readonly status: number) {
    super(`exit(${status})`);
  }
}

/** EX_SOFTWARE from sysexits.h: the simulator, not the program, failed. */
export const SIMULATOR_LIMIT_STATUS = 70;
/** What a process killed by SIGSEGV exits with, as a shell reports it. */
export const SIGSEGV_STATUS = 139;

/** A limitation of the simulator met while running (not a fault of the program); the runtime reports it and ends the run. */
export class SimulatorError extends Error {
  /** The statement that was running, when known (runGrid fills it in for device code, runMain for host code). */
  loc: SourceLoc | null = null;
  /** The exit status the run ends with. */
  status = SIMULATOR_LIMIT_STATUS;
  constructor(message: string) {
    super(message);
    this.name = 'SimulatorError';
  }
}

/**
 * Activations of recursive functions one thread may have at once: about what glibc's 8 MiB
 * stack holds of a small frame. Each costs the engine a JavaScript frame and its lane arrays,
 * so programs run on a thread whose stack holds this many (PROGRAM_STACK_MB).
 */
export const MAX_CALL_DEPTH = 200_000;

/**
 * Megabytes of stack a thread that runs programs gets (worker_threads' resourceLimits.stackSizeMb).
 * A small recursive function's activation takes about 350 bytes of it, recorded or not, so this
 * holds MAX_CALL_DEPTH activations of functions with several times that frame; pages are only
 * committed as deep as a program goes.
 */
export const PROGRAM_STACK_MB = 512;

/** Recursion deeper than the simulator's stack holds: the run stops, as a real stack overflow stops a process. */
export class StackOverflow extends SimulatorError {
  /** The recursive function that went one call too deep, when known (the runtime finds it from `loc` otherwise). */
  fn: string | null = null;

  /** `depth`: activations of recursive functions the thread had; host code's overflow ends the process as SIGSEGV would. */
  constructor(readonly depth: number, fn: string | null, host: boolean, loc: SourceLoc | null) {
    super('stack overflow');
    this.name = 'StackOverflow';
    this.loc = loc;
    if (host) this.status = SIGSEGV_STATUS;
    this.named(fn);
  }

  /** Names the function that recursed (the message says it). */
  named(fn: string | null): void {
    this.fn = fn;
    // Without recursion to blame (depth 0), only the engine's own stack can have run out.
    this.message = this.depth === 0 ? "stack overflow: the program's calls go deeper than Warpscope's stack holds" : `stack overflow: recursion deeper than ${this.depth} calls${fn === null ? '' : ` in '${fn}'`}`;
  }
}

/** Whether `e` is V8 running out of JavaScript stack: a recursion the engine's thread could not hold. */
export function isStackExhausted(e: unknown): e is RangeError {
  return e instanceof RangeError && /call stack size/.test(e.message);
}
