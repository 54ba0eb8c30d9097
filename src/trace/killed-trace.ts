import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { clearStaleLock } from './trace-lock.js';
import { isTraceDb } from './file-kind.js';

/*
 * A killed recording leaves its trace in WAL mode with `-wal`, `-shm` and `.lock` files beside it.
 * The first reader that opens it read-write folds the WAL in; this also drops the dead recording's
 * lock and takes the file out of WAL mode, as a finished recording's close does, so nothing but the
 * `.trace` file stays behind and later readers open it read-only anywhere (no `-shm` needed).
 */

/** Tidies the trace at `path`, open read-write in `db`, when a recording that no longer runs left it; never fails. */
export function settleKilledRecording(db: Db, path: string): void {
  if (db.readonly || !clearStaleLock(path)) return;
  leaveWal(db);
}

/**
 * Takes the closed trace at `path` out of WAL mode, as a finished recording's close does: a
 * debugging session's trace stays in WAL mode while its own reader has it open as it closes. Never fails.
 */
export function closeWal(path: string): void {
  try {
    const db = new Database(path, { fileMustExist: true });
    try {
      // Only a trace: -o may name another program's database, which recording refused to replace.
      if (isTraceDb(db)) leaveWal(db);
    } finally {
      db.close();
    }
  } catch {
    // Gone or unwritable: it stays as it is, readable as it was.
  }
}

/** Switches `db` to rollback journal mode unless another connection holds it (then without waiting): a reader then needs no -shm file. Never fails. */
export function leaveWal(db: Db): void {
  const timeout = db.pragma('busy_timeout', { simple: true });
  try {
    // Another reader holding it open keeps it in WAL mode: don't wait for it.
    db.pragma('busy_timeout = 0');
    db.pragma('journal_mode = DELETE');
  } catch {
    // Busy or unwritable: the file stays in WAL mode, readable as it was.
  } finally {
    db.pragma(`busy_timeout = ${Number(timeout)}`);
  }
}
