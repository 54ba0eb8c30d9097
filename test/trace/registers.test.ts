import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execute } from '../../src/engine/execute.js';
import { defaultRunOptions } from '../../src/engine/api.js';
import { TraceWriter } from '../../src/trace/writer.js';
import { Trace } from '../../src/trace/reader.js';
import { EFFECT } from '../../src/trace/schema.js';
import type { DebugInfo } from '../../src/engine/debuginfo/symbols.js';

/*
 * The recorder compares after each statement only the registers the statement can assign (from
 * the debug information). It must report exactly what comparing every register reports.
 */

const host = { readFile: (p: string): string | null => { try { return readFileSync(p, 'latin1'); } catch { return null; } } };

/** The register effects of a recording, as text; `full` compares every register after every statement. */
function registerEffects(file: string, full: boolean): string[] {
  const path = join(mkdtempSync(join(tmpdir(), 'ws-regs-')), 't.trace');
  const w = TraceWriter.create(path, { program: file, argv: ['p'], device: 'h100', options: {} });
  if (typeof w === 'string') throw new Error(w);
  if (full) {
    const symbols = w.symbols.bind(w);
    w.symbols = (info: DebugInfo) => symbols({ ...info, functions: info.functions.map((f) => ({ ...f, assigns: [] })) });
  }
  w.finish(execute({ kind: 'record', file, argv: ['p'], options: defaultRunOptions, listener: w }, host, () => undefined));
  const t = Trace.open(path);
  if (typeof t === 'string') throw new Error(t);
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
