/*
 * Sparse byte memory for reconstructed machine state: 4 KiB pages created on first write, zero
 * where nothing was written (device and host memory start zeroed in the engine too). A page
 * read from a checkpoint may be shorter than 4 KiB: its bytes past the end are zero, and it is
 * made whole when written.
 */

const PAGE = 4096;

/** A sparse byte-addressed memory. */
export class Pages {
  private readonly map = new Map<number, Uint8Array>();
  /** Pages written since the last checkpoint took them (delta checkpoints store only these). */
  readonly dirty = new Set<number>();
  /** Checkpoints' pages not yet read, oldest first: a jump reads a memory's pages only when something touches that memory. */
  private pending: (() => void)[] | null = null;

  /** The page written last and its first address (-Infinity with none: no address is in its range): consecutive writes mostly hit the same page. */
  private lastBase = -Infinity;
  private lastP: Uint8Array | null = null;

  /** The page holding `addr`, created zeroed; the caller writes it, so it is marked dirty. */
  page(addr: number): Uint8Array {
    // Tested by range before dividing: a float division and floor per store cost a replay more than the store.
    if (addr >= this.lastBase && addr < this.lastBase + PAGE && this.lastP !== null && this.dirty.size > 0) return this.lastP;
    const n = Math.floor(addr / PAGE);
    if (this.pending !== null) this.load();
    let p = this.map.get(n);
    if (!p || p.length < PAGE) {
      const whole = new Uint8Array(PAGE);
      if (p) whole.set(p);
      this.map.set(n, (p = whole));
    }
    this.dirty.add(n);
    this.lastBase = n * PAGE;
    this.lastP = p;
    return p;
  }

  /** The pages written since the dirty marks were last cleared and still held (a delta checkpoint's). */
  written(): number[] {
    return [...this.dirty].filter((k) => this.pages.has(k));
  }

  /** Installs a page (a checkpoint's, perhaps short), replacing the one held. */
  put(n: number, bytes: Uint8Array): void {
    if (this.pending !== null) this.load();
    this.map.set(n, bytes);
    // The next write to it takes the long way, which makes a short page whole.
    if (n * PAGE === this.lastBase) (this.lastBase = -Infinity), (this.lastP = null);
  }

  /** Pages of a checkpoint that `load` installs (with put) the first time anything reads or writes this memory. */
  defer(load: () => void): void {
    (this.pending ??= []).push(load);
  }

  /** Every page by number (a page may be short: the bytes past its end are zero). */
  get pages(): ReadonlyMap<number, Uint8Array> {
    if (this.pending !== null) this.load();
    return this.map;
  }

  private load(): void {
    const loads = this.pending!;
    this.pending = null;
    for (const l of loads) l();
  }

  /** Writes `bytes` at `addr` (any length, across pages). */
  write(addr: number, bytes: Uint8Array): void {
    let done = 0;
    while (done < bytes.length) {
      const a = addr + done;
      const off = a % PAGE;
      const take = Math.min(PAGE - off, bytes.length - done);
      this.page(a).set(bytes.subarray(done, done + take), off);
      done += take;
    }
  }

  /** Reads `n` bytes at `addr` (zeros where nothing was written). */
  read(addr: number, n: number): Uint8Array {
    const out = new Uint8Array(n);
    let done = 0;
    while (done < n) {
      const a = addr + done;
      const off = a % PAGE;
      const take = Math.min(PAGE - off, n - done);
      const p = this.pages.get(Math.floor(a / PAGE));
      if (p) out.set(p.subarray(off, off + take), done);
      done += take;
    }
    return out;
  }

  /** A deep copy. */
  clone(): Pages {
    const c = new Pages();
    for (const [k, v] of this.pages) c.map.set(k, v.slice());
    return c;
  }

  /** Bytes held. */
  get size(): number {
    return this.pages.size * PAGE;
  }
}

export const PAGE_BYTES = PAGE;
