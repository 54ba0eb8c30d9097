import { Pages, PAGE_BYTES } from './pages.js';
import { deflate, inflate } from './codec.js';

/*
 * A checkpoint's blob is a row of separately deflated segments, so a reader inflates only what
 * it touches: the launch's state at once, each memory space's pages when something reads that
 * memory. Each segment is its inflated size (u32), its deflated length (u32), then its bytes.
 * Pages inside a segment are each a u32 length (the page up to its last non-zero word, a
 * multiple of 8), 4 bytes of padding, and that many bytes: sections after them stay aligned.
 */

/** A deflated segment and its inflated size. */
export interface Part {
  readonly size: number;
  readonly deflated: Uint8Array;
}

/** Deflates the joined `chunks` into a segment. */
export function deflatePart(chunks: readonly Uint8Array[]): Part {
  const raw = Buffer.concat(chunks);
  return { size: raw.length, deflated: raw.length === 0 ? new Uint8Array(0) : deflate(raw) };
}

/** The blob of `parts`, in order. */
export function packSegments(parts: readonly Part[]): Buffer {
  const out: Uint8Array[] = [];
  for (const p of parts) {
    const head = new Uint32Array([p.size, p.deflated.length]);
    out.push(new Uint8Array(head.buffer), p.deflated);
  }
  return Buffer.concat(out);
}

/** A blob's segments, still deflated; null when its lengths do not add up. */
export function segmentsOf(blob: Uint8Array): Part[] | null {
  const parts: Part[] = [];
  const view = new DataView(blob.buffer, blob.byteOffset, blob.byteLength);
  let at = 0;
  while (at < blob.length) {
    if (at + 8 > blob.length) return null;
    const size = view.getUint32(at, true);
    const len = view.getUint32(at + 4, true);
    if (at + 8 + len > blob.length) return null;
    parts.push({ size, deflated: blob.subarray(at + 8, at + 8 + len) });
    at += 8 + len;
  }
  return parts;
}

/** A segment's bytes in a buffer of their own, 8-byte aligned; null when damaged. */
export function inflatePart(p: Part): Buffer | null {
  if (p.size === 0) return p.deflated.length === 0 ? Buffer.alloc(0) : null;
  // At least 8 KiB of output space: smaller buffers come from Node's shared pool, which a state's views must not alias.
  const raw = inflate(p.deflated, Math.max(p.size, 8192));
  if (raw === null || raw.length !== p.size) return null;
  if (raw.byteOffset % 8 === 0) return raw;
  const copy = Buffer.from(new ArrayBuffer(p.size));
  raw.copy(copy);
  return copy;
}

/** Appends the pages `keys` of `p` to `chunks`, each trimmed after its last non-zero word. */
export function pagesOut(p: Pages, keys: readonly number[], chunks: Uint8Array[]): void {
  const all = p.pages;
  for (const k of keys) {
    const page = all.get(k)!;
    const used = usedBytes(page);
    const len = new Uint32Array(2);
    len[0] = used;
    chunks.push(new Uint8Array(len.buffer), page.subarray(0, used));
  }
}

/** Reads pages `keys` at byte `at` of `raw` into `p`; returns the offset after them; throws when one is malformed. */
export function pagesIn(raw: Buffer, at: number, keys: readonly number[], p: Pages): number {
  for (const k of keys) {
    const used = raw.readUInt32LE(at);
    if (used > PAGE_BYTES || used % 8 !== 0) throw new Error('a malformed page');
    at += 8;
    const bytes = raw.subarray(at, at + used);
    const held = p.pages.get(k);
    // A page the state holds is overwritten in place (a delta's pages replace its base's, which belong to the
    // same state); else the page is a view, not a copy, as long as it was stored (the inflated buffer belongs
    // to one state alone, and Pages reads past a short page's end as zero).
    if (held && held.length >= used) held.set(bytes), held.fill(0, used);
    else p.put(k, bytes);
    at += used;
  }
  return at;
}

/** Bytes of a page (whole, or short as a checkpoint stored it) up to its last non-zero 32-bit word, rounded up to 8. */
function usedBytes(page: Uint8Array): number {
  if (page.byteOffset % 4 !== 0) return page.length;
  const w = new Uint32Array(page.buffer, page.byteOffset, page.length >> 2);
  let i = w.length - 1;
  while (i >= 0 && w[i] === 0) i--;
  return ((i + 1) * 4 + 7) & ~7;
}
