import { closeSync, openSync, readSync, statSync } from 'node:fs';
import type { Database as Db } from 'better-sqlite3';
import { FORMAT_NAME } from './schema.js';

/*
 * What kind of file a path holds, read before SQLite opens it: garbage never reaches SQLite, and a
 * folder or an unreadable file is named as such rather than as a damaged trace.
 */

/** Whether the file starts with SQLite's magic string (so garbage never reaches SQLite), or why it cannot be read. */
export function sqliteHeader(path: string): 'sqlite' | 'not sqlite' | string {
  let fd: number;
  try {
    if (statSync(path).isDirectory()) return 'it is a folder';
    fd = openSync(path, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'EACCES' || code === 'EPERM' ? 'permission denied' : e instanceof Error ? e.message : String(e);
  }
  try {
    const buf = Buffer.alloc(16);
    const n = readSync(fd, buf, 0, 16, 0);
    return n === 16 && buf.toString('latin1') === 'SQLite format 3\0' ? 'sqlite' : 'not sqlite';
  } catch {
    return 'not sqlite';
  } finally {
    closeSync(fd);
  }
}

/** Whether the SQLite database open in `db` is a trace (its meta names Warpscope's format); throws when its meta cannot be read. */
export function isTraceDb(db: Db): boolean {
  return db.prepare("SELECT value FROM meta WHERE key = 'format'").pluck().get() === FORMAT_NAME;
}
