import { crc32 } from 'node:zlib';
import type { Database as Db } from 'better-sqlite3';

/*
 * Compressed chunks carry no check of their own: raw DEFLATE and Brotli streams with a flipped
 * bit often still decode, to other statements and values. So each chunk, checkpoint and bulk
 * write is stored with the CRC-32 of its stored bytes (the `crc` column), and a reader compares
 * it before decoding. Traces made before the column was added have none: their rows read NULL
 * and are taken as they are.
 */

/** The CRC-32 of `parts` laid end to end (a bulk write's old bytes, then its new ones). */
export function checksum(...parts: readonly Uint8Array[]): number {
  let c = 0;
  for (const p of parts) c = crc32(p, c);
  return c;
}

/** Whether `parts` match the stored `crc` (always, for a row of a trace without checksums). */
export function intact(crc: number | null | undefined, ...parts: readonly Uint8Array[]): boolean {
  return crc === null || crc === undefined || (parts.every((p) => p instanceof Uint8Array) && checksum(...parts) === crc);
}

/** The expression that selects `table`'s checksum: its `crc` column, or NULL in a trace made before it. */
export function crcColumn(db: Db, table: string): string {
  const columns = db.prepare(`SELECT name FROM pragma_table_info('${table}')`).pluck().all() as string[];
  return columns.includes('crc') ? 'crc' : 'NULL AS crc';
}
