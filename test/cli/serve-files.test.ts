import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * `serve` of a program that cannot be one (a trace named .cu, a folder, a missing file) served a
 * window that showed the error, and ran until stopped. It now refuses in one line with status 1
 * at once, as run, record and debug do.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-serve-files-'));

/** Runs the built CLI (npm test builds it first); a serve that does not refuse is stopped after 15 s. */
function ws(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['bin/warpscope.mjs', ...args], { encoding: 'utf8', timeout: 15_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('serve refuses what is not a program', () => {
  const trace = join(dir, 'hello.trace');
  const disguised = join(dir, 'hello.cu');
  const folder = join(dir, 'folder.cu');

  it('records the trace the other cases use', () => {
    expect(ws('record', 'test/conformance/seeds/hello_world_ids.cu', '-o', trace).status).toBe(0);
    copyFileSync(trace, disguised);
    mkdirSync(folder);
  });

  it.each([
    ['a trace named .cu', () => disguised, (p: string) => `'${p}' is an SQLite database, not a CUDA program`],
    ['a folder', () => folder, (p: string) => `cannot read '${p}': it is a folder`],
    ['a missing file', () => join(dir, 'nope.cu'), (p: string) => `cannot read '${p}'`],
  ])('%s: one line, status 1, as run says it', (_what, path, message) => {
    const p = path();
    const served = ws('serve', p, '--port', '0');
    expect([served.status, served.stderr, served.stdout]).toEqual([1, `warpscope: error: ${message(p)}\n`, '']);
    const run = ws('run', p);
    expect([run.status, run.stderr]).toEqual([1, `warpscope: error: ${message(p)}\n`]);
  });
});
