import type { Op } from './streams.js';

/*
 * CUDA events: a handle, its creation flags, and the record operation it last marked in a
 * stream. The event completes when that operation does; its time is the operation's end.
 */

/** Event handles are small non-zero numbers in a range no allocation uses, so a stray pointer is not mistaken for one. */
const EVENT_BASE = 0x5000_0000;
export const cudaEventBlockingSync = 1;
export const cudaEventDisableTiming = 2;
export const cudaEventInterprocess = 4;

/** One event. */
export interface CudaEvent {
  readonly handle: number;
  readonly flags: number;
  /** The latest cudaEventRecord's operation, or null while never recorded. */
  op: Op | null;
}

/** The events a program has created and not destroyed. */
export class EventTable {
  private readonly events = new Map<number, CudaEvent>();
  private next = EVENT_BASE;

  /** Creates an event; returns its handle. */
  create(flags: number): number {
    const handle = (this.next += 0x10);
    this.events.set(handle, { handle, flags, op: null });
    return handle;
  }

  /** The event a handle names, or null. */
  get(handle: number): CudaEvent | null {
    return this.events.get(handle) ?? null;
  }

  /** cudaEventDestroy: false for an unknown handle. A pending record still runs. */
  destroy(handle: number): boolean {
    return this.events.delete(handle);
  }

  /** cudaDeviceReset destroys every event. */
  reset(): void {
    this.events.clear();
  }
}
