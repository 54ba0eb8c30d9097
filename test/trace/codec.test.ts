import { describe, expect, it } from 'vitest';
import { StepColumns, decodeSteps, encodeSteps } from '../../src/trace/codec.js';
import { CHUNK_EVENTS } from '../../src/trace/schema.js';

/*
 * Step chunks leave out the columns that hold one value over the chunk (the host's launch,
 * block, warp, mask and exit) and name those values in a footer: decoding must give back every
 * row exactly, whichever columns were left out, and refuse a footer that does not fit.
 */

type Row = [launch: number, block: number, warp: number, mask: number, loc: number, exited: number, depth: number];

function chunk(rows: readonly Row[]): StepColumns {
  const c = new StepColumns();
  rows.forEach(([launch, block, warp, mask, loc, exited, depth], i) => {
    c.launch[i] = launch; c.block[i] = block; c.warp[i] = warp; c.mask[i] = mask; c.loc[i] = loc; c.exited[i] = exited; c.depth[i] = depth;
  });
  c.n = rows.length;
  return c;
}

function decoded(c: StepColumns): Row[] | null {
  const n = c.n;
  const d = decodeSteps(encodeSteps(c), n);
  if (d === null) return null;
  return Array.from({ length: n }, (_, i) => [d.launch[i]!, d.block[i]!, d.warp[i]!, d.mask[i]!, d.loc[i]!, d.exited[i]!, d.depth[i]!]);
}

describe('step chunks', () => {
  it('give back host rows, where only the location varies', () => {
    const rows = Array.from({ length: 1000 }, (_, i): Row => [0, 0, 0, 1, 17 + (i % 3), 0, 1]);
    expect(decoded(chunk(rows))).toEqual(rows);
  });

  it('give back device rows whose every column varies, in a full chunk (no room left for the footer)', () => {
    const rows = Array.from({ length: CHUNK_EVENTS }, (_, i): Row => [1 + (i & 1), i >> 3, i & 7, (0xffffffff - i) >>> 0, i % 40, i % 5 === 0 ? 0xffff0000 : 0, 1 + (i % 3)]);
    expect(decoded(chunk(rows))).toEqual(rows);
  });

  it('give back one row, and mixed chunks', () => {
    expect(decoded(chunk([[3, 7, 2, 0x80000001, 9, 4, 2]]))).toEqual([[3, 7, 2, 0x80000001, 9, 4, 2]]);
    const rows = Array.from({ length: 300 }, (_, i): Row => [i < 150 ? 0 : 1, 0, i % 8, 0xffffffff, i, 0, 1]);
    expect(decoded(chunk(rows))).toEqual(rows);
    // A stored depth column whose length is no multiple of 4 leaves the footer unaligned.
    const deep = Array.from({ length: 1001 }, (_, i): Row => [1, 2, i % 3, 0xffffffff, i % 7, 0, 1 + (i % 2)]);
    expect(decoded(chunk(deep))).toEqual(deep);
  });

  it('refuse a chunk whose row count does not match its columns', () => {
    const c = chunk(Array.from({ length: 100 }, (_, i): Row => [1, i, 0, 1, i, 0, 1]));
    const blob = encodeSteps(c);
    expect(decodeSteps(blob, 100)).not.toBeNull();
    expect(decodeSteps(blob, 99)).toBeNull();
    expect(decodeSteps(blob.subarray(0, blob.length - 3), 100)).toBeNull();
  });
});
