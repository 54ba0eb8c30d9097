import { afterEach, describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { main } from '../../src/cli/warpscope.js';
import { TraceSink } from '../../src/trace/sink.js';
import { Trace } from '../../src/trace/reader.js';

/*
 * Where a trace cannot or may not be written. `record prog.cu -o prog.cu` replaced the program
 * with the trace (and `-o notes.txt` any file, `-o /dev/full` the device); a path under a file
 * and a disk that fills up mid-run printed Node's and SQLite's messages, the latter as an
 * internal error with status 70 and the lock left behind. Each is now one line and status 1.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-trace-writes-'));
const program = 'test/conformance/seeds/hello_world_ids.cu';
afterEach(() => vi.restoreAllMocks());

/** Runs the built CLI (npm test builds it first). */
function ws(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['bin/warpscope.mjs', ...args], { encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('record -o a path it may not replace', () => {
  it.each([
    ['the program itself', () => {
      const p = join(dir, 'own.cu');
      writeFileSync(p, readFileSync(program));
      return [p, p];
    }, 'it is a file that is not a trace, which recording would replace (choose another path)'],
    ['a text file', () => {
      const p = join(dir, 'notes.txt');
      writeFileSync(p, 'my notes\n');
      return [program, p];
    }, 'it is a file that is not a trace, which recording would replace (choose another path)'],
    ['a folder', () => {
      const p = join(dir, 'folder.trace');
      mkdirSync(p);
      return [program, p];
    }, 'it is a folder'],
    ['a path under a file', () => {
      const p = join(dir, 'plain');
      writeFileSync(p, 'x');
      return [program, join(p, 'x.trace')];
    }, 'a folder on its path is a file'],
    // /proc refuses new files with ENOENT: Node's message leaked, and making /proc/none/ looped forever.
    ['a folder that refuses new files', () => [program, '/proc/x.trace'], 'no file can be created there'],
    ['a folder that cannot be made', () => [program, '/proc/none/x.trace'], 'no file can be created there'],
  ] as const)('%s: one line, status 1, and the file is as it was', (_what, make, reason) => {
    const [prog, out] = make();
    const before = existsSync(out) && !out.endsWith('.trace') ? readFileSync(out) : null;
    const r = ws('record', prog, '-o', out);
    expect([r.status, r.stderr, r.stdout]).toEqual([1, `warpscope: error: cannot write the trace '${out}': ${reason}\n`, '']);
    if (before !== null) expect(readFileSync(out).equals(before)).toBe(true);
    expect(existsSync(`${out}.lock`)).toBe(false);
  });

  it('replaces a trace recorded there before', () => {
    const out = join(dir, 'again.trace');
    expect(ws('record', program, '-o', out).status).toBe(0);
    expect(ws('record', program, '-o', out).status).toBe(0);
  });
});

describe('a disk that fills up while recording', () => {
  it('is one line and status 1; the trace keeps what was committed and its lock goes', async () => {
    const out = join(dir, 'full.trace');
    // The store fails from its second batch on, as SQLite does once the disk is full.
    const handle = TraceSink.prototype.handle;
    let batches = 0;
    vi.spyOn(TraceSink.prototype, 'handle').mockImplementation(function (this: TraceSink, ...args: Parameters<TraceSink['handle']>) {
      if (++batches > 1) throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      handle.apply(this, args);
    });
    const errors: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => (errors.push(Buffer.from(chunk).toString('latin1')), true));
    vi.spyOn(process.stdout, 'write').mockImplementation((_chunk: string | Uint8Array, cb?: unknown) => (typeof cb === 'function' && cb(), true));
    // A program long enough to send several batches (65,536 statements each).
    const src = join(dir, 'long.cu');
    writeFileSync(src, '#include <stdio.h>\nint main() { int s = 0; for (int i = 0; i < 200000; i++) s += i; printf("%d\\n", s); return 0; }\n');
    const status = await main(['record', src, '-o', out]);
    vi.restoreAllMocks();
    expect(errors.join('')).toBe(`warpscope: error: cannot write the trace '${out}': no space left on the device\n`);
    expect(status).toBe(1);
    expect(existsSync(`${out}.lock`)).toBe(false);
    const t = Trace.open(out);
    if (typeof t === 'string') throw new Error(t);
    expect(t.complete).toBe(false);
    expect(t.stepCount()).toBeGreaterThan(0);
    t.close();
  });
});

describe('--help of every command', () => {
  it.each(['run', 'record', 'debug', 'replay', 'devices', 'check', 'serve', 'stats'])('%s --help prints its usage and exits 0', (command) => {
    const r = ws(command, '--help');
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^usage: warpscope /i);
    expect(r.status).toBe(0);
  });
});

describe('debug -x a command file that cannot be read', () => {
  it('is refused before the program is compiled: no trace is made', () => {
    const out = join(dir, 'never-debugged.trace');
    const cmds = join(dir, 'missing.gdb');
    const r = ws('debug', program, '-x', cmds, '--batch', '-o', out);
    expect([r.status, r.stderr, r.stdout]).toEqual([1, `warpscope: error: cannot read the command file '${cmds}'\n`, '']);
    expect(existsSync(out)).toBe(false);
  });
});

describe('stdout that cannot be written (redirected to a full disk)', () => {
  // Linux's /dev/full fails every write with ENOSPC, as a file on a full disk does.
  it.skipIf(!existsSync('/dev/full')).each([
    ['run', program],
    ['replay', join(dir, 'again.trace'), '--output'],
    ['replay', join(dir, 'again.trace'), '--summary'],
  ])('%s %s %s: one line on stderr and status 1, not a stack trace', (...args) => {
    if (args[0] === 'replay' && !existsSync(args[1]!)) expect(ws('record', program, '-o', args[1]!).status).toBe(0);
    const full = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, ['bin/warpscope.mjs', ...args], { stdio: ['ignore', full, 'pipe'], encoding: 'utf8', timeout: 60_000 });
      expect([r.status, r.stderr]).toEqual([1, 'warpscope: error: cannot write the output: no space left on the device\n']);
    } finally {
      closeSync(full);
    }
  });
});

describe('the trace a debugging session leaves', () => {
  it('is out of WAL mode once debug ends, as a recording\'s is: it opens read-only anywhere', () => {
    const out = join(dir, 'debugged.trace');
    const cmds = join(dir, 'run.gdb');
    writeFileSync(cmds, 'break 7\nrun\nnext\n');
    expect(ws('debug', program, '-x', cmds, '--batch', '-o', out).status).toBe(0);
    for (const left of ['-wal', '-shm', '.lock']) expect(existsSync(out + left)).toBe(false);
    const db = new Database(out, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
    db.close();
  });
});
