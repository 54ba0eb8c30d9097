import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/*
 * A trace whose damage only shows when a command reads the damaged part (a chunk or checkpoint
 * that does not decode): the debugger says so in one line, stops running the program, as no
 * value read from it can be trusted, and exits with status 1. It never prints an internal error
 * or goes on as if nothing happened.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-damaged-cli-'));
const program = 'test/conformance/seeds/avgfilter_global_1block.cu';

/** Runs the built CLI (npm test builds it first). */
function ws(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['bin/warpscope.mjs', ...args], { encoding: 'latin1', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const trace = join(dir, 'good.trace');
const commands = join(dir, 'cmds.gdb');
writeFileSync(commands, ['start', 'goto 1100', 'print i', 'info cuda kernels', 'print i'].join('\n') + '\n');

/** A copy of the good trace with every effect chunk's bytes zeroed (as a zeroed page of the file leaves them). */
function zeroedEffects(): string {
  const path = join(dir, 'zeroed.trace');
  copyFileSync(trace, path);
  const db = new Database(path);
  db.exec('UPDATE effect_chunks SET data = zeroblob(length(data))');
  db.close();
  return path;
}

describe('a trace damaged where a command reads it', () => {
  it('records the program into a trace that a reader can open read-only (no WAL left to need a -shm file)', () => {
    expect(ws('record', program, '-o', trace).status).toBe(0);
    const db = new Database(trace, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
    db.close();
    const good = ws('replay', trace, '-x', commands, '--batch');
    expect(good.status).toBe(0);
    expect(good.stdout).toMatch(/^\$1 = \d+$/m);
  });

  it('says the trace is damaged in one line, stops running the program and exits with status 1', () => {
    const path = zeroedEffects();
    const r = ws('replay', path, '-x', commands, '--batch');
    expect(r.stdout).not.toMatch(/internal error/i);
    expect(r.stdout).not.toMatch(/^\$\d+ = /m);
    const errors = r.stdout.split('\n').filter((l) => l.includes('is a damaged trace'));
    expect(errors[0]).toMatch(new RegExp(`^warpscope: error: '${path}' is a damaged trace \\(effect chunk at 0 is damaged\\)$`));
    // The commands after it find no program being run, rather than values read from what is left.
    expect(r.stdout).toMatch(/^The program is not being run\.$|^No symbol "i" in current context\.$/m);
    expect(r.status).toBe(1);
  });
});

describe('a trace damaged where a stop shows its frame', () => {
  beforeAll(() => void (existsSync(trace) || ws('record', program, '-o', trace)));

  it('puts the error on a line of its own, not after the stop header it interrupted', () => {
    const path = join(dir, 'blobs.trace');
    copyFileSync(trace, path);
    const db = new Database(path);
    // The frame line reads argv through the bulk writes that made it.
    db.exec('UPDATE blobs SET new = zeroblob(length(new)), crc = NULL');
    db.close();
    const r = ws('replay', path, '-x', commands, '--batch');
    const lines = r.stdout.split('\n');
    const at = lines.findIndex((l) => l.includes('is a damaged trace'));
    expect(lines[at]).toMatch(/^warpscope: error: '.*' is a damaged trace \(bulk write \d+ is damaged\)$/);
    expect(r.status).toBe(1);
  });
});

describe('a trace given where a program goes', () => {
  beforeAll(() => void (existsSync(trace) || ws('record', program, '-o', trace)));

  it.each([['run'], ['record', '-o', join(dir, 'never.trace')], ['debug', '--batch', '-o', join(dir, 'never.trace')], ['check', '--tool', 'memcheck'], ['stats']])('%s names it as a trace in one line instead of compiling its bytes', (command, ...options) => {
    const r = ws(command, trace, ...options);
    expect(r.stderr).toBe(`warpscope: error: '${trace}' is a trace, not a CUDA program; replay it with 'warpscope replay ${trace}'\n`);
    expect(r.stdout).toBe('');
    expect(r.status).toBe(1);
  });
});

describe('a trace with rows deleted from its output or launches', () => {
  beforeAll(() => void (existsSync(trace) || ws('record', program, '-o', trace)));

  it.each([
    ['output', 'DELETE FROM output', 'output rows are missing (the run made 1, 0 are recorded)'],
    ['launches', 'DELETE FROM launches WHERE launch_id = (SELECT max(launch_id) FROM launches)', 'launch rows are missing (the run made 10, 9 are recorded)'],
  ])('%s: replay refuses it in one line with status 1 instead of replaying without them', (table, sql, reason) => {
    const path = join(dir, `no-${table}.trace`);
    copyFileSync(trace, path);
    const db = new Database(path);
    db.exec(sql);
    db.close();
    for (const args of [['--output'], ['--summary'], ['-x', commands, '--batch']]) {
      const r = ws('replay', path, ...args);
      expect([r.status, r.stdout, r.stderr]).toEqual([1, '', `warpscope: error: '${path}' is a damaged trace (${reason})\n`]);
    }
  });
});
