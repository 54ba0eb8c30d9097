import { existsSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { FORMAT_NAME, FORMAT_VERSION, SCHEMA } from './schema.js';
import { isTraceDb, sqliteHeader } from './file-kind.js';
import { makeFolder } from './make-folder.js';

/*
 * A new .trace file: the schema and the meta rows that say what was run, written before the
 * recording starts, so a trace whose recording is killed at once still opens as an empty run.
 * It replaces a trace at its path, never another file (`record prog.cu -o prog.cu` would
 * have replaced the program).
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

/** Why the file at `path` may not be replaced by a new trace (it is no trace: a program given as -o, a device, a folder); null when it may. */
function notReplaceable(path: string): string | null {
  let st;
  try {
    st = statSync(path);
  } catch {
    return null;
  }
  if (st.isDirectory()) return 'it is a folder';
  if (!st.isFile()) return 'it is not a regular file';
  if (st.size === 0) return null;
  const refusal = 'it is a file that is not a trace, which recording would replace (choose another path)';
  if (sqliteHeader(path) !== 'sqlite') return refusal;
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      return isTraceDb(db) ? null : refusal;
    } finally {
      db.close();
    }
  } catch {
    // An SQLite file whose meta cannot be read: a damaged or killed trace, or another program's database.
    return existsSync(`${path}-wal`) || existsSync(`${path}.lock`) ? null : refusal;
  }
}

/** A one-line reason for a failure `e` to write a trace: the OS's or SQLite's words for what a user can fix. */
export function writeFailure(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
    case 'SQLITE_READONLY':
      return 'permission denied';
    case 'EROFS':
      return 'the file system is read-only';
    case 'ENOSPC':
    case 'EDQUOT':
    case 'SQLITE_FULL':
      return 'no space left on the device';
    case 'ENOTDIR':
    case 'EEXIST':
      return 'a folder on its path is a file';
    case 'ENOENT':
      // The folder exists (or was made) yet refuses the file: a virtual file system such as /proc.
      return 'no file can be created there';
    default: {
      // A worker thread's store reports SQLite's message alone, without its code.
      const message = (e instanceof Error ? e.message : String(e)).split('\n')[0]!;
      return message === 'database or disk is full' ? 'no space left on the device' : message;
    }
  }
}

/** Creates `path` (and its folder; replacing a trace there and its WAL) with the schema and `header`'s meta rows; throws when it cannot. */
export function createTraceFile(path: string, header: TraceHeader): void {
  makeFolder(dirname(path));
  const refusal = notReplaceable(path);
  if (refusal !== null) throw new Error(refusal);
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
