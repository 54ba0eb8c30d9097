import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * gdb names one process per run: the exit line, kill and quit's question all say the same id,
 * and the replay of the trace says the same as the live session did.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-inferior-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ws = (args: readonly string[]): { stdout: string; stderr: string } => spawnSync(process.execPath, ['bin/warpscope.mjs', ...args], { encoding: 'utf8', timeout: 120_000 });

describe('the process id of a run', () => {
  it('is one number in the exit line, kill and quit, live and replayed', () => {
    const script = join(dir, 'pid.gdb');
    writeFileSync(script, ['run', 'start', 'kill', 'start', 'quit', ''].join('\n'));
    const trace = join(dir, 'pid.trace');
    const live = ws(['debug', 'test/conformance/rules/enum_types.cu', '-o', trace, '-x', script, '--batch']);
    expect(live.stderr).toBe('');
    const ids = [...live.stdout.matchAll(/Inferior 1 [([]process (\d+)[)\]] (exited normally|killed|will be killed)/g)].map((m) => [m[2], m[1]]);
    expect(ids.map(([what]) => what)).toEqual(['exited normally', 'killed', 'will be killed']);
    expect(new Set(ids.map(([, id]) => id)).size).toBe(1);
    const replay = ws(['replay', trace, '-x', script, '--batch']);
    expect(replay.stderr).toBe('');
    expect(replay.stdout).toBe(live.stdout);
  }, 120_000);
});
