import type { WarpCtx } from '../engine/exec/warp.js';
import type { Scalar } from '../engine/exec/env.js';
import type { ApiCallEvent } from '../engine/runtime/listener.js';
import type { MemoryView } from '../engine/memory/memory-view.js';
import { Analysis, siteOf } from './base.js';
import { AllocationTracker } from './allocations.js';

/*
 * initcheck: a device read of global memory the program allocated with cudaMalloc and never
 * wrote, by a kernel's store or atomic or by a runtime copy or memset. Each allocation has a
 * byte map of what has been written; each read of a byte not in it is reported once per access,
 * as compute-sanitizer reports each load.
 */

/** The initcheck analysis. */
export class Initcheck extends Analysis {
  private view: MemoryView | null = null;
  private readonly allocations = new AllocationTracker();
  /** Per live allocation (by base address): 1 for each byte written. */
  private readonly written = new Map<number, Uint8Array>();

  memory(view: MemoryView): void {
    this.view = view;
  }

  memoryWrite(address: number, _before: Uint8Array, after: Uint8Array): void {
    this.allocations.hostWrite(address, after);
    this.mark(address, after.length);
  }

  override apiCall(e: ApiCallEvent): void {
    const before = new Set(this.allocations.live().map((a) => a.address));
    this.allocations.apiCall(e);
    const now = this.allocations.live();
    for (const a of now) if (!before.has(a.address)) this.written.set(a.address, new Uint8Array(Math.max(a.size, 1)));
    if (now.length < before.size) {
      const live = new Set(now.map((a) => a.address));
      for (const base of before) if (!live.has(base)) this.written.delete(base);
    }
  }

  override access(kind: 'load' | 'store', space: string, address: number, bytes: number, _value: Scalar, lane: number, W: WarpCtx): void {
    if (space !== 'global') return;
    if (kind === 'store') {
      this.mark(address, bytes);
      return;
    }
    const found = this.shadowOf(address);
    if (found === null) return;
    const [base, map] = found;
    for (let i = address - base; i < address - base + bytes && i < map.length; i++) {
      if (map[i] === 0) {
        this.report({ kind: 'uninitialized-read', ...siteOf(W, lane, this.kernel), space: 'global', size: bytes, address }, W, lane);
        return;
      }
    }
  }

  private mark(address: number, bytes: number): void {
    const found = this.shadowOf(address);
    if (found === null) return;
    const [base, map] = found;
    map.fill(1, address - base, Math.min(address - base + bytes, map.length));
  }

  private shadowOf(address: number): [number, Uint8Array] | null {
    const a = this.view?.allocation(address);
    if (a === undefined || a === null) return null;
    const map = this.written.get(a.base);
    return map === undefined ? null : [a.base, map];
  }
}
