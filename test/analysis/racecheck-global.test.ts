import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { runCheck } from '../../src/analysis/run.js';
import { BANNER, errorBlocks, summaryLines } from '../../src/analysis/report.js';
import type { CheckResult, RaceError } from '../../src/analysis/findings.js';
import type { RaceMemory } from '../../src/analysis/racecheck.js';
import { defaultRunOptions } from '../../src/engine/api.js';
import { parseReport, readGolden } from './golden.js';

/*
 * racecheck on global memory (--racecheck-memory), Warpscope's extension: compute-sanitizer's
 * racecheck on the H100 reports nothing for race_global.cu (test/sanitizer/race_global.racecheck.txt)
 * nor for the seeds' in-place global filters, so the default stays shared-only (checked against
 * those reports by sanitizers.test.ts). Here: the races it finds when asked, and that programs
 * with no global race stay clean with it on (the H100's reports are then still the whole answer).
 */

const readSource = (p: string): string | null => {
  try {
    return readFileSync(p, 'utf8');
  } catch {
    return null;
  }
};

/** Runs `source` (or `text` standing for it) under racecheck watching `memory`. */
function race(source: string, memory: RaceMemory, text?: string): CheckResult {
  const r = runCheck(
    { tool: 'racecheck', file: source, argv: [basename(source, '.cu')], options: defaultRunOptions, leakCheck: false, racecheckMemory: memory },
    { readFile: (p) => (text !== undefined && p === source ? text : readSource(p)) },
    () => undefined,
  );
  if (r === null) throw new Error(`${source} did not compile`);
  return r;
}

const globalRaces = (r: CheckResult): RaceError[] => r.findings.filter((f): f is RaceError => f.kind === 'race' && f.space === 'global');
/** Each global race as "severity line access / line access", sorted. */
const pairs = (r: CheckResult): string[] => [...new Set(globalRaces(r).map((f) => `${f.severity} ${f.accesses.map((a) => `${a.line} ${a.access}`).sort().join(' / ')}`))].sort();

/** Programs compute-sanitizer's reports show, whose global accesses a barrier, a launch or an atomic orders. */
function cleanPrograms(): string[] {
  const racy = new Set(['race_global', 'avgfilter_global_1block', 'avgfilter_shared_manyblocks_sync', 'reduce_shared']);
  const out: string[] = [];
  const add = (dir: string, srcDir: string): void => {
    if (!existsSync(dir)) return;
    for (const f of readdirSync(dir)) {
      const n = f.replace(/\.racecheck\.txt$/, '');
      if (n === f || racy.has(n)) continue;
      const golden = readGolden(join(dir, f));
      if (golden.exit === 124) continue;
      out.push(join(srcDir, `${n}.cu`));
    }
  };
  add('test/sanitizer', 'test/sanitizer');
  add('test/sanitizer/seeds', 'test/conformance/seeds');
  add('test/sanitizer/examples', 'examples');
  return out;
}

describe('racecheck --racecheck-memory global', () => {
  it('finds race_global.cu\'s races within a warp, between warps and between blocks, and none the fence, the atomics or a launch order', () => {
    const r = race('test/sanitizer/race_global.cu', 'global');
    expect(pairs(r)).toEqual(['error 14 read / 14 write', 'error 16 write / 16 write', 'warning 14 read / 14 write']);
    const lanes = globalRaces(r).find((f) => f.severity === 'warning')!;
    // Lanes of one warp: thread i reads a[i + 1] before lane i + 1 writes it.
    expect(lanes.accesses.map((a) => a.block)).toEqual([lanes.block, lanes.block]);
    const blocks = globalRaces(r).find((f) => f.accesses[0].line === 16)!;
    expect(blocks.accesses[0].block).not.toEqual(blocks.accesses[1].block);
    expect(blocks.accesses.map((a) => a.thread.x)).toEqual([0, 0]);
  });

  it('is off by default: the report is the H100\'s (no hazards)', () => {
    const r = race('test/sanitizer/race_global.cu', 'shared');
    const golden = readGolden('test/sanitizer/race_global.racecheck.txt');
    expect(r.findings).toEqual([]);
    expect(parseReport(`${BANNER}${errorBlocks(r)}${summaryLines(r)}`).summaries).toEqual(golden.summaries);
  });

  it('hears __threadfence: without it the last block\'s reads of the partial sums race with their writes', () => {
    const text = readFileSync('test/sanitizer/race_global.cu', 'utf8').replace('__threadfence();', '');
    const r = race('test/sanitizer/race_global.cu', 'global', text);
    expect(pairs(r)).toContain('error 25 write / 34 read');
    expect(pairs(race('test/sanitizer/race_global.cu', 'global'))).not.toContain('error 25 write / 34 read');
  });

  it('reports the lecture programs\' in-place global updates, which the H100\'s racecheck passes', () => {
    // CASE 1 and 3: one warp filters A in place (thread i reads A[i+1], which lane i+1 writes).
    expect(pairs(race('test/conformance/seeds/avgfilter_global_1block.cu', 'global'))).toEqual(['warning 30 read / 30 write', 'warning 53 read / 53 write']);
    // Blocks read their halo from x and write their part back to x (CASE 13: same array).
    expect(pairs(race('test/conformance/seeds/avgfilter_shared_manyblocks_sync.cu', 'global'))).toEqual(['error 45 read / 72 write', 'error 84 read / 96 write']);
    // reduce_shared(d_out, d_out, size): block b writes d_out[b], which block 0 reads as its input.
    expect(pairs(race('test/conformance/seeds/reduce_shared.cu', 'global'))).toEqual(['error 21 write / 8 read']);
    expect(readGolden('test/sanitizer/seeds/reduce_shared.racecheck.txt').summaries).toEqual(['RACECHECK SUMMARY: 0 hazards displayed (0 errors, 0 warnings)']);
  });

  it('adds nothing to shared-memory races: --racecheck-memory all shows race_shared.cu as the H100 does', () => {
    const shared = race('test/sanitizer/race_shared.cu', 'shared');
    const all = race('test/sanitizer/race_shared.cu', 'all');
    expect(errorBlocks(all)).toBe(errorBlocks(shared));
    expect(race('test/sanitizer/race_shared.cu', 'global').findings).toEqual([]);
  });

  for (const source of cleanPrograms()) {
    it(`${basename(source)} stays clean with global memory watched`, () => {
      const r = race(source, 'all');
      expect(pairs(r)).toEqual([]);
      const golden = readGolden(join(source.startsWith('test/sanitizer') ? 'test/sanitizer' : source.startsWith('examples') ? 'test/sanitizer/examples' : 'test/sanitizer/seeds', `${basename(source, '.cu')}.racecheck.txt`));
      // A run the simulator stops where the H100 finishes (sync_divergent, sanitizers.test.ts's KNOWN) has no summary to compare.
      expect(parseReport(summaryLines(r)).summaries).toEqual(r.stopped ? [] : golden.summaries);
    });
  }
});
