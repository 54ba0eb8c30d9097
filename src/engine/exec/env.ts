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

/** A limitation of the simulator met while running (not a fault of the program); the runtime reports it and ends the run. */
export class SimulatorError extends Error {
  /** The statement that was running, when known (runGrid fills it in for device code). */
  loc: SourceLoc | null = null;
  constructor(message: string) {
    super(message);
    this.name = 'SimulatorError';
  }
}
