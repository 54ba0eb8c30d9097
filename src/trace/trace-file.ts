import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { FORMAT_NAME, FORMAT_VERSION, SCHEMA } from './schema.js';

/*
 * A new .trace file: the schema and the meta rows that say what was run, written before the
 * recording starts, so a trace whose recording is killed at once still opens as an empty run.
 */

/** What the trace says about the run before it starts (meta rows). */
export interface TraceHeader {
  readonly program: string;
  readonly argv: readonly string[];
  readonly device: string;
  readonly options: Readonly<Record<string, unknown>>;
}

/** Strings for JSON: bigints keep their exactness as "123n". */
export const json = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x));

/** Creates `path` (and its folder; replacing a file there and its WAL) with the schema and `header`'s meta rows; throws when it cannot. */
export function createTraceFile(path: string, header: TraceHeader): void {
  mkdirSync(dirname(path), { recursive: true });
  for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true });
  const db = new Database(path);
  // Large pages: a chunk is a blob of a few hundred KB, which small pages would split into long overflow chains.
  db.pragma('page_size = 65536');
  // WAL: the main file is always a consistent database and each commit is atomic, so a killed run keeps every committed chunk.
  db.pragma('journal_mode = WAL');
  db.exec(SCHEMA);
  const meta: [string, string][] = [
    ['format', FORMAT_NAME], ['format_version', String(FORMAT_VERSION)], ['program', header.program], ['argv', json(header.argv)],
    ['device', header.device], ['options', json(header.options)], ['created', new Date().toISOString()], ['complete', '0'],
  ];
  const put = db.prepare('INSERT OR REPLACE INTO meta VALUES (?, ?)');
  db.transaction(() => meta.forEach(([k, v]) => put.run(k, v)))();
  db.close();
}
