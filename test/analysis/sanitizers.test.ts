import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { runCheck } from '../../src/analysis/run.js';
import { BANNER, errorBlocks, summaryLines } from '../../src/analysis/report.js';
import { TOOLS, type CheckResult, type Tool } from '../../src/analysis/findings.js';
import { defaultRunOptions } from '../../src/engine/api.js';
import { parseReport, readGolden, type GoldenBlock, type GoldenReport } from './golden.js';

/*
 * `warpscope check` against compute-sanitizer on a real H100 (test/sanitizer/): for every program
 * with recorded reports and every tool, the error blocks (kind, line, thread, block), the summary
 * lines, the program's own output and the exit status must agree; device frames name the kernel's
 * signature as the H100's do (`k(const int *, int *, int)`), less the PC offset. Racecheck's
 * per-pair hazard counts ("[388 hazards]") depend on how the GPU interleaved its warps, so races
 * are compared by their severity and their locations, and the summary line exactly.
 */

const DIR = 'test/sanitizer';

/**
 * Where the simulator knowingly differs from the H100 under a tool: what it does instead (checked,
 * so a change shows up here) and why. Each also differs the same way under `warpscope run`.
 */
const KNOWN: Readonly<Record<string, { readonly status: number; readonly why: string }>> = {
  'sync_divergent.cu memcheck': { status: 124, why: 'the engine hangs where a warp reaches __syncthreads divergently; the H100 finishes (docs/engine.md)' },
  'sync_divergent.cu racecheck': { status: 124, why: 'as for memcheck' },
  'sync_divergent.cu initcheck': { status: 124, why: 'as for memcheck' },
  'use_after_free.cu initcheck': { status: 0, why: "under initcheck the H100 keeps freed memory mapped, so the kernel's writes into it do not fault; the simulator faults as a plain run does" },
};

/** Every program with reports: the sanitizer's own, the conformance seeds and the examples. */
function programs(): { source: string; reports: string }[] {
  const out: { source: string; reports: string }[] = [];
  const names = (dir: string): string[] => [...new Set(readdirNames(dir).filter((f) => f.endsWith('.memcheck.txt')).map((f) => f.replace(/\.memcheck\.txt$/, '')))];
  for (const n of names(DIR)) out.push({ source: join(DIR, `${n}.cu`), reports: join(DIR, n) });
  for (const n of names(join(DIR, 'seeds'))) out.push({ source: join('test/conformance/seeds', `${n}.cu`), reports: join(DIR, 'seeds', n) });
  for (const n of names(join(DIR, 'examples'))) out.push({ source: join('examples', `${n}.cu`), reports: join(DIR, 'examples', n) });
  return out;
}

function readdirNames(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir) : [];
}

const readSource = (p: string): string | null => {
  try {
    return readFileSync(p, 'utf8');
  } catch {
    return null;
  }
};

/** Runs `source` under `tool` in-process; the report as compute-sanitizer would print it, and the result. */
function check(source: string, tool: Tool): { report: GoldenReport; result: CheckResult } {
  let out = '';
  const result = runCheck(
    { tool, file: source, argv: [basename(source, '.cu')], options: defaultRunOptions, leakCheck: true },
    { readFile: readSource },
    (e) => void (e.kind === 'stdout' ? (out += e.text) : undefined),
  );
  if (result === null) throw new Error(`${source} did not compile`);
  return { report: parseReport(`${BANNER}${errorBlocks(result)}${out}${summaryLines(result)}exit ${result.status}\n`), result };
}

/** A block as both sides can agree on it, sorted for a comparison that ignores order (leaks come out in no fixed order). */
const key = (b: GoldenBlock): string => JSON.stringify([b.what, b.line, b.thread, b.block, b.access, [...b.partners].sort(), [...b.frames].sort()]);
const keys = (r: GoldenReport): string[] => r.blocks.map(key).sort();

describe('warpscope check agrees with compute-sanitizer on an H100', () => {
  for (const p of programs()) {
    for (const tool of TOOLS) {
      const path = `${p.reports}.${tool}.txt`;
      if (!existsSync(path)) continue;
      it(`${basename(p.source)} --tool ${tool}`, () => {
        const golden = readGolden(path);
        const { report, result } = check(p.source, tool);
        const known = KNOWN[`${basename(p.source)} ${tool}`];
        if (known !== undefined) {
          expect(result.status, known.why).toBe(known.status);
          return;
        }
        if (golden.exit === 124 && tool === 'synccheck') {
          // The real GPU hung and the tool was killed; synccheck reports the divergence and finishes instead.
          expect(result.findings.length).toBeGreaterThan(0);
          expect(result.status).not.toBe(124);
          expect(report.output.slice(0, golden.output.length)).toEqual(golden.output);
          return;
        }
        // Hangs too: the run is stopped as the H100's process was killed (status 124), with what was
        // found so far and no leak check or summary.
        expect(keys(report)).toEqual(keys(golden));
        expect(report.summaries).toEqual(golden.summaries);
        expect(report.output).toEqual(golden.output);
        expect(result.status).toBe(golden.exit);
      });
    }
  }
});
