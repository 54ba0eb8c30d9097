import { describe, expect, it } from 'vitest';
import { recordFile } from './record.js';
import { EFFECT, WARP_OPS } from '../../src/trace/schema.js';

/** The op effects of a recorded program: name and lane mask, with the effect kinds just before each. */
function ops(file: string): { op: string; mask: number; before: number[] }[] {
  const t = recordFile(file);
  const all = [...t.effects()];
  t.close();
  return all.flatMap((e, i) => (e.kind === EFFECT.op ? [{ op: WARP_OPS[e.address]!, mask: e.value as number, before: all.slice(Math.max(0, i - 2), i).map((x) => x.kind) }] : []));
}

describe('atomics and shuffles in a trace', () => {
  it('marks each atomic after its lanes load and store', () => {
    const a = ops('test/conformance/atomics/all_ops.cu');
    const names = new Set(a.map((o) => o.op));
    for (const n of ['atomicAdd', 'atomicSub', 'atomicExch', 'atomicMin', 'atomicMax', 'atomicInc', 'atomicDec', 'atomicAnd', 'atomicOr', 'atomicXor', 'atomicCAS']) expect(names).toContain(n);
    expect(a.every((o) => o.mask !== 0 && o.before[1] === EFFECT.store)).toBe(true);
  });

  it('marks shuffles with the lanes that took part', () => {
    const s = ops('test/conformance/seeds/shfl_examples.cu');
    expect(s.some((o) => o.op.startsWith('__shfl') && o.mask === 0xffffffff)).toBe(true);
  });
});
