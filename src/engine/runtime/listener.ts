import type { SourceLoc } from '../front/token.js';
import type { Dim3, Scalar } from '../exec/env.js';
import type { Observer } from '../compile/index.js';
import type { TimelineOp } from './streams.js';
import type { DebugInfo } from '../debuginfo/symbols.js';
import type { MappingEvent, MemoryView } from '../memory/memory-view.js';

export type { TimelineOp };

/*
 * What a debugger, trace recorder or analysis hears from a run. The executor reports
 * statements, memory accesses and barriers (its Observer); the runtime adds the host's
 * CUDA API calls, kernel launches and the stream timeline. A run with no listener compiles without any of it.
 */

/** A host built-in call and its result (cudaMalloc, printf, ...). */
export interface ApiCallEvent {
  readonly name: string;
  readonly args: readonly Scalar[];
  readonly result: Scalar | undefined;
  readonly loc: SourceLoc;
}

/** A kernel launch: 'begin' once validated, 'end' with how it ended; a launch that fails validation only has 'rejected'. */
export interface LaunchEvent {
  readonly phase: 'begin' | 'end' | 'rejected';
  readonly kernel: string;
  readonly grid: Dim3;
  readonly block: Dim3;
  /** Dynamic shared memory per block (the launch's third parameter). */
  readonly sharedBytes: number;
  /** The kernel's __shared__ variables' bytes per block (occupancy counts both). */
  readonly staticSharedBytes: number;
  /** 'ok', 'fault', 'barrier-deadlock', 'step-limit' at the end; the CUDA error code when rejected. */
  readonly outcome?: string | number;
  readonly loc: SourceLoc;
  /** At a faulted 'end': the CUDA error, the thread blamed and, for a memory fault, the address (a debugger stops there). */
  readonly fault?: LaunchFault;
}

/** Where and why a launch faulted, as the executor saw it. */
export interface LaunchFault {
  readonly code: number;
  readonly message: string;
  readonly block: Dim3;
  readonly thread: Dim3;
  readonly address?: number;
  readonly space?: string;
}

/** A launch that cannot finish: where its waiting threads wait and who never arrives. */
export interface DeadlockEvent {
  readonly kernel: string;
  readonly loc: SourceLoc;
  readonly detail: string;
}

/** Everything a consumer of execution events implements. */
export interface ExecutionListener extends Observer {
  /** False when `statement` never asks to suspend (a recording that runs to the end): the program is compiled without a suspension point per statement. */
  readonly suspends?: boolean;
  apiCall(e: ApiCallEvent): void;
  launch(e: LaunchEvent): void;
  /** A stream operation finished in modelled time (kernel, copy, memset, event record, host function, wait): the stream timeline. */
  operation?(e: TimelineOp): void;
  /** The compiled translation unit's source files (path -> text), once, before anything runs. */
  sources?(files: ReadonlyMap<string, string>): void;
  /** The program's debug information (functions, variables and where they live), once, before main runs. */
  symbols?(info: DebugInfo): void;
  /** A launch can never finish (a barrier some threads never reach): a CUDA error code ends it as failed instead of hanging the program, as a sanitizer that reports the hang does. */
  deadlock?(e: DeadlockEvent): number | undefined;
  /** The run's memory, once, before anything runs: what an analysis asks about allocations and the executing block's shared and local memory. */
  memory?(view: MemoryView): void;
  /** A write that bypasses compiled stores (runtime API copies and memsets, static data, struct copies): the bytes before and after. */
  memoryWrite?(address: number, before: Uint8Array, after: Uint8Array, lane: number): void;
  /** An allocation or free of device or host heap memory, with the range it maps: what a debugger may read. */
  mapping?(e: MappingEvent): void;
}
