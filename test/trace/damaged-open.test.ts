import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Trace } from '../../src/trace/reader.js';
import { Cursor } from '../../src/trace/cursor.js';
import { TraceDamage } from '../../src/trace/damage.js';
import { recordFile } from './record.js';
import { decodeEffects, decodeSteps } from '../../src/trace/codec.js';

/*
 * A trace damaged inside its rows (SQLite's quick_check finds nothing wrong) is refused when it
 * is opened, with the reason, or reported as damaged when the damaged part is read: never read
 * as if it held fewer statements, zeros or no launch.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-damaged-'));
// Small checkpoints: the run is stored in several step and effect chunks.
const original = recordFile('test/conformance/seeds/avgfilter_global_1block.cu', { checkpointEvents: 200 });
const source = original.db.name;
original.close();
let copies = 0;

/** A copy of the recorded trace after `damage` ran on it through SQLite. */
function damaged(damage: (db: Database.Database) => void): string {
  const path = join(dir, `${++copies}.trace`);
  copyFileSync(source, path);
  const db = new Database(path);
  damage(db);
  db.close();
  return path;
}

/** What opening `path` answers: the message, or 'opened'. */
function opening(path: string): string {
  const t = Trace.open(path);
  if (typeof t === 'string') return t;
  t.close();
  return 'opened';
}

describe('opening a trace damaged inside its rows', () => {
  it('opens the undamaged recording, which has several chunks', () => {
    expect(opening(source)).toBe('opened');
    const db = new Database(source, { readonly: true });
    expect(Number(db.prepare('SELECT count(*) FROM step_chunks').pluck().get())).toBeGreaterThan(2);
    db.close();
  });

  it.each([
    ['a step chunk deleted', "DELETE FROM step_chunks WHERE first_step = (SELECT first_step FROM step_chunks ORDER BY first_step LIMIT 1 OFFSET 1)", /damaged trace \(statements \d+ to \d+ are missing\)$/],
    ['the first step chunk deleted', 'DELETE FROM step_chunks WHERE first_step = 0', /damaged trace \(statements 0 to \d+ are missing\)$/],
    ['the last step chunk deleted', 'DELETE FROM step_chunks WHERE first_step = (SELECT max(first_step) FROM step_chunks)', /damaged trace \(the run made \d+ statements but \d+ are recorded\)$/],
    ['an effect chunk deleted', 'DELETE FROM effect_chunks WHERE first_seq = (SELECT first_seq FROM effect_chunks ORDER BY first_seq LIMIT 1 OFFSET 1)', /damaged trace \(effects \d+ to \d+ are missing\)$/],
    ['an effect chunk made longer', 'UPDATE effect_chunks SET count = count + 5 WHERE first_seq = 0', /damaged trace \(two chunks hold effects \d+ to \d+\)$/],
    ['a step chunk moved', 'UPDATE step_chunks SET first_step = first_step + 7 WHERE first_step = (SELECT max(first_step) FROM step_chunks)', /damaged trace \(statements \d+ to \d+ are missing\)$/],
    ['no meta row saying whether the run finished', "DELETE FROM meta WHERE key = 'complete'", /damaged trace \(its meta row 'complete' is missing\)$/],
    ['a finished run without its exit status', "DELETE FROM meta WHERE key = 'exit_status'", /damaged trace \(its meta row 'exit_status' is missing\)$/],
    ['a garbled meta row saying whether the run finished', "UPDATE meta SET value = 'yes' WHERE key = 'complete'", /damaged trace \(its meta row 'complete' is not what a recording writes\)$/],
    ['no meta row naming the program', "DELETE FROM meta WHERE key = 'program'", /damaged trace \(its meta row 'program' is missing\)$/],
    ['argv not JSON', "UPDATE meta SET value = '{garbage' WHERE key = 'argv'", /damaged trace \(its meta row 'argv' is not what a recording writes\)$/],
    ['debug_info not JSON', "UPDATE meta SET value = '{garbage' WHERE key = 'debug_info'", /damaged trace \(its meta row 'debug_info' is not what a recording writes\)$/],
    ['a fault site not JSON', "INSERT INTO meta VALUES ('fault_site:1', '{x')", /damaged trace \(its meta row 'fault_site:1' is not what a recording writes\)$/],
    ['the exit status not a number', "UPDATE meta SET value = 'x' WHERE key = 'exit_status'", /damaged trace \(its meta row 'exit_status' is not a number\)$/],
    ['a launch with no threads', 'UPDATE launches SET grid_x = 0', /damaged trace \(launch 1 has no threads\)$/],
    ['a launch past the recording', 'UPDATE launches SET end_step = 999999999', /damaged trace \(launch 1 runs outside the recorded statements\)$/],
    ['its output deleted', 'DELETE FROM output', /damaged trace \(output rows are missing \(the run made 1, 0 are recorded\)\)$/],
    ['its last launch deleted', 'DELETE FROM launches WHERE launch_id = (SELECT max(launch_id) FROM launches)', /damaged trace \(launch rows are missing \(the run made 10, 9 are recorded\)\)$/],
    // A killed recording, or one made before the counts, has none: a gap in the numbers still tells.
    ['an output row deleted from a trace without the counts', "INSERT INTO output (step, effect, stream, data) SELECT step, effect, stream, data FROM output; INSERT INTO output (step, effect, stream, data) VALUES (1, 0, 1, x'41'); DELETE FROM output WHERE seq = 2; DELETE FROM meta WHERE key = 'output_rows'", /damaged trace \(1 of its 3 output rows are missing\)$/],
    ['a garbled output count', "UPDATE meta SET value = 'x' WHERE key = 'output_rows'", /damaged trace \(its meta row 'output_rows' is not a number\)$/],
  ])('refuses a trace with %s, saying why in one line', (_what, sql, message) => {
    const why = opening(damaged((db) => db.exec(sql)));
    expect(why).toMatch(message);
    expect(why).not.toContain('\n');
  });

  it('reports a step chunk that names a launch or a location the trace does not hold as damaged when it is read', () => {
    // Without the meta row counting the launches (a killed recording's trace has none), their loss is found only here.
    for (const sql of ["DELETE FROM launches; DELETE FROM meta WHERE key = 'launch_rows'", 'DELETE FROM locs']) {
      const t = Trace.open(damaged((db) => db.exec(sql)));
      if (typeof t === 'string') throw new Error(t);
      expect(() => t.stepChunks.forEach((_c, i) => t.stepChunk(i))).toThrow(TraceDamage);
      t.close();
    }
  });

  it.each([
    // A step chunk's launch and location columns are checked as it decodes: flips elsewhere (masks) only the checksum finds.
    ['step_chunks', 'first_step', (b: Uint8Array, n: number) => { const d = decodeSteps(b, n); return d && { kept: [...d.launch, ...d.loc], changed: [...d.mask, ...d.exited, ...d.block, ...d.warp, ...d.depth] }; }],
    ['effect_chunks', 'first_seq', (b: Uint8Array, n: number) => { const d = decodeEffects(b, n); return d && { kept: [], changed: [...d.values, ...d.address, ...d.step] }; }],
  ] as const)('reports a bit flipped in %s as damaged even where the chunk still decodes (to other rows)', (table, key, decoded) => {
    const same = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));
    const path = damaged((db) => {
      const row = db.prepare(`SELECT ${key} AS k, count, data FROM ${table} ORDER BY ${key} LIMIT 1`).get() as { k: number; count: number; data: Buffer };
      const good = decoded(row.data, row.count)!;
      // The first flip whose chunk still decodes, to different contents: only the checksum tells it from the recorded one.
      for (let bit = 8 * 16; bit < 8 * row.data.length; bit++) {
        const bad = Buffer.from(row.data);
        bad[bit >> 3]! ^= 1 << (bit & 7);
        const d = decoded(bad, row.count);
        if (d && same(d.kept, good.kept) && !same(d.changed, good.changed)) {
          db.prepare(`UPDATE ${table} SET data = ? WHERE ${key} = ?`).run(bad, row.k);
          return;
        }
      }
      throw new Error('no flip decodes');
    });
    const t = Trace.open(path);
    if (typeof t === 'string') throw new Error(t);
    expect(() => (table === 'step_chunks' ? t.stepChunk(0) : t.effectChunk(0))).toThrow(/chunk at 0 is damaged/);
    t.close();
  });

  it('reports a checkpoint chain without its full checkpoint as damaged, not as an internal error', () => {
    const t = Trace.open(damaged((db) => db.exec('DELETE FROM checkpoints WHERE full = 1')));
    if (typeof t === 'string') throw new Error(t);
    expect(() => new Cursor(t).at(t.stepCount() - 1)).toThrow(TraceDamage);
    t.close();
  });

  it('says that a folder or an unreadable file is no trace it can read, rather than calling it damaged', () => {
    const folder = join(dir, 'folder.trace');
    mkdirSync(folder);
    expect(opening(folder)).toBe(`cannot read the trace '${folder}': it is a folder`);
  });
});
