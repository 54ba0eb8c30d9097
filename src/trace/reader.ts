import { existsSync, openSync, readSync, closeSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { FORMAT_NAME, FORMAT_VERSION, SPACES, TABLES } from './schema.js';
import { decodeSteps, decodeWrites, writeValue } from './codec.js';

/*
 * Opens a .trace file for reading. Every failure (no file, not SQLite, damaged, another
 * format version) comes back as a message; the CLI turns it into `warpscope: error: ...`.
 */

/** A recorded warp statement. */
export interface StepRow {
  readonly step: number;
  readonly launch: number;
  readonly block: number;
  readonly warp: number;
  readonly mask: number;
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

/** A recorded memory write. */
export interface WriteRow {
  readonly step: number;
  readonly space: string;
  readonly address: number;
  readonly size: number;
  readonly lane: number;
  readonly old: number | bigint | undefined;
  readonly value: number | bigint | undefined;
}

/** A kernel launch of the run. */
export interface LaunchRow {
  readonly launch_id: number;
  readonly kernel: string;
  readonly grid_x: number; readonly grid_y: number; readonly grid_z: number;
  readonly block_x: number; readonly block_y: number; readonly block_z: number;
  readonly begin_step: number;
  readonly end_step: number | null;
  readonly outcome: string | null;
}

/** An output chunk: what the run printed to stdout or stderr, and the step it printed it at. */
export interface OutputRow {
  readonly seq: number;
  readonly step: number;
  readonly stream: 'stdout' | 'stderr';
  readonly data: Buffer;
}

/** A trace file opened for reading. */
export class Trace {
  private constructor(
    readonly db: Db,
    readonly meta: ReadonlyMap<string, string>,
  ) {}

  /** Opens `path`: the trace, or a one-line reason it cannot be read. */
  static open(path: string): Trace | string {
    if (!existsSync(path)) return `no such trace file '${path}'`;
    if (!hasSqliteHeader(path)) return `'${path}' is not a Warpscope trace (not an SQLite database)`;
    let db: Db | null = null;
    try {
      // Read-write, so SQLite can fold in the WAL of a recording that was killed; read-only when the file is not writable.
      try {
        db = new Database(path, { fileMustExist: true });
      } catch {
        db = new Database(path, { fileMustExist: true, readonly: true });
      }
      const quick = db.pragma('quick_check', { simple: true });
      if (quick !== 'ok') throw new Error(String(quick));
      const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
      const meta = tables.has('meta') ? new Map((db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map((r) => [r.key, r.value])) : new Map<string, string>();
      if (meta.get('format') !== FORMAT_NAME) throw new NotTrace(`'${path}' is not a Warpscope trace (an SQLite database without its meta table)`);
      const version = meta.get('format_version');
      if (version !== String(FORMAT_VERSION)) throw new NotTrace(`'${path}' is a trace of format version ${version ?? '?'}; this Warpscope reads version ${FORMAT_VERSION} (record it again)`);
      const missing = TABLES.find((t) => !tables.has(t));
      if (missing !== undefined) throw new NotTrace(`'${path}' is a damaged trace (table '${missing}' is missing)`);
      return new Trace(db, meta);
    } catch (e) {
      db?.close();
      if (e instanceof NotTrace) return e.message;
      return `'${path}' is a damaged trace (${e instanceof Error ? e.message : String(e)})`;
    }
  }

  /** Whether the recording ran to the end (false: it was killed; the trace holds its committed chunks). */
  get complete(): boolean {
    return this.meta.get('complete') === '1';
  }

  /** The recorded exit status; null for an incomplete trace. */
  get exitStatus(): number | null {
    const s = this.meta.get('exit_status');
    return this.complete && s !== undefined ? Number(s) : null;
  }

  /** Everything the run printed, in order. */
  output(): OutputRow[] {
    const rows = this.db.prepare('SELECT seq, step, stream, data FROM output ORDER BY seq').all() as { seq: number; step: number; stream: number; data: Buffer }[];
    return rows.map((r) => ({ ...r, stream: r.stream === 1 ? 'stdout' : 'stderr' }));
  }

  launches(): LaunchRow[] {
    return this.db.prepare('SELECT * FROM launches ORDER BY launch_id').all() as LaunchRow[];
  }

  /** Recorded statements (committed chunks). */
  stepCount(): number {
    return Number(this.db.prepare('SELECT coalesce(sum(count), 0) FROM step_chunks').pluck().get());
  }

  writeCount(): number {
    return Number(this.db.prepare('SELECT coalesce(sum(count), 0) FROM write_chunks').pluck().get());
  }

  count(table: 'barriers' | 'api_calls' | 'output' | 'diagnostics' | 'timeline' | 'warp_masks', where = '1'): number {
    return Number(this.db.prepare(`SELECT count(*) FROM ${table} WHERE ${where}`).pluck().get());
  }

  private locs(): Map<number, { file: string; line: number; col: number }> {
    const rows = this.db.prepare('SELECT loc_id, path AS file, line, col FROM locs JOIN sources USING (file_id)').all() as { loc_id: number; file: string; line: number; col: number }[];
    return new Map(rows.map((r) => [r.loc_id, r]));
  }

  /** Statements in [from, to) in step order. */
  *steps(from = 0, to = Number.MAX_SAFE_INTEGER): Generator<StepRow> {
    const locs = this.locs();
    const chunks = this.db.prepare('SELECT first_step, count, data FROM step_chunks WHERE first_step < ? AND first_step + count > ? ORDER BY first_step').all(to, from) as { first_step: number; count: number; data: Buffer }[];
    for (const c of chunks) {
      const d = decodeSteps(c.data, c.count);
      if (d === null) throw new Error(`step chunk at ${c.first_step} is damaged`);
      for (let i = Math.max(0, from - c.first_step); i < c.count && c.first_step + i < to; i++) {
        const l = locs.get(d.loc[i]!) ?? { file: '', line: 0, col: 0 };
        yield { step: c.first_step + i, launch: d.launch[i]!, block: d.block[i]!, warp: d.warp[i]!, mask: d.mask[i]!, file: l.file, line: l.line, col: l.col };
      }
    }
  }

  /** Memory writes in recording order. */
  *writes(): Generator<WriteRow> {
    const chunks = this.db.prepare('SELECT first_seq, count, data FROM write_chunks ORDER BY first_seq').all() as { first_seq: number; count: number; data: Buffer }[];
    for (const c of chunks) {
      const d = decodeWrites(c.data, c.count);
      if (d === null) throw new Error(`write chunk at ${c.first_seq} is damaged`);
      for (let i = 0; i < c.count; i++) {
        yield { step: d.step[i]!, space: SPACES[d.space[i]!] ?? '?', address: d.address[i]!, size: d.size[i]!, lane: d.lane[i]!, old: writeValue(d, i, 'old'), value: writeValue(d, i, 'new') };
      }
    }
  }

  close(): void {
    this.db.close();
  }
}

class NotTrace extends Error {}

/** Whether the file starts with SQLite's magic string (so garbage never reaches SQLite). */
function hasSqliteHeader(path: string): boolean {
  try {
    const fd = openSync(path, 'r');
    const buf = Buffer.alloc(16);
    const n = readSync(fd, buf, 0, 16, 0);
    closeSync(fd);
    return n === 16 && buf.toString('latin1') === 'SQLite format 3\0';
  } catch {
    return false;
  }
}
