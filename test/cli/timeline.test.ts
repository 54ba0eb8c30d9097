import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { formatTimeline } from '../../src/cli/timeline.js';
import { parseArgs } from '../../src/cli/args.js';

/* `warpscope run --timeline`: the stream timeline on stderr after the program's own output. */

describe('warpscope run --timeline', () => {
  it('is a run option', () => {
    expect(parseArgs(['run', 'a.cu', '--timeline'])).toMatchObject({ kind: 'run', options: { timeline: true } });
  });

  it('prints one row per operation on stderr, ordered by start, and leaves stdout alone', () => {
    const r = spawnSync(process.execPath, ['bin/warpscope.mjs', 'run', '--timeline', 'test/cli/programs/two_streams.cu'], { encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('h[63] = 64\n');
    const lines = r.stderr.split('\n');
    const head = lines.findIndex((l) => l.startsWith('Start (ns)'));
    expect(lines[head]).toMatch(/^Start \(ns\)\s+Duration \(ns\)\s+Stream\s+Id\s+Kind\s+Name\s+Waited for$/);
    const rows = lines.slice(head + 2).filter((l) => l.trim() !== '');
    expect(rows).toHaveLength(5);
    // Stream, Id and Kind of each row: each stream's copy then its kernel, then the blocking copy in the default stream.
    expect(rows.map((l) => l.trim().split(/\s+/).slice(2, 5).join(' '))).toEqual(['1 1 memcpy', '1 2 kernel', '2 3 memcpy', '2 4 kernel', 'default 5 memcpy']);
    expect(rows[0]).toContain('[CUDA memcpy HtoD] 128 B pinned');
    expect(rows[1]).toContain('inc<<<(1,1,1), (32,1,1)>>>');
    expect(rows[4]).toMatch(/default\s+5\s+memcpy\s+\[CUDA memcpy DtoH\] 256 B pinned\s+2,4$/);
    const starts = rows.map((l) => Number(l.trim().split(/\s+/)[0]));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('says so when a program used no streams', () => {
    expect(formatTimeline([])).toBe('\nStream timeline: no stream operations.\n');
  });
});
