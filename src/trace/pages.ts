/*
 * Sparse byte memory for reconstructed machine state: 4 KiB pages created on first write, zero
 * where nothing was written (device and host memory start zeroed in the engine too).
 */

const PAGE = 4096;

/** A sparse byte-addressed memory. */
export class Pages {
  readonly pages = new Map<number, Uint8Array>();
  /** Pages written since the last checkpoint took them (delta checkpoints store only these). */
  readonly dirty = new Set<number>();

  /** The page written last and its number: consecutive writes mostly hit the same page. */
  private lastN = -1;
  private lastP: Uint8Array | null = null;

  /** The page holding `addr`, created zeroed; the caller writes it, so it is marked dirty. */
  page(addr: number): Uint8Array {
    const n = Math.floor(addr / PAGE);
    if (n === this.lastN && this.lastP !== null && this.dirty.size > 0) return this.lastP;
    let p = this.pages.get(n);
    if (!p) this.pages.set(n, (p = new Uint8Array(PAGE)));
    this.dirty.add(n);
    this.lastN = n;
    this.lastP = p;
    return p;
  }

  /** Installs a whole page (a checkpoint's), replacing the one held. */
  put(n: number, bytes: Uint8Array): void {
    this.pages.set(n, bytes);
    if (n === this.lastN) this.lastP = bytes;
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
    for (const [k, v] of this.pages) c.pages.set(k, v.slice());
    return c;
  }

  /** Bytes held. */
  get size(): number {
    return this.pages.size * PAGE;
  }
}

export const PAGE_BYTES = PAGE;
