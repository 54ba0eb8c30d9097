import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from '../../src/cli/args.js';

/*
 * `warpscope run/record --scheduler greedy|round-robin|random:SEED`: how warps take turns. The
 * race in sched_race.cu (warp 1 reads shared memory warp 0 writes, with no barrier) answers
 * differently per scheduler; a program synchronised with __syncthreads does not.
 */

const race = 'test/cli/programs/sched_race.cu';

function warpscope(...args: string[]): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(process.execPath, ['bin/warpscope.mjs', ...args], { encoding: 'utf8', timeout: 60_000 });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

describe('warpscope --scheduler', () => {
  it('greedy (the default) gives the race the answer of warp 0 running first', () => {
    expect(warpscope('run', race).stdout).toBe('sum = 2048\n');
    expect(warpscope('run', race, '--scheduler', 'greedy').stdout).toBe('sum = 2048\n');
  });

  it('round-robin shows the race', () => {
    const r = warpscope('run', race, '--scheduler', 'round-robin');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^sum = \d+\n$/);
    expect(r.stdout).not.toBe('sum = 2048\n');
  });

  it('random:SEED gives one answer per seed, run after run', () => {
    const a = warpscope('run', race, '--scheduler', 'random:42').stdout;
    expect(a).toMatch(/^sum = \d+\n$/);
    expect(warpscope('run', race, '--scheduler=random:42').stdout).toBe(a);
    const others = ['1', '2', '3'].map((s) => warpscope('run', race, '--scheduler', `random:${s}`).stdout);
    expect(new Set([a, ...others]).size).toBeGreaterThan(1);
  });

  it('prints the same for a __syncthreads-correct program under every scheduler', () => {
    const want = warpscope('run', 'examples/avgfilter.cu').stdout;
    expect(want).toContain('CASE 11');
    for (const s of ['round-robin', 'random:5']) expect(warpscope('run', 'examples/avgfilter.cu', '--scheduler', s).stdout).toBe(want);
  });

  it('record takes the flag too and the trace replays what the run printed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'warpscope-sched-'));
    try {
      const trace = join(dir, 'race.trace');
      const r = warpscope('record', race, '--scheduler', 'random:42', '-o', trace);
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(warpscope('run', race, '--scheduler', 'random:42').stdout);
      expect(warpscope('replay', trace, '--output').stdout).toBe(r.stdout);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects an unknown scheduler with exit status 2', () => {
    for (const bad of ['x', 'random', 'random:abc', 'random:-1']) {
      const r = warpscope('run', race, '--scheduler', bad);
      expect(r.status).toBe(2);
      expect(r.stderr).toContain(`warpscope: error: unknown scheduler '${bad}' (greedy, round-robin, random:SEED)`);
    }
    expect(warpscope('run', race, '--scheduler').stderr).toContain("warpscope: error: unknown scheduler '' (greedy, round-robin, random:SEED)");
  });

  it('parses the flag into RunOptions.scheduler and documents it in --help', () => {
    expect(parseArgs(['run', 'a.cu', '--scheduler', 'round-robin'])).toMatchObject({ kind: 'run', options: { scheduler: { kind: 'round-robin' } } });
    expect(parseArgs(['record', 'a.cu', '--scheduler=random:7'])).toMatchObject({ kind: 'record', options: { scheduler: { kind: 'random', seed: 7 } } });
    expect(parseArgs(['run', 'a.cu', '--scheduler', 'greedy'])).toMatchObject({ options: { scheduler: { kind: 'greedy' } } });
    expect(warpscope('--help').stdout).toContain('--scheduler S');
  });
});
