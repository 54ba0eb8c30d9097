/*
 * What the simulated memory tells those who watch a run: the allocation an address falls in, and
 * the ranges that become readable or stop being so.
 */

/** What `allocation` reports. */
export interface AllocationInfo {
  readonly base: number;
  readonly size: number;
  /** 'pinned': page-locked host memory mapped into the device's address space (cudaMallocHost, cudaHostAlloc). */
  readonly space: 'global' | 'managed' | 'host' | 'pinned';
}

/**
 * Memory that became readable or stopped being so: an allocation and the address range its
 * pages map ('global': the 2 MiB chunks holding it; 'host': the heap up to its end), or the end
 * of one ('free'; a pooled free ends when the pool gives its pages back).
 */
export type MappingEvent =
  | { readonly kind: 'alloc'; readonly space: 'global' | 'host'; readonly address: number; readonly size: number; readonly mappedStart: number; readonly mappedEnd: number }
  | { readonly kind: 'free'; readonly space: 'global' | 'host'; readonly address: number };

/** What an analysis may ask of the run's memory (read only). */
export interface MemoryView {
  allocation(addr: number): AllocationInfo | null;
  /** The live device allocation nearest to `addr` (for a report of an access outside every allocation), or null when there is none. */
  nearestAllocation(addr: number): AllocationInfo | null;
  /** Bytes of shared memory the executing block has. */
  readonly sSize: number;
  /** Bytes of local memory each lane of the executing warp has. */
  readonly lStride: number;
}
