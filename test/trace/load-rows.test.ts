import { describe, expect, it } from 'vitest';
import { recordFile } from './record.js';
import { EFFECT, SPACE_CODE } from '../../src/trace/schema.js';
import { SHARED_BASE } from '../../src/engine/memory/layout.js';

describe('load rows', () => {
  it('keep a warp instruction in one row when a statement reads two addresses lane by lane', () => {
    const t = recordFile('test/trace/programs/two_loads.cu');
    // The step of `out[t] = s[t] + s[t + 32];` (line 12).
    const step = [...Array(t.stepCount()).keys()].find((s) => t.loc(t.stepRow(s)!.loc).line === 12)!;
    const rows: { kind: number; space: number; mask: number; addrs: number[] }[] = [];
    for (let c = 0; c < t.effectChunks.length; c++) {
      const d = t.effectChunk(c);
      for (let i = 0; i < d.count; i++) {
        if (d.step[i] !== step) continue;
        const mask = d.neu[2 * i]!;
        const n = d.kind[i] === EFFECT.load ? 32 : 0;
        const at = d.neu[2 * i + 1]!;
        rows.push({ kind: d.kind[i]!, space: d.space[i]!, mask, addrs: Array.from(d.values.subarray(at, at + n), (a) => a - SHARED_BASE) });
      }
    }
    t.close();
    const loads = rows.filter((r) => r.kind === EFFECT.load);
    expect(loads).toEqual([
      { kind: EFFECT.load, space: SPACE_CODE.shared, mask: 0xffffffff, addrs: Array.from({ length: 32 }, (_, l) => 4 * l) },
      { kind: EFFECT.load, space: SPACE_CODE.shared, mask: 0xffffffff, addrs: Array.from({ length: 32 }, (_, l) => 4 * (l + 32)) },
    ]);
    // The loads come before the store they feed, as they ran.
    expect(rows.map((r) => r.kind).indexOf(EFFECT.store)).toBeGreaterThan(rows.map((r) => r.kind).lastIndexOf(EFFECT.load));
  });
});
