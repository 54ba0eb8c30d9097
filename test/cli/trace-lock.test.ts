import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Two recordings to one trace path at once unlinked each other's file and mixed their rows in
 * one WAL (one of them died with "UNIQUE constraint failed"). A recording now locks its path: a
 * second one is refused in one line while the first runs, and a lock left by a killed recording
 * does not stand in the way.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-lock-'));
const program = 'test/conformance/seeds/hello_world_ids.cu';

/** Runs the built CLI (npm test builds it first). */
function ws(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['bin/warpscope.mjs', ...args], { encoding: 'latin1', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('one recording at a time per trace path', () => {
  it('refuses to record over a trace another running recording is writing', () => {
    const trace = join(dir, 'busy.trace');
    // This test's own process stands for a recording that is still running.
    writeFileSync(`${trace}.lock`, String(process.pid));
    const r = ws('record', program, '-o', trace);
    expect(r.stderr).toBe(`warpscope: error: cannot write the trace '${trace}': another recording (process ${process.pid}) is writing it\n`);
    expect(r.status).toBe(1);
    expect(existsSync(trace)).toBe(false);
  });

  it('takes over the lock a killed recording left, and releases it when done', () => {
    const trace = join(dir, 'stale.trace');
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    writeFileSync(`${trace}.lock`, gone);
    const r = ws('record', program, '-o', trace);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(existsSync(`${trace}.lock`)).toBe(false);
    expect(ws('replay', trace, '--summary').status).toBe(0);
  });
});
