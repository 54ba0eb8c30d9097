import { describe, expect, it } from 'vitest';
import { recordFile } from './record.js';
import { EFFECT } from '../../src/trace/schema.js';
import type { DebugInfo } from '../../src/engine/debuginfo/symbols.js';

/*
 * The recorder compares after each statement only the registers the statement can assign (from
 * the debug information). It must report exactly what comparing every register reports.
 */

/** The register effects of a recording, as text; `full` compares every register after every statement. */
function registerEffects(file: string, full: boolean): string[] {
  const t = recordFile(file, {
    adjust: (w) => {
      if (!full) return;
      const symbols = w.symbols.bind(w);
      w.symbols = (info: DebugInfo) => symbols({ ...info, functions: info.functions.map((f) => ({ ...f, assigns: [] })) });
    },
  });
  const out = [...t.effects()].filter((e) => e.kind === EFFECT.register).map((e) => `${e.step} ${e.launch}/${e.block}/${e.warp}/${e.lane} ${e.address} ${String(e.value)}`);
  t.close();
  return out;
}

describe('register recording', () => {
  const programs = ['examples/avgfilter.cu', 'test/conformance/rules/language_features.cu', 'test/conformance/seeds/shfl_examples.cu', 'test/conformance/atomics/all_ops.cu', 'test/conformance/cg/groups.cu', 'test/conformance/seeds/avgfilter_shadowed_i.cu', 'test/conformance/seeds/cg_reduce_sum.cu', 'examples/conv1d_tiled.cu', 'examples/spmv.cu'];
  it.each(programs)('%s: statement write sets find every register change', (file) => {
    const all = registerEffects(file, true);
    expect(all.length).toBeGreaterThan(0);
    expect(registerEffects(file, false)).toEqual(all);
  });
});
