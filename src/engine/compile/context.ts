import type { SourceLoc } from '../front/token.js';
import type { IFunction, VarSym } from '../check/ir.js';
import type { CType } from '../check/types.js';
import type { AccessSite } from '../exec/transactions.js';

/** What a function compiler needs from the program being compiled (tables the generated code indexes). */
export interface ProgramTables {
  readonly fmad: boolean;
  readonly instrument: boolean;
  /** Instrumented statement heads may suspend (the observer asks for a pause there): every function is then a generator. */
  readonly suspend: boolean;
  /** Device statement heads may end a warp's turn (round-robin and random schedulers). */
  readonly switches: boolean;
  /** The host shadow of a device variable (IProgram.hostShadows), or undefined for a host one. */
  hostShadow(v: VarSym): VarSym | undefined;
  /** Index of a static variable's address in the generated code's G table. */
  globalIndex(v: VarSym): number;
  /** Index of a __shared__ variable in the warp's shv table (per-kernel layout filled at launch). */
  sharedIndex(v: VarSym): number;
  /** Index of a source location in LOC. */
  locIndex(loc: SourceLoc): number;
  /** Index of an argument type list in TY (host intrinsics receive IR types). */
  typesIndex(types: readonly CType[]): number;
  /** Index of an IFunction in FN (launch targets). */
  fnIndex(fn: IFunction): number;
  /** Generated name of a function's device or host version. */
  fnName(fn: IFunction, host: boolean): string;
  /** True when that version is a generator (it may suspend). */
  isGen(fn: IFunction, host: boolean): boolean;
  /** Index of a new device load or store site (exec/transactions.ts counts its transactions). */
  site(s: AccessSite): number;
  /** Index of a new lane loop executing these sites (its sampling countdown, compile/traffic.ts). */
  laneLoop(sites: readonly number[]): number;
  /** Slot in WarpCtx.pool where that version keeps its lane arrays between activations, or null when it must allocate them per activation (recursion, host code). */
  poolSlot(fn: IFunction, host: boolean): number | null;
  /** Whether a function can reach itself through its calls: its activations count against MAX_CALL_DEPTH. */
  recursive(fn: IFunction): boolean;
}
