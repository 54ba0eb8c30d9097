/*
 * First-fit allocation inside one address range. Used for device global memory (256-byte
 * alignment like cudaMalloc, 2 MiB alignment for big blocks like the CUDA VMM) and the host
 * heap (16-byte alignment like glibc malloc). Freed space is reused, as real allocators do, so
 * use-after-free bugs behave plausibly.
 */

/** One live allocation. */
export interface Block {
  readonly base: number;
  readonly size: number;
  /** Memory both sides may touch: managed device memory, or pinned (page-locked, mapped) host memory. */
  readonly managed: boolean;
}

/** A sorted list of live blocks within [base, base + limit). */
export class RangeAllocator {
  /** Live blocks sorted by base. */
  readonly blocks: Block[] = [];

  constructor(
    readonly base: number,
    readonly limit: number,
  ) {}

  /** Finds room for `size` bytes aligned to `align`, or null when the range is exhausted. */
  place(size: number, align: number, managed = false): Block | null {
    const need = Math.max(size, 1);
    let cursor = this.base;
    let at = 0;
    for (; at <= this.blocks.length; at++) {
      const start = Math.ceil(cursor / align) * align;
      const next = this.blocks[at];
      const end = next ? next.base : this.base + this.limit;
      if (start + need <= end) {
        const b: Block = { base: start, size, managed };
        this.blocks.splice(at, 0, b);
        return b;
      }
      if (next) cursor = next.base + Math.max(next.size, 1);
    }
    return null;
  }

  /** Removes the block starting exactly at `addr`; returns it, or null when none starts there. */
  remove(addr: number): Block | null {
    const i = this.indexOf(addr);
    if (i < 0) return null;
    const [b] = this.blocks.splice(i, 1);
    return b ?? null;
  }

  /** The block containing `addr` (its base <= addr < base + size), or null. */
  find(addr: number): Block | null {
    let lo = 0;
    let hi = this.blocks.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const b = this.blocks[mid]!;
      if (addr < b.base) hi = mid - 1;
      else if (addr >= b.base + Math.max(b.size, 1)) lo = mid + 1;
      else return b;
    }
    return null;
  }

  /** End of the highest live block (relative to nothing: an absolute address). */
  top(): number {
    const last = this.blocks[this.blocks.length - 1];
    return last ? last.base + last.size : this.base;
  }

  private indexOf(addr: number): number {
    const b = this.find(addr);
    return b && b.base === addr ? this.blocks.indexOf(b) : -1;
  }
}
