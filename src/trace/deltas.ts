import { EFFECT } from './schema.js';
import { popcount } from './bits.js';

/*
 * An effect chunk's counting columns stored as differences: steps and value indices grow row by
 * row, and a warp instruction's lane addresses step by the access size. As differences the same
 * rows take far fewer distinct bytes, so deflate packs them in about half the time and size, and
 * inflate reads them back faster. Both directions work in place on the chunk's own columns.
 */

/** The columns the transform touches: `values` holds a load lane's address, a store lane's address then its two words. */
export interface CountingColumns {
  readonly step: Float64Array;
  readonly neu: Uint32Array;
  readonly kind: Uint8Array;
  readonly values: Float64Array;
}

/** Values a lane of a load or store row takes; 0 for other rows. */
const stride = (kind: number): number => (kind === EFFECT.load ? 1 : kind === EFFECT.store ? 3 : 0);

/** Replaces rows [0, n)'s steps, value indices and lane addresses by their differences from the row (or lane) before. */
export function toDeltas(c: CountingColumns, n: number): void {
  const { step, neu, kind, values } = c;
  // Lane addresses first: their rows' value indices are still absolute here.
  for (let i = 0; i < n; i++) {
    const s = stride(kind[i]!);
    if (s === 0) continue;
    const first = neu[2 * i + 1]!;
    for (let p = first + (popcount(neu[2 * i]!) - 1) * s; p > first; p -= s) values[p] = values[p]! - values[p - s]!;
  }
  for (let i = n - 1; i > 0; i--) {
    step[i] = step[i]! - step[i - 1]!;
    neu[2 * i + 1] = (neu[2 * i + 1]! - neu[2 * i - 1]!) >>> 0;
  }
}

/** Undoes toDeltas on rows [0, n). */
export function fromDeltas(c: CountingColumns, n: number): void {
  const { step, neu, kind, values } = c;
  for (let i = 1; i < n; i++) {
    step[i] = step[i]! + step[i - 1]!;
    neu[2 * i + 1] = (neu[2 * i + 1]! + neu[2 * i - 1]!) >>> 0;
  }
  for (let i = 0; i < n; i++) {
    const s = stride(kind[i]!);
    if (s === 0) continue;
    const first = neu[2 * i + 1]!;
    const last = first + (popcount(neu[2 * i]!) - 1) * s;
    for (let p = first + s; p <= last; p += s) values[p] = values[p]! + values[p - s]!;
  }
}
