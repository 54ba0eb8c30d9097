import type { EffectView } from './codec.js';
import { EFFECT } from './schema.js';

/*
 * A load or store row holds one warp instruction's lanes: `neu` is the lane mask and the index
 * of the first lane's values, and each lane has its address (a load) or its address, old bits
 * and new bits (a store) among the chunk's values, in lane order.
 */

/** Values each lane of a memory row takes. */
export const valuesPerLane = (kind: number): number => (kind === EFFECT.store ? 3 : 1);

/** The lowest lane of a lane set. */
export const lowestLane = (m: number): number => 31 - Math.clz32(m & -m);

/** The first lane of memory row i (a load or store) whose bytes overlap [address, address + size), or -1; `lane` >= 0 asks about that lane only. */
export function laneTouching(d: EffectView, i: number, address: number, size: number, lane = -1): number {
  return touching(d, i, address, size, lane, true);
}

/**
 * The last such lane, or -1: a store row's lanes write in lane order, so when several store to
 * the same bytes this one's value is what the bytes hold after the row.
 */
export function lastLaneTouching(d: EffectView, i: number, address: number, size: number, lane = -1): number {
  return touching(d, i, address, size, lane, false);
}

function touching(d: EffectView, i: number, address: number, size: number, lane: number, first: boolean): number {
  const per = valuesPerLane(d.kind[i]!);
  const n = d.size[i]!;
  let at = d.neu[2 * i + 1]!;
  let found = -1;
  for (let m = d.neu[2 * i]!; m !== 0; m &= m - 1, at += per) {
    const l = lowestLane(m);
    if (lane >= 0 && l !== lane) continue;
    const a = d.values[at]!;
    if (a < address + size && address < a + n) {
      if (first) return l;
      found = l;
    }
  }
  return found;
}
