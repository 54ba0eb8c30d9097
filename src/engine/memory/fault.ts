import type { SourceLoc } from '../front/token.js';

/** What went wrong with an access: CUDA 700 (illegal address) or 716 (misaligned address); on the host both are SIGSEGV/SIGBUS-like crashes. */
export type FaultKind = 'illegal-address' | 'misaligned';

/** Which part of the address map an address falls in ('none': unmapped). */
export type MemSpace = 'global' | 'constant' | 'param' | 'shared' | 'local' | 'host' | 'none';

/** Thrown by Memory on an access the hardware would reject. */
export class MemoryFault extends Error {
  /** The lane (thread of the warp) that faulted, -1 when not known (host code, runtime API). */
  lane = -1;
  /** Whether the access wrote (a store, a fill, a copy's destination) rather than read. */
  write = false;
  /** The host statement that faulted (runMain fills it in; device faults become launch outcomes with their own). */
  loc: SourceLoc | null = null;
  constructor(
    readonly kind: FaultKind,
    readonly address: number,
    readonly size: number,
    readonly space: MemSpace,
  ) {
    super(`${kind === 'misaligned' ? 'misaligned' : 'illegal'} ${size}-byte access at 0x${address.toString(16)} (${space})`);
  }
}
