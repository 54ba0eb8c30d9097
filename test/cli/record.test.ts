import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { defaultTracePath } from '../../src/cli/record.js';
import { FORMAT_VERSION } from '../../src/trace/schema.js';
import { writeRowsOutOfOrder } from '../trace/damaged.js';

/** Runs the built CLI (npm test builds it first); stdout/stderr as bytes. */
function ws(...args: string[]): { status: number | null; stdout: Buffer; stderr: Buffer } {
  // serve runs until stopped: one that takes a bad trace would otherwise hold the test for a minute.
  const r = spawnSync(process.execPath, ['bin/warpscope.mjs', ...args], { timeout: args[0] === 'serve' ? 15_000 : 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'ws-record-'));
const seeds = 'test/conformance/seeds';
const programs = ['avgfilter_global_1block.cu', 'avgfilter_shadowed_i.cu', 'avgfilter_global_manyblocks.cu', 'hello_world_ids.cu', 'reduce_shared.cu'];

describe('warpscope record / replay', () => {
  it.each(programs)('replays %s byte for byte with the status of run', (p) => {
    const trace = join(dir, `${p}.trace`);
    const run = ws('run', `${seeds}/${p}`);
    const rec = ws('record', `${seeds}/${p}`, '-o', trace);
    expect(rec.stdout.equals(run.stdout)).toBe(true);
    expect(rec.stderr.equals(run.stderr)).toBe(true);
    expect(rec.status).toBe(run.status);
    const rep = ws('replay', trace, '--output');
    expect(rep.stdout.equals(run.stdout)).toBe(true);
    expect(rep.stderr.equals(run.stderr)).toBe(true);
    expect(rep.status).toBe(run.status);
  });

  it('replays a compile error and a non-zero status', () => {
    const bad = join(dir, 'bad.cu');
    writeFileSync(bad, 'int main() { return undefined_name; }\n');
    const trace = join(dir, 'bad.trace');
    const run = ws('run', bad);
    expect(ws('record', bad, '-o', trace).status).toBe(run.status);
    const rep = ws('replay', trace, '--output');
    expect(rep.status).toBe(1);
    expect(rep.stderr.toString()).toBe(run.stderr.toString());
  });

  it('summarises a trace', () => {
    const trace = join(dir, 'sum.trace');
    ws('record', `${seeds}/${programs[0]}`, '-o', trace);
    const s = ws('replay', trace, '--summary').stdout.toString();
    expect(s).toMatch(/^program: .*avgfilter_global_1block\.cu$/m);
    expect(s).toMatch(/^device: +h100$/m);
    expect(s).toMatch(/^exit status: +0$/m);
    expect(s).toMatch(/^statements: +\d+$/m);
    expect(s).toMatch(/^ {2}#1 AverageDiff<<<\(1,1,1\), \(16,1,1\)>>> \d+ statements/m);
  });

  it('names the default trace file after the program and the time', () => {
    expect(defaultTracePath('x/prog.cu', new Date(2025, 0, 2, 3, 4, 5))).toBe('traces/prog-20250102-030405.trace');
  });

  it('refuses a missing, non-trace, corrupt or other-version file with one line, in replay and serve alike', () => {
    const garbage = join(dir, 'garbage.trace');
    writeFileSync(garbage, 'this is not a database'.repeat(100));
    const corrupt = join(dir, 'corrupt.trace');
    ws('record', `${seeds}/${programs[0]}`, '-o', corrupt);
    const good = join(dir, 'v.trace');
    ws('record', `${seeds}/${programs[0]}`, '-o', good);
    const db = new Database(good);
    db.prepare("UPDATE meta SET value = '99' WHERE key = 'format_version'").run();
    db.close();
    // Keep the SQLite header, wreck the pages behind it.
    const bytes = Buffer.alloc(8192, 0xab);
    Buffer.from('SQLite format 3\0', 'latin1').copy(bytes);
    writeFileSync(corrupt, bytes);
    const flipped = join(dir, 'flipped.trace');
    writeRowsOutOfOrder(flipped);
    const empty = join(dir, 'empty.trace');
    writeFileSync(empty, '');
    const other = join(dir, 'other.sqlite');
    const o = new Database(other);
    o.exec('CREATE TABLE t (x)');
    o.close();
    const cases: [string, RegExp][] = [
      [join(dir, 'missing.trace'), /no such trace file/],
      [garbage, /is not a Warpscope trace/],
      [corrupt, /is a damaged trace/],
      [flipped, /is a damaged trace \(database disk image is malformed\)$/m],
      [empty, /is not a Warpscope trace \(not an SQLite database\)/],
      [good, new RegExp(`format version 99; this Warpscope reads version ${FORMAT_VERSION}`)],
      [other, /is not a Warpscope trace/],
    ];
    for (const [file, message] of cases) {
      const r = ws('replay', file);
      expect(r.status).toBe(1);
      const err = r.stderr.toString();
      expect(err).toMatch(message);
      expect(err).toMatch(/^warpscope: error: [^\n]*\n$/);
      expect(existsSync(file) || /no such/.test(err)).toBe(true);
      // serve refuses at once with the same line rather than serving an empty window.
      if (!existsSync(file) || !file.endsWith('.trace')) continue;
      const served = ws('serve', file, '--port', '0');
      expect(served.status).toBe(1);
      expect(served.stderr.toString()).toBe(err);
      expect(served.stdout.toString()).toBe('');
    }
  });
});
