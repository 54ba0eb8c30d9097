import { RangeAllocator, type Block } from './allocator.js';
import { CHUNK_BYTES, GLOBAL_BASE, GLOBAL_RANGE } from './layout.js';
import type { AllocationInfo } from './memory-view.js';

/*
 * Device global memory's mapping, as the CUDA driver keeps it: allocations placed in a large
 * virtual range, backed in 2 MiB chunks that stay mapped while any live allocation (or the memory
 * pool) holds them, within the device's budget. An access inside a mapped chunk never faults,
 * even past its allocation's end, as on the GPU.
 */

/** Where an allocation landed and the chunk-aligned range its pages map. */
export interface Mapped {
  readonly base: number;
  readonly mappedStart: number;
  readonly mappedEnd: number;
}

/** The allocator, chunk map and budget of device global memory. */
export class GlobalMap {
  /** Per 2 MiB chunk of the global range: how many live allocations map it (compiled fast paths read it). */
  readonly chunks = new Int32Array(GLOBAL_RANGE / CHUNK_BYTES);
  private mappedBytes = 0;
  private readonly alloc = new RangeAllocator(GLOBAL_BASE, GLOBAL_RANGE);
  /** Chunk ranges (and base) of allocations freed into the memory pool and still mapped. */
  private pooled: [number, number, number][] = [];

  /** `budget`: bytes of device memory the program may map. */
  constructor(private readonly budget: number) {}

  /** cudaMalloc's placement: 256-byte aligned (2 MiB for large blocks), or null when the range or the budget is exhausted. */
  map(size: number, managed: boolean): Mapped | null {
    if (!(size >= 0) || !Number.isFinite(size)) return null;
    const align = size >= CHUNK_BYTES ? CHUNK_BYTES : 256;
    const b = this.alloc.place(size, align, managed);
    if (!b) return null;
    const [first, last] = chunkSpan(b.base - GLOBAL_BASE, size);
    let fresh = 0;
    for (let c = first; c <= last; c++) if (this.chunks[c] === 0) fresh++;
    if (this.mappedBytes + fresh * CHUNK_BYTES > this.budget) {
      this.alloc.remove(b.base);
      return null;
    }
    for (let c = first; c <= last; c++) this.chunks[c]!++;
    this.mappedBytes += fresh * CHUNK_BYTES;
    return { base: b.base, mappedStart: GLOBAL_BASE + first * CHUNK_BYTES, mappedEnd: GLOBAL_BASE + (last + 1) * CHUNK_BYTES };
  }

  /**
   * Ends the allocation starting at `addr` (false when none does). `pooled` (cudaFreeAsync): its
   * pages stay mapped until releasePool; otherwise they go now.
   */
  unmap(addr: number, pooled: boolean): boolean {
    const b = this.alloc.remove(addr);
    if (!b) return false;
    const [first, last] = chunkSpan(b.base - GLOBAL_BASE, b.size);
    if (pooled) this.pooled.push([first, last, b.base]);
    else this.unmapChunks(first, last);
    return true;
  }

  /** Gives back the pages of what was freed into the pool; returns the bases of those allocations. */
  releasePool(): number[] {
    const bases = this.pooled.map(([first, last, base]) => (this.unmapChunks(first, last), base));
    this.pooled = [];
    return bases;
  }

  /** Whether every chunk of [o, o + size) (offsets from GLOBAL_BASE) is mapped. */
  mapped(o: number, size: number): boolean {
    // Host code's and the runtime's accesses all pass here: no span tuple per access.
    const first = Math.floor(o / CHUNK_BYTES);
    const last = Math.floor((o + Math.max(size, 1) - 1) / CHUNK_BYTES);
    for (let c = first; c <= last; c++) if (!(this.chunks[c]! > 0)) return false;
    return true;
  }

  /** The live allocation holding `addr`, or null. */
  find(addr: number): Block | null {
    return this.alloc.find(addr);
  }

  /** The live allocation whose bytes lie closest to `addr` (ties: the one after it). */
  nearest(addr: number): AllocationInfo | null {
    let best: AllocationInfo | null = null;
    let bestGap = Infinity;
    for (const b of this.alloc.blocks) {
      const end = b.base + Math.max(b.size, 1);
      const gap = addr < b.base ? b.base - addr : addr >= end ? addr - end + 1 : 0;
      if (gap < bestGap || (gap === bestGap && b.base > addr)) {
        best = { base: b.base, size: b.size, space: b.managed ? 'managed' : 'global' };
        bestGap = gap;
      }
    }
    return best;
  }

  /** Bytes mapped by live (and pooled) allocations. */
  get mappedTotal(): number {
    return this.mappedBytes;
  }

  /** Bytes that may still be mapped. */
  get freeBytes(): number {
    return this.budget - this.mappedBytes;
  }

  private unmapChunks(first: number, last: number): void {
    for (let c = first; c <= last; c++) if (--this.chunks[c]! === 0) this.mappedBytes -= CHUNK_BYTES;
  }
}

/** The first and last chunk that bytes [o, o + size) touch (a zero-byte range still holds one byte). */
function chunkSpan(o: number, size: number): [number, number] {
  return [Math.floor(o / CHUNK_BYTES), Math.floor((o + Math.max(size, 1) - 1) / CHUNK_BYTES)];
}
