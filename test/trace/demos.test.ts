import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

/*
 * The demo traces in traces/ (made by `npm run traces`) must open with this version of Warpscope
 * and replay exactly what running their example prints; after a trace-format change, regenerate them.
 */

const cli = (args: string[]): { stdout: string; stderr: string; status: number | null } =>
  spawnSync(process.execPath, ['bin/warpscope.mjs', ...args], { encoding: 'latin1', timeout: 120_000 });

describe('the demo traces', () => {
  const demos = readdirSync('traces').filter((f) => f.endsWith('.trace'));

  it('exist', () => {
    expect(demos.length).toBeGreaterThanOrEqual(4);
  });

  for (const file of demos) {
    it(`${file} replays what its example prints (run 'npm run traces' after a format change)`, () => {
      const replay = cli(['replay', `traces/${file}`, '--output']);
      const run = cli(['run', `examples/${file.replace(/\.trace$/, '.cu')}`]);
      expect(replay.stdout).toBe(run.stdout);
      expect(replay.stderr).toBe(run.stderr);
      expect(replay.status).toBe(run.status);
    });
  }
});
