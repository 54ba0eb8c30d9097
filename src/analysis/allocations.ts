import type { ApiCallEvent } from '../engine/runtime/listener.js';
import type { SourceLoc } from '../engine/front/token.js';

/*
 * The device allocations a program made through the CUDA runtime, followed from its API calls:
 * cudaMalloc writes the new pointer into the host variable its first argument points to (heard as
 * a runtime memory write just before the call's event), cudaFree ends it. What is live at exit is a
 * leak; what was freed is remembered so an access into it can be called a use after free.
 */

/** One allocation made by the program. */
export interface TrackedAllocation {
  readonly address: number;
  readonly size: number;
  /** The call that made it. */
  readonly loc: SourceLoc;
}

/** Calls that allocate device memory: which argument receives the pointer and how big it is. */
const ALLOCATORS: Readonly<Record<string, (args: readonly number[], pitch: number | null) => number>> = {
  cudaMalloc: (a) => a[1] ?? 0,
  cudaMallocManaged: (a) => a[1] ?? 0,
  // cudaMallocPitch(&p, &pitch, width, height): pitch * height bytes.
  cudaMallocPitch: (a, pitch) => (pitch ?? a[2] ?? 0) * (a[3] ?? 0),
};

/** Reads a little-endian integer of up to 8 bytes. */
function readLE(bytes: Uint8Array): number {
  let v = 0;
  for (let i = Math.min(bytes.length, 8) - 1; i >= 0; i--) v = v * 256 + bytes[i]!;
  return v;
}

/** Follows cudaMalloc/cudaFree (and their managed and pitched kin) through a run's events. */
export class AllocationTracker {
  private readonly liveAt = new Map<number, TrackedAllocation>();
  /** Freed allocations, latest last (a later allocation may reuse their addresses). */
  private readonly freed: TrackedAllocation[] = [];
  /** Host writes the runtime made since the last API call: where cudaMalloc put its pointer. */
  private writes = new Map<number, Uint8Array>();

  /** A runtime write into memory (the pointer cudaMalloc stores, a copy's bytes). */
  hostWrite(address: number, after: Uint8Array): void {
    if (after.length === 8 || after.length === 4) this.writes.set(address, after);
  }

  /** A CUDA call finished. */
  apiCall(e: ApiCallEvent): void {
    const writes = this.writes;
    this.writes = new Map();
    if (Number(e.result ?? 0) !== 0) return;
    const args = e.args.map((a) => Number(a));
    const size = ALLOCATORS[e.name];
    if (size !== undefined) {
      const at = writes.get(args[0] ?? 0);
      if (at === undefined) return;
      const pitch = e.name === 'cudaMallocPitch' ? writes.get(args[1] ?? 0) : undefined;
      const address = readLE(at);
      if (address !== 0) this.liveAt.set(address, { address, size: size(args, pitch ? readLE(pitch) : null), loc: e.loc });
      return;
    }
    if (e.name === 'cudaFree') {
      const a = this.liveAt.get(args[0] ?? 0);
      if (a === undefined) return;
      this.liveAt.delete(a.address);
      this.freed.push(a);
      return;
    }
    if (e.name === 'cudaDeviceReset') {
      // A reset frees everything the context held.
      for (const a of this.liveAt.values()) this.freed.push(a);
      this.liveAt.clear();
    }
  }

  /** Allocations still live, in the order they were made. */
  live(): readonly TrackedAllocation[] {
    return [...this.liveAt.values()];
  }

  /** The most recently freed allocation holding `address` (that nothing live holds now), or null. */
  freedAt(address: number): TrackedAllocation | null {
    for (let i = this.freed.length - 1; i >= 0; i--) {
      const a = this.freed[i]!;
      if (address >= a.address && address < a.address + Math.max(a.size, 1)) return a;
    }
    return null;
  }
}
