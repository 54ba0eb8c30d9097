import type { Database as Db } from 'better-sqlite3';
import { clearStaleLock } from './trace-lock.js';

/*
 * A killed recording leaves its trace in WAL mode with `-wal`, `-shm` and `.lock` files beside it.
 * The first reader that opens it read-write folds the WAL in; this also drops the dead recording's
 * lock and takes the file out of WAL mode, as a finished recording's close does, so nothing but the
 * `.trace` file stays behind and later readers open it read-only anywhere (no `-shm` needed).
 */

/** Tidies the trace at `path`, open read-write in `db`, when a recording that no longer runs left it; never fails. */
export function settleKilledRecording(db: Db, path: string): void {
  if (db.readonly || !clearStaleLock(path)) return;
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
