import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Database as Db, Statement } from 'better-sqlite3';
import { FORMAT_NAME, FORMAT_VERSION, TABLES } from './schema.js';
import { decodeEffects, decodeSteps, inflate, type DecodedEffects, type DecodedSteps } from './codec.js';
import { countLaneEffects, laneEffects, type LaneEffect } from './lanes.js';
import { Barriers } from './barriers.js';
import { TraceDamage, damagedTrace } from './damage.js';
import { chunkGap, countDamage, launchDamage, metaDamage, rowDamage } from './validate.js';
import { crcColumn, intact } from './checksum.js';
import { sqliteHeader } from './file-kind.js';
import type { DebugInfo } from '../engine/debuginfo/symbols.js';
import { readAllocations, type AllocationRow } from './allocations.js';
import { settleKilledRecording } from './killed-trace.js';

/*
 * Opens a .trace file for reading. Every failure (no file, not SQLite, damaged, another
 * format version) comes back as a message; the CLI turns it into `warpscope: error: ...`.
 * Chunks are decoded on demand and a few are kept, so walking a run back and forth is cheap.
 */

/** The row shapes live in trace-rows.ts; readers keep importing them from here. */
export type { EffectRow, LaunchRow, LocRow, OutputRow, StepRow } from './trace-rows.js';
import type { LaunchRow, LocRow, OutputRow, StepRow } from './trace-rows.js';

interface ChunkIndex {
  readonly first: number;
  readonly count: number;
  readonly firstStep: number;
  readonly lastStep: number;
}

const CACHE = 48;

export { TraceDamage, damagedTrace };

/** A trace file opened for reading. */
export class Trace {
  private stepIndex: ChunkIndex[] = [];
  private effectIndex: ChunkIndex[] = [];
  private readonly stepCache = new Map<number, DecodedSteps>();
  private readonly effectCache = new Map<number, DecodedEffects>();
  private locTable = new Map<number, LocRow>();
  private launchCount = 0;
  private info: DebugInfo | null = null;
  private barrierRows: Barriers | null = null;
  private allocationRows: AllocationRow[] | null | undefined = undefined;

  private constructor(
    readonly db: Db,
    public meta: ReadonlyMap<string, string>,
  ) {
    this.stepBlob = db.prepare(`SELECT data, ${crcColumn(db, 'step_chunks')} FROM step_chunks WHERE first_step = ?`);
    this.effectBlob = db.prepare(`SELECT data, ${crcColumn(db, 'effect_chunks')} FROM effect_chunks WHERE first_seq = ?`);
    this.blobRow = db.prepare(`SELECT old, new, ${crcColumn(db, 'blobs')} FROM blobs WHERE blob_id = ?`);
    this.checkpointRows = db.prepare(`SELECT step, data, ${crcColumn(db, 'checkpoints')} FROM checkpoints WHERE step >= ? AND step <= ? ORDER BY step`);
    this.refresh();
  }

  /** Opens `path`: the trace, or a one-line reason it cannot be read. */
  static open(path: string): Trace | string {
    if (!existsSync(path)) return `no such trace file '${path}'`;
    const header = sqliteHeader(path);
    if (header !== 'sqlite') return header === 'not sqlite' ? `'${path}' is not a Warpscope trace (not an SQLite database)` : `cannot read the trace '${path}': ${header}`;
    let db: Db | null = null;
    try {
      // Read-write, so SQLite can fold in the WAL of a recording that was killed; read-only when the file is not writable.
      try {
        db = new Database(path, { fileMustExist: true });
      } catch {
        db = new Database(path, { fileMustExist: true, readonly: true });
      }
      // quick_check lists each broken page on a line of its own: the user needs only to know the file is damaged.
      const quick = db.pragma('quick_check', { simple: true });
      if (quick !== 'ok') throw new Error('database disk image is malformed');
      const tables = new Set(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[]);
      const meta = tables.has('meta') ? readMeta(db) : new Map<string, string>();
      if (meta.get('format') !== FORMAT_NAME) throw new NotTrace(`'${path}' is not a Warpscope trace (an SQLite database without its meta table)`);
      const version = meta.get('format_version');
      if (version !== String(FORMAT_VERSION)) throw new NotTrace(`'${path}' is a trace of format version ${version ?? '?'}; this Warpscope reads version ${FORMAT_VERSION} (record it again)`);
      const missing = TABLES.find((t) => !tables.has(t));
      if (missing !== undefined) throw new NotTrace(`'${path}' is a damaged trace (table '${missing}' is missing)`);
      const trace = new Trace(db, meta);
      const damage = metaDamage(meta) ?? chunkGap(trace.stepIndex, 'statements') ?? chunkGap(trace.effectIndex, 'effects') ?? countDamage(meta, trace.stepCount(), trace.effectCount()) ?? launchDamage(db, trace.stepCount()) ?? rowDamage(db, meta);
      if (damage !== null) throw new TraceDamage(damage);
      settleKilledRecording(db, path);
      return trace;
    } catch (e) {
      const readonly = db?.readonly === true;
      db?.close();
      if (e instanceof NotTrace) return e.message;
      // A trace still in WAL mode (a killed recording, a debugging session's) needs its -shm file, which SQLite cannot make beside a read-only file or in a read-only folder.
      if (readonly && e instanceof Error && /readonly database|unable to open/.test(e.message)) return `cannot read the trace '${path}': it is read-only, and SQLite must write its -shm file beside it (copy it somewhere writable)`;
      return damagedTrace(path, e);
    }
  }

  /** Why `path` cannot be opened as a trace, or null when it can (it is closed again). */
  static check(path: string): string | null {
    const t = Trace.open(path);
    if (typeof t === 'string') return t;
    t.close();
    return null;
  }

  /** Re-reads the chunk lists, locations and meta: a live recording has committed more since. */
  refresh(): void {
    this.meta = readMeta(this.db);
    this.stepIndex = (this.db.prepare('SELECT first_step AS first, count FROM step_chunks ORDER BY first_step').all() as { first: number; count: number }[]).map((r) => ({ ...r, firstStep: r.first, lastStep: r.first + r.count - 1 }));
    this.effectIndex = (this.db.prepare('SELECT first_seq AS first, count, first_step AS firstStep, last_step AS lastStep FROM effect_chunks ORDER BY first_seq').all() as ChunkIndex[]);
    const rows = this.db.prepare('SELECT loc_id, path AS file, line, col FROM locs JOIN sources USING (file_id)').all() as ({ loc_id: number } & LocRow)[];
    this.locTable = new Map(rows.map((r) => [r.loc_id, { file: r.file, line: r.line, col: r.col }]));
    this.launchCount = Number(this.db.prepare('SELECT count(*) FROM launches').pluck().get());
    // Barrier chunks never change once committed: read only the new ones.
    this.barrierRows?.extend(this.db);
    this.allocationRows = undefined;
    // A partial chunk read before the writer extended it is stale.
    this.stepCache.clear();
    this.effectCache.clear();
  }

  /** Whether the recording ran to the end (false: it was killed or is still running; the trace holds its committed chunks). */
  get complete(): boolean {
    return this.meta.get('complete') === '1';
  }

  /** The recorded exit status; null for an incomplete trace. */
  get exitStatus(): number | null {
    const s = this.meta.get('exit_status');
    return this.complete && s !== undefined ? Number(s) : null;
  }

  /** The program's debug information; null for a trace recorded without it. */
  debugInfo(): DebugInfo | null {
    if (this.info) return this.info;
    const text = this.meta.get('debug_info');
    this.info = text ? (JSON.parse(text) as DebugInfo) : null;
    return this.info;
  }

  /** The text of a recorded source file. */
  source(path: string): string | null {
    return (this.db.prepare('SELECT text FROM sources WHERE path = ?').pluck().get(path) as string | null | undefined) ?? null;
  }

  /** Every recorded source file path (the main file first). */
  sourcePaths(): string[] {
    return this.db.prepare('SELECT path FROM sources WHERE text IS NOT NULL ORDER BY file_id').pluck().all() as string[];
  }

  /** Everything the run printed, in order. */
  output(): OutputRow[] {
    const rows = this.db.prepare('SELECT seq, step, effect, stream, data FROM output ORDER BY seq').all() as { seq: number; step: number; effect: number; stream: number; data: Buffer }[];
    return rows.map((r) => ({ ...r, stream: r.stream === 1 ? 'stdout' : 'stderr' }));
  }

  launches(): LaunchRow[] {
    return this.db.prepare('SELECT * FROM launches ORDER BY launch_id').all() as LaunchRow[];
  }

  /** A location by id. */
  loc(id: number): LocRow {
    return this.locTable.get(id) ?? { file: '', line: 0, col: 0 };
  }

  /** Every location id (for breakpoints: which ids sit on a line). */
  locs(): ReadonlyMap<number, LocRow> {
    return this.locTable;
  }

  /** Recorded statements (committed chunks). */
  stepCount(): number {
    const last = this.stepIndex[this.stepIndex.length - 1];
    return last ? last.first + last.count : 0;
  }

  effectCount(): number {
    const last = this.effectIndex[this.effectIndex.length - 1];
    return last ? last.first + last.count : 0;
  }

  /** The recorded allocations (read once per refresh); null for a trace made before they were recorded. */
  allocations(): readonly AllocationRow[] | null {
    if (this.allocationRows === undefined) this.allocationRows = readAllocations(this.db);
    return this.allocationRows;
  }

  /** The barrier arrivals and releases (read once). */
  barriers(): Barriers {
    return (this.barrierRows ??= Barriers.read(this.db));
  }

  count(table: 'api_calls' | 'output' | 'diagnostics' | 'timeline' | 'warp_masks' | 'blobs' | 'checkpoints', where = '1'): number {
    return Number(this.db.prepare(`SELECT count(*) FROM ${table} WHERE ${where}`).pluck().get());
  }

  /** Effects of every kind counted over the whole trace, one per lane of a lane row (what `effectCount` rows hold). */
  countAllEffects(): number {
    return countLaneEffects(this, null);
  }

  /** Effects of one kind (EFFECT) counted over the whole trace, one per lane of a lane row. */
  countEffects(kind: number): number {
    return countLaneEffects(this, kind);
  }

  private static find(index: readonly ChunkIndex[], n: number): number {
    let lo = 0;
    let hi = index.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const c = index[mid]!;
      if (n < c.first) hi = mid - 1;
      else if (n >= c.first + c.count) lo = mid + 1;
      else return mid;
    }
    return -1;
  }

  /** The decoded step chunk number `c` (its first step is stepChunks[c].first). */
  stepChunk(c: number): DecodedSteps {
    return this.chunk(this.stepCache, this.stepIndex[c]!, c, this.stepBlob, this.decodeKnownSteps, 'step');
  }

  /** Decodes a step chunk; null when it is damaged or names a launch or location the trace does not hold (their rows commit with the chunk). */
  private readonly decodeKnownSteps = (b: Uint8Array, n: number): DecodedSteps | null => {
    const d = decodeSteps(b, n);
    if (d === null) return null;
    for (let i = 0; i < n; i++) if (d.launch[i]! > this.launchCount || !this.locTable.has(d.loc[i]!)) return null;
    return d;
  };

  /** The decoded effect chunk number `c`. */
  effectChunk(c: number): DecodedEffects {
    return this.chunk(this.effectCache, this.effectIndex[c]!, c, this.effectBlob, decodeEffects, 'effect');
  }

  private readonly stepBlob: Statement;
  private readonly effectBlob: Statement;
  private readonly blobRow: Statement;
  private readonly checkpointRows: Statement;

  /** A chunk from the cache, or read, decoded and cached. */
  private chunk<T>(cache: Map<number, T>, ix: ChunkIndex, c: number, blob: Statement, decode: (b: Uint8Array, n: number) => T | null, what: string): T {
    const known = cache.get(c);
    if (known) return known;
    const row = blob.get(ix.first) as { data: Buffer; crc: number | null } | undefined;
    const d = row && intact(row.crc, row.data) ? decode(row.data, ix.count) : null;
    if (d === null) throw new TraceDamage(`${what} chunk at ${ix.first} is damaged`);
    remember(cache, c, d);
    return d;
  }

  /** The step chunk holding `step` and the row in it; null past the end. */
  locateStep(step: number): { chunk: number; row: number; first: number } | null {
    const c = Trace.find(this.stepIndex, step);
    if (c < 0) return null;
    const first = this.stepIndex[c]!.first;
    return { chunk: c, row: step - first, first };
  }

  /** The effect chunk holding effect number `seq`; null past the end. */
  locateEffect(seq: number): { chunk: number; row: number; first: number } | null {
    const c = Trace.find(this.effectIndex, seq);
    if (c < 0) return null;
    const first = this.effectIndex[c]!.first;
    return { chunk: c, row: seq - first, first };
  }

  /** Number of effect chunks, and each one's range of steps (for searches that skip chunks). */
  get effectChunks(): readonly ChunkIndex[] {
    return this.effectIndex;
  }

  get stepChunks(): readonly ChunkIndex[] {
    return this.stepIndex;
  }

  /** One recorded statement. */
  stepRow(step: number): StepRow | null {
    const at = this.locateStep(step);
    if (!at) return null;
    const d = this.stepChunk(at.chunk);
    const i = at.row;
    return { step, launch: d.launch[i]!, block: d.block[i]!, warp: d.warp[i]!, mask: d.mask[i]!, loc: d.loc[i]!, exited: d.exited[i]!, depth: d.depth[i]! };
  }

  /** Statements in [from, to) in step order. */
  *steps(from = 0, to = Number.MAX_SAFE_INTEGER): Generator<StepRow & LocRow> {
    for (let s = from; s < to; s++) {
      const r = this.stepRow(s);
      if (!r) return;
      yield { ...r, ...this.loc(r.loc) };
    }
  }

  /** Every effect in recording order, a lane row's lanes one by one (lanes.ts). */
  effects(): Generator<LaneEffect> {
    return laneEffects(this);
  }

  /** A bulk write's new bytes by blob id: one function per trace, so the replay code of every cursor sees one call target. */
  readonly blobBytes = (id: number): Uint8Array => this.blob(id).neu;

  /** A bulk write's bytes before and after. */
  blob(id: number): { old: Uint8Array; neu: Uint8Array } {
    const r = this.blobRow.get(id) as { old: Buffer; new: Buffer; crc: number | null } | undefined;
    const ok = r !== undefined && intact(r.crc, r.old, r.new);
    const old = ok ? inflate(r.old) : null;
    const neu = ok ? inflate(r.new) : null;
    if (!old || !neu) throw new TraceDamage(`bulk write ${id} is damaged`);
    return { old, neu };
  }

  /** The step of the latest checkpoint at or before `step`, or null. */
  checkpointBefore(step: number): number | null {
    return (this.db.prepare('SELECT step FROM checkpoints WHERE step <= ? ORDER BY step DESC LIMIT 1').pluck().get(step) as number | undefined) ?? null;
  }

  /** The steps of every checkpoint, in order. */
  checkpointSteps(): number[] {
    return this.db.prepare('SELECT step FROM checkpoints ORDER BY step').pluck().all() as number[];
  }

  /** The checkpoints needed to rebuild the one at `step`: the latest full one at or before it, then each delta up to it. */
  checkpointChain(step: number): { step: number; data: Buffer }[] {
    const full = this.db.prepare('SELECT step FROM checkpoints WHERE step <= ? AND full = 1 ORDER BY step DESC LIMIT 1').pluck().get(step) as number | undefined;
    if (full === undefined) return [];
    const rows = this.checkpointRows.all(full, step) as { step: number; data: Buffer; crc: number | null }[];
    const bad = rows.find((r) => !intact(r.crc, r.data));
    if (bad) throw new TraceDamage(`the checkpoint at step ${bad.step} is damaged`);
    return rows;
  }

  close(): void {
    this.db.close();
  }
}


function remember<T>(cache: Map<number, T>, k: number, v: T): void {
  cache.set(k, v);
  if (cache.size > CACHE) cache.delete(cache.keys().next().value!);
}

function readMeta(db: Db): Map<string, string> {
  return new Map((db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
}

class NotTrace extends Error {}
