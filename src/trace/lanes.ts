import type { Trace, EffectRow } from './reader.js';
import type { DecodedEffects } from './codec.js';
import { EFFECT, SPACES, UNIFORM, VALUE_TAG } from './schema.js';
import { lowestLane } from './memory-rows.js';
import { bitsToBytes, popcount } from './bits.js';

/*
 * The trace's effects one lane at a time: register, load and store rows hold a warp's lanes
 * together (docs/trace-format.md); tests and summaries want them as separate events.
 */

/** One lane's effect with its values: register numbers, memory bytes, a bulk write's bytes, or an op's or frame's number. */
export type LaneEffect = EffectRow & { old: number | bigint | Uint8Array; value: number | bigint | Uint8Array };

/** Whether rows of this kind hold many lanes (their `neu` low word is the lane set). */
const laneRow = (kind: number): boolean => kind === EFFECT.register || kind === EFFECT.load || kind === EFFECT.store;

/** The plain fields of effect row i. */
function effectRow(d: DecodedEffects, i: number, seq: number): EffectRow {
  return { seq, step: d.step[i]!, kind: d.kind[i]!, space: SPACES[d.space[i]!] ?? '?', address: d.address[i]!, size: d.size[i]!, launch: d.launch[i]!, block: d.block[i]!, warp: d.warp[i]!, lane: d.lane[i]! };
}

/** Effects of kind `kind` (every kind when null), one per lane of a lane row. */
export function countLaneEffects(t: Trace, kind: number | null): number {
  let n = 0;
  for (let c = 0; c < t.effectChunks.length; c++) {
    const d = t.effectChunk(c);
    for (let i = 0; i < d.count; i++) {
      const k = d.kind[i]!;
      if (kind === null || k === kind) n += laneRow(k) ? popcount(d.neu[2 * i]!) : 1;
    }
  }
  return n;
}

/** Every effect in recording order, a lane row's lanes one by one; a register lane comes with the value it held before. */
export function* laneEffects(t: Trace): Generator<LaneEffect> {
  const held = new Map<string, number | bigint>();
  for (let c = 0; c < t.effectChunks.length; c++) {
    const d = t.effectChunk(c);
    const first = t.effectChunks[c]!.first;
    for (let i = 0; i < d.count; i++) {
      const kind = d.kind[i]!;
      const row = effectRow(d, i, first + i);
      if (kind === EFFECT.load || kind === EFFECT.store) {
        const n = d.size[i]!;
        let at = d.neu[2 * i + 1]!;
        for (let m = d.neu[2 * i]!; m !== 0; m &= m - 1) {
          const lane = lowestLane(m);
          const address = d.values[at++]!;
          if (kind === EFFECT.load) {
            yield { ...row, lane, address, old: new Uint8Array(0), value: new Uint8Array(0) };
            continue;
          }
          const old = new Uint8Array(n);
          const value = new Uint8Array(n);
          bitsToBytes(d.valuesU[2 * at]!, d.valuesU[2 * at + 1]!, n, old, 0);
          bitsToBytes(d.valuesU[2 * at + 2]!, d.valuesU[2 * at + 3]!, n, value, 0);
          at += 2;
          yield { ...row, lane, address, old, value };
        }
      } else if (kind === EFFECT.register) {
        const valueTag = d.tags[i]! & 3;
        const big = valueTag === VALUE_TAG.bigint;
        // A UNIFORM row's lanes all read its one value.
        const step = (d.tags[i]! & UNIFORM) !== 0 ? 0 : 1;
        let at = d.neu[2 * i + 1]!;
        let k = 2 * at;
        for (let m = d.neu[2 * i]!; m !== 0; m &= m - 1) {
          const lane = lowestLane(m);
          const key = `${row.launch}/${row.block}/${row.warp}/${lane}/${row.address}`;
          const value = big ? d.valuesI[at]! : valueTag === VALUE_TAG.int32 ? d.valuesI32[k]! : d.values[at]!;
          at += step;
          k += step;
          yield { ...row, lane, old: held.get(key) ?? (big ? 0n : 0), value };
          held.set(key, value);
        }
      } else if (kind === EFFECT.bulk) {
        const b = t.blob(d.neu[2 * i]!);
        yield { ...row, old: b.old, value: b.neu };
      } else yield { ...row, old: 0, value: d.neu[2 * i]! };
    }
  }
}
