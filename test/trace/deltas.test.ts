import { describe, expect, it } from 'vitest';
import { EffectColumns, decodeEffects, encodeEffects } from '../../src/trace/codec.js';
import { EFFECT } from '../../src/trace/schema.js';
import { fromDeltas, toDeltas } from '../../src/trace/deltas.js';

/** A chunk with a load of 3 lanes, a store of 2 lanes, a register row and a bulk row, as a writer fills them. */
function chunk(): EffectColumns {
  const c = new EffectColumns();
  const row = (kind: number, step: number, mask: number, at: number): number => {
    const i = c.n++;
    c.kind[i] = kind;
    c.step[i] = step;
    c.neu[2 * i] = mask >>> 0;
    c.neu[2 * i + 1] = at;
    return i;
  };
  row(EFFECT.load, -1, 0b1011, 0);
  c.values.set([0x1000, 0x1004, 0x100c], 0);
  row(EFFECT.store, 7, 0x80000001, 3);
  c.values.set([0x2008, 1.5, 2.5, 0x2000, 3.5, 4.5], 3);
  row(EFFECT.register, 7, 0xffffffff, 9);
  c.values.set([42], 9);
  // A bulk row's high word is not a value index: the difference wraps below zero.
  row(EFFECT.bulk, 3_000_000_000, 5, 0);
  c.nv = 10;
  return c;
}

describe('effect chunk differences', () => {
  it('gives back every step, value index and lane address it replaced', () => {
    const c = chunk();
    const before = { step: [...c.step.subarray(0, c.n)], neu: [...c.neu.subarray(0, 2 * c.n)], values: [...c.values.subarray(0, c.nv)] };
    toDeltas(c, c.n);
    expect([...c.step.subarray(0, c.n)]).toEqual([-1, 8, 0, 2_999_999_993]);
    // The second lane of the load is 4 bytes after the first; the store's second lane 8 bytes before its first.
    expect(c.values[1]).toBe(4);
    expect(c.values[6]).toBe(-8);
    fromDeltas(c, c.n);
    expect({ step: [...c.step.subarray(0, c.n)], neu: [...c.neu.subarray(0, 2 * c.n)], values: [...c.values.subarray(0, c.nv)] }).toEqual(before);
  });

  it('is undone by decodeEffects after encodeEffects stored a partial chunk', () => {
    const c = chunk();
    const expected = { step: [...c.step.subarray(0, c.n)], neu: [...c.neu.subarray(0, 2 * c.n)], values: [...c.values.subarray(0, c.nv)] };
    const d = decodeEffects(encodeEffects(c), 4)!;
    expect({ step: [...d.step], neu: [...d.neu], values: [...d.values] }).toEqual(expected);
  });
});

