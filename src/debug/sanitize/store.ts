import Database from 'better-sqlite3';
import type { Database as Db } from 'better-sqlite3';
import { TOOLS, type Finding, type Tool } from '../../analysis/findings.js';

/*
 * The trace's sanitizer_findings table and its meta key `sanitizers` (docs/trace-format.md): what
 * a live session's sanitizers found, written beside the recording, and read back by every session
 * (live or replayed) so both stop and list alike.
 */

/** One finding and where it happened: the step whose statement made it, and the thread it names. */
export interface FindingRow {
  readonly seq: number;
  readonly step: number;
  readonly tool: Tool;
  /** The launch (0 for a host-side finding), the linear block, the warp in the block and the lane. */
  readonly launch: number;
  readonly block: number;
  readonly warp: number;
  readonly lane: number;
  readonly finding: Finding;
}

/** The meta key listing the tools a recording ran (JSON array); absent when none ran. */
const META_KEY = 'sanitizers';

/** The tools a trace was recorded with, in TOOLS order. */
export function recordedTools(meta: ReadonlyMap<string, string>): Tool[] {
  const text = meta.get(META_KEY);
  if (text === undefined) return [];
  const named = JSON.parse(text) as unknown;
  return Array.isArray(named) ? TOOLS.filter((t) => named.includes(t)) : [];
}

/** Appends findings to the trace at `path` through a connection of its own (the recording's writer is idle while this runs). */
export class FindingStore {
  private db: Db | null = null;
  private seq = 0;

  constructor(private readonly path: string, private readonly tools: readonly Tool[]) {}

  /** Writes `rows` (and, the first time, which tools ran) in one transaction. */
  append(rows: readonly Omit<FindingRow, 'seq'>[]): void {
    let db = this.db;
    if (db === null) {
      db = this.db = new Database(this.path, { fileMustExist: true });
      // The recording's sink may still be folding its WAL: wait for its lock rather than fail.
      db.pragma('busy_timeout = 10000');
      db.prepare('INSERT OR REPLACE INTO meta VALUES (?, ?)').run(META_KEY, JSON.stringify(this.tools));
    }
    if (rows.length === 0) return;
    const put = db.prepare('INSERT INTO sanitizer_findings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
    db.transaction(() => {
      for (const r of rows) put.run(this.seq++, r.step, r.tool, r.launch, r.block, r.warp, r.lane, r.finding.kind, JSON.stringify(r.finding));
    })();
  }

  /** Closes the connection (after the recording's last rows). */
  close(): void {
    this.db?.close();
    this.db = null;
  }
}

/** The findings a trace holds from number `from` on, in the order they were made; none for a trace older than the table. */
export function readFindings(db: Db, from = 0): FindingRow[] {
  const has = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sanitizer_findings'").get();
  if (has === undefined) return [];
  const rows = db.prepare('SELECT seq, step, tool, launch_id AS launch, block, warp, lane, detail FROM sanitizer_findings WHERE seq >= ? ORDER BY seq').all(from) as (Omit<FindingRow, 'finding' | 'tool'> & { tool: string; detail: string })[];
  return rows.flatMap(({ detail, tool, ...r }) => (TOOLS.includes(tool as Tool) ? [{ ...r, tool: tool as Tool, finding: JSON.parse(detail) as Finding }] : []));
}
