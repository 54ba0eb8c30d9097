import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';

/*
 * A damaged trace as a flipped bit leaves one: SQLite opens it, but its quick_check finds a
 * table's rows out of order and reports it over several lines.
 */

/** Writes at `path` an SQLite database whose first table's rows are out of order. */
export function writeRowsOutOfOrder(path: string): void {
  const db = new Database(path);
  db.exec('CREATE TABLE t (x)');
  const insert = db.prepare('INSERT INTO t VALUES (?)');
  for (let i = 0; i < 50; i++) insert.run(`row ${i}`);
  db.close();
  const bytes = readFileSync(path);
  // Page 2 is the table's only leaf; swapping its first two cell pointers puts rowid 2 before rowid 1.
  const leaf = bytes.readUInt16BE(16);
  const first = bytes.readUInt16BE(leaf + 8);
  bytes.writeUInt16BE(bytes.readUInt16BE(leaf + 10), leaf + 8);
  bytes.writeUInt16BE(first, leaf + 10);
  writeFileSync(path, bytes);
}
