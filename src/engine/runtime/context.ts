import type { SourceLoc } from '../front/token.js';
import type { CType } from '../check/types.js';
import type { Resumable, Scalar } from '../exec/env.js';
import type { GlibcRandom } from '../lib/rand.js';
import type { ProgramOutput } from './output.js';
import type { CudaErrorState } from './cuda-errors-state.js';
import type { AllocationInfo } from '../memory/index.js';

/** The memory operations the runtime needs (the executor's Memory provides them). */
export interface RuntimeMemory {
  allocGlobal(size: number, managed?: boolean): number | null;
  freeGlobal(addr: number, pooled?: boolean): boolean;
  releasePool(): void;
  allocHost(size: number, align?: number, pinned?: boolean): number;
  /** As allocHost, but null when the memory cannot be had (malloc's NULL). */
  tryAllocHost(size: number, align?: number, pinned?: boolean): number | null;
  freeHost(addr: number): boolean;
  /** The device or heap allocation holding `addr`, with its kind. */
  allocation(addr: number): AllocationInfo | null;
  /** Device memory cudaMalloc may still map. */
  readonly globalFreeBytes: number;
  readBytes(addr: number, n: number): Uint8Array;
  writeBytes(addr: number, bytes: Uint8Array): void;
  fill(addr: number, byte: number, n: number): void;
  copy(dst: number, src: number, n: number): void;
  load(addr: number, type: CType): Scalar;
  store(addr: number, type: CType, value: Scalar): void;
  readCString(addr: number): string;
  isDevice(addr: number): boolean;
  isHost(addr: number): boolean;
}

/** Everything a host built-in may touch. */
export interface RuntimeContext {
  readonly memory: RuntimeMemory;
  readonly out: ProgramOutput;
  readonly random: GlibcRandom;
  readonly errors: CudaErrorState;
  /** argv[0], as glibc's assert prints it. */
  readonly programName: string;
  /** Flushes device printf output collected since the last synchronisation. */
  flushDevicePrintf(): void;
}

/** A host built-in's implementation. */
export type HostBuiltin = (ctx: RuntimeContext, args: readonly Scalar[], types: readonly CType[], loc: SourceLoc) => Scalar | undefined;

/** A host built-in that may run queued device work (synchronisation, stream work): a generator the host drives. */
export type ResumableBuiltin = (ctx: RuntimeContext, args: readonly Scalar[], types: readonly CType[], loc: SourceLoc) => Resumable<Scalar | undefined>;

/** Reads argument `i` as a JS number (addresses, sizes, ints). */
export function num(args: readonly Scalar[], i: number): number {
  const v = args[i];
  return v === undefined ? 0 : Number(v);
}
