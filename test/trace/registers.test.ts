import { describe, expect, it } from 'vitest';
import { recordFile } from './record.js';
import { EFFECT } from '../../src/trace/schema.js';

/*
 * After each statement the recorder writes the registers the statement can assign (from the
 * debug information), without comparing them with what the trace holds. A replay must see every
 * register change at the step it saw it when every register was compared after every statement
 * (the tracker's exhaustive mode): the same changes, in the same order, at the same steps.
 * Recursive functions are left out: their activations share one register slot per variable in
 * the trace, and the lanes a deeper activation does not run hold its fresh lane arrays' garbage,
 * which the two modes report at different steps (no lane that runs the activation differs).
 */

/** The register changes a replay sees: each write whose value differs from the register lane's last one (registers start at 0). */
function registerChanges(file: string, exhaustive: boolean): { changes: string[]; rows: number } {
  const t = recordFile(file, { exhaustiveRegisters: exhaustive });
  const last = new Map<string, string>();
  const changes: string[] = [];
  let rows = 0;
  // Functions entered on a warp while already on its call stack.
  const stacks = new Map<string, number[]>();
  const recursive = new Set<number>();
  const all = [...t.effects()];
  for (const e of all) {
    const w = `${e.launch}/${e.block}/${e.warp}`;
    const stack = stacks.get(w) ?? [];
    stacks.set(w, stack);
    if (e.kind === EFFECT.enter) {
      if (stack.includes(e.value as number)) recursive.add(e.value as number);
      stack.push(e.value as number);
    } else if (e.kind === EFFECT.leave) stack.pop();
  }
  for (const e of all) {
    if (e.kind !== EFFECT.register || recursive.has(e.address >>> 16)) continue;
    rows++;
    const key = `${e.launch}/${e.block}/${e.warp}/${e.lane} ${e.address}`;
    const value = String(e.value);
    if ((last.get(key) ?? '0') === value) continue;
    last.set(key, value);
    changes.push(`${e.step} ${key} ${value}`);
  }
  t.close();
  return { changes, rows };
}

describe('register recording', () => {
  const programs = ['examples/avgfilter.cu', 'test/conformance/rules/language_features.cu', 'test/conformance/seeds/shfl_examples.cu', 'test/conformance/atomics/all_ops.cu', 'test/conformance/cg/groups.cu', 'test/conformance/seeds/avgfilter_shadowed_i.cu', 'test/conformance/seeds/cg_reduce_sum.cu', 'examples/conv1d_tiled.cu', 'examples/spmv.cu'];
  it.each(programs)('%s: statement write sets carry every register change', (file) => {
    const all = registerChanges(file, true);
    expect(all.changes.length).toBeGreaterThan(0);
    expect(registerChanges(file, false).changes).toEqual(all.changes);
  });
});
