import { describe, expect, it } from 'vitest';
import { encodeRows, HeldRows, ROW_KIND } from '../../src/trace/reg-rows.js';
import { laneValue, RegTable, type RegLanes } from '../../src/trace/reg-table.js';

/*
 * Checkpoints pack register rows in the smallest form that keeps their bits; a state rebuilt
 * from them must hold exactly the values and tags the recording held, lane by lane.
 */

/** A row of lanes from (lane, value) pairs: numbers tag float64, bigints int64. */
function row(table: RegTable, values: [number, number | bigint][]): RegLanes {
  const lanes = table.alloc();
  for (const [l, v] of values) {
    if (typeof v === 'bigint') (lanes.slab.i[(lanes.base >> 3) + l] = v), (lanes.slab.tag[lanes.base + 256 + l] = 2);
    else (lanes.slab.f[(lanes.base >> 3) + l] = v), (lanes.slab.tag[lanes.base + 256 + l] = 1);
  }
  return lanes;
}

const all = (f: (l: number) => number | bigint): [number, number | bigint][] => Array.from({ length: 32 }, (_, l) => [l, f(l)]);
const bytes = (r: RegLanes): number[] => [...r.slab.tag.subarray(r.base, r.base + 288)];

describe('packed register rows', () => {
  const src = new RegTable();
  const rows: Record<string, RegLanes> = {
    uniform: row(src, all(() => 1048576)),
    uniformBig: row(src, all(() => -(2n ** 40n))),
    line: row(src, all((l) => l * 3 - 7)),
    ints: row(src, all((l) => l * l - 7)),
    floats: row(src, all((l) => Math.fround(l / 3))),
    doubles: row(src, all((l) => l / 3)),
    negZero: row(src, all((l) => (l === 5 ? -0 : l))),
    nan: row(src, all((l) => (l === 2 ? NaN : 1.5))),
    partial: row(src, [[3, 7], [9, 7], [31, 7]]),
    partialInts: row(src, [[0, 1], [17, -2]]),
    partialLine: row(src, [[2, 10], [5, 19], [9, 31]]),
    mixed: row(src, [[1, 2.5], [4, 9n]]),
    empty: src.alloc(),
  };
  const names = Object.keys(rows);
  // Two warps, their rows out of key order: the section sorts warps and keeps each warp's rows.
  const warps = new Map<number, Map<number, RegLanes>>([
    [70, new Map(names.slice(7).map((n, i) => [i, rows[n]!]))],
    [3, new Map(names.slice(0, 7).map((n, i) => [100 + i, rows[n]!]))],
  ]);
  const section = encodeRows(warps);
  const held = new HeldRows(section.buffer, section.byteOffset);

  it('stores each row in the smallest exact form', () => {
    const kinds = names.map((_, r) => held.kind(r));
    expect(kinds).toEqual([ROW_KIND.sameNumber, ROW_KIND.sameBigint, ROW_KIND.affine, ROW_KIND.int32, ROW_KIND.float32, ROW_KIND.raw, ROW_KIND.float32, ROW_KIND.raw, ROW_KIND.sameNumber, ROW_KIND.int32, ROW_KIND.affine, ROW_KIND.raw, ROW_KIND.sameNumber]);
    expect(held.bytes).toBe(section.byteLength);
  });

  it('rebuilds every lane bit for bit, warp by warp as they are read', () => {
    const t = new RegTable();
    t.hold(held);
    expect(t.get(4)).toBeUndefined();
    for (const [w, m] of warps) {
      const got = t.get(w)!;
      expect([...got.keys()].sort((a, b) => a - b)).toEqual([...m.keys()].sort((a, b) => a - b));
      for (const [k, lanes] of m) expect(bytes(got.get(k)!)).toEqual(bytes(lanes));
    }
    expect(Object.is(laneValue(t.get(3)!.get(106)!, 5), -0)).toBe(true);
  });

  it('lays a newer section over an older one and forgets retired warps', () => {
    const t = new RegTable();
    t.hold(held);
    const newer = new Map([[3, new Map([[100, row(src, all(() => 42))]])]]);
    t.hold(new HeldRows(encodeRows(newer).buffer, 0));
    expect(laneValue(t.get(3)!.get(100)!, 31)).toBe(42);
    expect(laneValue(t.get(3)!.get(102)!, 31)).toBe(31 * 3 - 7);
    expect(laneValue(t.get(3)!.get(103)!, 31)).toBe(31 * 31 - 7);
    expect(t.remove(70)).toBe(true);
    expect(t.get(70)).toBeUndefined();
    expect([...t].map(([w]) => w)).toEqual([3]);
  });
});
