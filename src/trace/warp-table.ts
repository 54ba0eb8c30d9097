import type { WarpState } from './state.js';

/*
 * A launch's warps by key (block * 64 + warp). A state rebuilt from checkpoints holds their warp
 * sections as they lie and makes a warp's object the first time it is read: a jump into a launch
 * of thousands of resident warps then builds only the warps it moves or shows. A section is f64
 * words: the warp count W, the W keys in ascending order, where each warp's words start, then
 * per warp its key, latest step, mask, loc, exited, frame count, and function id and frame
 * pointer per frame.
 */

/** One checkpoint's warps: their keys in ascending order and where each starts among the words. */
interface Section {
  readonly words: Float64Array;
  readonly keys: Float64Array;
  readonly starts: Float64Array;
}

/** Warps by key, taken from held checkpoint sections when first read (a Map to every reader). */
export class WarpTable extends Map<number, WarpState> {
  /** Held sections, oldest first: a warp's newest section describes it. */
  private held: Section[] = [];

  /** Holds a section of f64 words; warps already made move on in place. Returns false when the section is malformed. */
  hold(words: Float64Array): boolean {
    const W = words[0];
    if (W === undefined || !Number.isInteger(W) || W < 0 || 1 + 2 * W > words.length) return false;
    const s: Section = { words, keys: words.subarray(1, 1 + W), starts: words.subarray(1 + W, 1 + 2 * W) };
    if (W > 0 && !(s.starts[W - 1]! + 6 <= words.length)) return false;
    if (super.size !== 0)
      for (let ix = 0; ix < W; ix++) {
        const w = super.get(s.keys[ix]!);
        if (w) fill(w, words, s.starts[ix]!);
      }
    this.held.push(s);
    return true;
  }

  override get(k: number): WarpState | undefined {
    return super.get(k) ?? (this.held.length === 0 ? undefined : this.take(k));
  }

  override has(k: number): boolean {
    return this.get(k) !== undefined;
  }

  override get size(): number {
    this.takeAll();
    return super.size;
  }

  override keys(): MapIterator<number> {
    this.takeAll();
    return super.keys();
  }

  override values(): MapIterator<WarpState> {
    this.takeAll();
    return super.values();
  }

  override entries(): MapIterator<[number, WarpState]> {
    this.takeAll();
    return super.entries();
  }

  override [Symbol.iterator](): MapIterator<[number, WarpState]> {
    return this.entries();
  }

  override forEach(f: (w: WarpState, k: number, m: Map<number, WarpState>) => void, self?: unknown): void {
    this.takeAll();
    super.forEach(f, self);
  }

  override delete(k: number): boolean {
    this.takeAll();
    return super.delete(k);
  }

  override clear(): void {
    this.held = [];
    super.clear();
  }

  /** Makes warp k's object from its newest section; undefined when no section holds it. */
  private take(k: number): WarpState | undefined {
    for (let s = this.held.length - 1; s >= 0; s--) {
      const sec = this.held[s]!;
      const ix = find(sec.keys, k);
      if (ix < 0) continue;
      const w: WarpState = { step: 0, mask: 0, loc: 0, exited: 0, frames: [], mark: -1 };
      fill(w, sec.words, sec.starts[ix]!);
      super.set(k, w);
      return w;
    }
    return undefined;
  }

  private takeAll(): void {
    if (this.held.length === 0) return;
    // Newest first: a warp already made (or made by a newer section) keeps its object.
    for (let s = this.held.length - 1; s >= 0; s--) {
      const sec = this.held[s]!;
      for (let ix = 0; ix < sec.keys.length; ix++) {
        const k = sec.keys[ix]!;
        if (super.has(k)) continue;
        const w: WarpState = { step: 0, mask: 0, loc: 0, exited: 0, frames: [], mark: -1 };
        fill(w, sec.words, sec.starts[ix]!);
        super.set(k, w);
      }
    }
    this.held = [];
  }
}

/** Index of `k` in ascending `keys`; -1 when absent. */
function find(keys: Float64Array, k: number): number {
  let lo = 0;
  let hi = keys.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = keys[mid]!;
    if (x === k) return mid;
    if (x < k) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Sets `w` from the words of one warp at `i` (frames replaced where they differ). */
function fill(w: WarpState, a: Float64Array, i: number): void {
  w.step = a[i + 1]!;
  w.mask = a[i + 2]!;
  w.loc = a[i + 3]!;
  w.exited = a[i + 4]!;
  const n = a[i + 5]!;
  const frames = w.frames;
  for (let f = 0, j = i + 6; f < n; f++, j += 2) {
    const old = frames[f];
    if (old === undefined || old.fn !== a[j] || old.fp !== a[j + 1]) frames[f] = { fn: a[j]!, fp: a[j + 1]! };
  }
  frames.length = n;
}
