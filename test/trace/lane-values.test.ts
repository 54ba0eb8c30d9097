import { describe, expect, it } from 'vitest';
import { EffectColumns } from '../../src/trace/codec.js';
import { EFFECT, UNIFORM, VALUE_TAG } from '../../src/trace/schema.js';
import { putRegisterLanes } from '../../src/trace/lane-values.js';
import { MachineState } from '../../src/trace/state.js';

/*
 * A register row keeps the exact value of every lane it writes, in the smallest form: int32 two to
 * a value, float64, or one value for all lanes when they hold one (UNIFORM). A state that applies
 * the row must read back each lane's value bit for bit (-0 is not 0; NaN lanes keep their own).
 */

const lanesOf = (f: (l: number) => number): Float64Array => Float64Array.from({ length: 32 }, (_, l) => f(l));

/** Writes `lanes` on the lanes of `mask` as one register row of launch 1's warp 0, applies it to a fresh state, and returns the row's tag and what the state holds per lane. */
function roundTrip(lanes: Float64Array, mask: number): { tag: number; values: number; read: (number | undefined)[] } {
  const c = new EffectColumns();
  c.kind[0] = EFFECT.register;
  c.launch[0] = 1;
  c.address[0] = (1 << 16) | 2;
  c.neu[0] = mask >>> 0;
  c.neu[1] = 5;
  const end = putRegisterLanes(c, 0, 5, mask, lanes);
  c.n = 1;
  const s = new MachineState();
  s.warpOf(1, 0, 0);
  s.applyEffect(c, 0, () => new Uint8Array(0));
  const read = Array.from({ length: 32 }, (_, l) => (((mask >>> l) & 1) === 1 ? (s.register(1, 0, 0, l, (1 << 16) | 2) as number | undefined) : undefined));
  return { tag: c.tags[0]!, values: end - 5, read };
}

describe('register row values', () => {
  const cases: [string, Float64Array, number, number, number][] = [
    ['a loop counter in every lane', lanesOf(() => 64), -1, VALUE_TAG.int32 | UNIFORM, 1],
    ['one float in every lane', lanesOf(() => 0.1), -1, VALUE_TAG.number | UNIFORM, 1],
    ['one value on some lanes', lanesOf((l) => (l % 3 === 0 ? 7 : l)), 0x49249249, VALUE_TAG.int32 | UNIFORM, 1],
    ['thread indices', lanesOf((l) => l), -1, VALUE_TAG.int32, 16],
    ['zeros and one negative zero', lanesOf((l) => (l === 9 ? -0 : 0)), -1, VALUE_TAG.number, 32],
    ['negative zero in every lane', lanesOf(() => -0), -1, VALUE_TAG.number | UNIFORM, 1],
    ['NaN in every lane', lanesOf(() => NaN), -1, VALUE_TAG.number, 32],
    ['one lane', lanesOf(() => 3), 1 << 4, VALUE_TAG.int32, 1],
    ['odd lanes of mixed floats', lanesOf((l) => l / 4), 0xaaaaaaaa, VALUE_TAG.number, 16],
  ];
  it.each(cases)('%s: stored in its form and read back lane by lane', (_, lanes, mask, tag, values) => {
    const r = roundTrip(lanes, mask);
    expect(r.tag).toBe(tag);
    expect(r.values).toBe(values);
    r.read.forEach((v, l) => {
      if (((mask >>> l) & 1) === 1) expect(Object.is(v, lanes[l]), `lane ${l}: ${v} for ${lanes[l]}`).toBe(true);
    });
  });
});
