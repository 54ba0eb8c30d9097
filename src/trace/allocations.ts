import type { Database as Db } from 'better-sqlite3';

/*
 * The trace's allocations table (docs/trace-format.md): each device allocation and host heap
 * allocation with the step that made it, the step that ended it, and the range its pages map.
 */

/** One allocation as recorded. */
export interface AllocationRow {
  readonly step: number;
  readonly space: 'global' | 'host';
  readonly address: number;
  readonly size: number;
  readonly mappedStart: number;
  readonly mappedEnd: number;
  /** The statement that freed it (or unmapped it, for a pooled free); null while it lives. */
  readonly freedStep: number | null;
}

/** Every recorded allocation in the order made; null for a trace recorded before the table existed. */
export function readAllocations(db: Db): AllocationRow[] | null {
  const has = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'allocations'").get();
  if (!has) return null;
  return db.prepare('SELECT step, space, address, size, mapped_start AS mappedStart, mapped_end AS mappedEnd, freed_step AS freedStep FROM allocations ORDER BY seq').all() as AllocationRow[];
}
