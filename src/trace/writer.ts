import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Database as Db, Statement } from 'better-sqlite3';
import type { ExecutionListener, ApiCallEvent, LaunchEvent, TimelineOp } from '../engine/runtime/listener.js';
import type { WarpMaskEvent } from '../engine/compile/warp-diag.js';
import type { Diagnostic } from '../engine/front/diag.js';
import type { SourceLoc } from '../engine/front/token.js';
import type { Dim3, Scalar } from '../engine/exec/env.js';
import type { WarpCtx } from '../engine/exec/warp.js';
import { CHUNK_EVENTS, FORMAT_NAME, FORMAT_VERSION, SCHEMA, SPACES, STREAMS, VALUE_TAG } from './schema.js';
import { StepColumns, WriteColumns, encodeSteps, encodeWrites } from './codec.js';

/*
 * Records a run into a .trace file. It is the run's ExecutionListener; the CLI also hands it
 * the bytes it printed and the diagnostics. Events buffer in columns and commit in one
 * transaction per chunk, so a killed recording leaves every committed chunk readable (WAL).
 */

/** Strings for JSON: bigints keep their exactness as "123n". */
const json = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x));
const scalarText = (v: Scalar | undefined): string | null => (v === undefined ? null : typeof v === 'bigint' ? `${v}n` : String(v));
const spaceCode = new Map<string, number>(SPACES.map((s, i) => [s, i]));

/** What the trace says about the run before it starts (meta rows). */
export interface TraceHeader {
  readonly program: string;
  readonly argv: readonly string[];
  readonly device: string;
  readonly options: Readonly<Record<string, unknown>>;
}

/** A trace being written: feed it to execute() as the 'record' command's listener. */
export class TraceWriter implements ExecutionListener {
  private readonly db: Db;
  private readonly steps = new StepColumns();
  private readonly writes = new WriteColumns();
  /** Number of warp statements recorded so far: the step the next statement gets. */
  private step = 0;
  private firstStep = 0;
  private writeSeq = 0;
  private launchId = 0;
  private launchCount = 0;
  private launchGrid: Dim3 = { x: 1, y: 1, z: 1 };
  private pendingRows = 0;
  private readonly locIds = new Map<SourceLoc, number>();
  private readonly fileIds = new Map<string, number>();
  private readonly ins: Record<'loc' | 'file' | 'launch' | 'launchEnd' | 'stepChunk' | 'writeChunk' | 'barrier' | 'warpMask' | 'api' | 'timeline' | 'output' | 'diag' | 'meta', Statement>;
  private closed = false;

  private constructor(db: Db, header: TraceHeader) {
    this.db = db;
    const p = (sql: string): Statement => db.prepare(sql);
    this.ins = {
      loc: p('INSERT INTO locs VALUES (?, ?, ?, ?)'),
      file: p('INSERT INTO sources (file_id, path, text) VALUES (?, ?, ?) ON CONFLICT(path) DO UPDATE SET text = excluded.text'),
      launch: p('INSERT INTO launches VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
      launchEnd: p('UPDATE launches SET end_step = ?, outcome = ? WHERE launch_id = ?'),
      stepChunk: p('INSERT INTO step_chunks VALUES (?, ?, ?)'),
      writeChunk: p('INSERT INTO write_chunks VALUES (?, ?, ?, ?, ?)'),
      barrier: p('INSERT INTO barriers (step, launch_id, block, warp, kind, mask, loc_id) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      warpMask: p('INSERT INTO warp_masks (step, launch_id, block, warp, primitive, detail, loc_id) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      api: p('INSERT INTO api_calls (step, name, args, result, loc_id) VALUES (?, ?, ?, ?, ?)'),
      timeline: p('INSERT INTO timeline VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
      output: p('INSERT INTO output (step, stream, data) VALUES (?, ?, ?)'),
      diag: p('INSERT INTO diagnostics (step, severity, message, file, line, col, rendered) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      meta: p('INSERT OR REPLACE INTO meta VALUES (?, ?)'),
    };
    const meta: [string, string][] = [
      ['format', FORMAT_NAME], ['format_version', String(FORMAT_VERSION)], ['program', header.program], ['argv', json(header.argv)],
      ['device', header.device], ['options', json(header.options)], ['created', new Date().toISOString()], ['complete', '0'],
    ];
    db.transaction(() => meta.forEach(([k, v]) => this.ins.meta.run(k, v)))();
    db.exec('BEGIN');
  }

  /** Creates `path` (replacing a file there) with the schema; an error message when SQLite cannot. */
  static create(path: string, header: TraceHeader): TraceWriter | string {
    try {
      // A new file: whatever a previous trace at this path held (and its WAL) goes.
      for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true });
      const db = new Database(path);
      // WAL: the main file is always a consistent database and each commit is atomic, so a killed run keeps every committed chunk.
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.exec(SCHEMA);
      return new TraceWriter(db, header);
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }

  private loc(l: SourceLoc): number {
    const id = this.locIds.get(l);
    if (id !== undefined) return id;
    const next = this.locIds.size + 1;
    this.locIds.set(l, next);
    this.ins.loc.run(next, this.file(l.file), l.line, l.col);
    this.counted();
    return next;
  }

  private file(path: string): number {
    let id = this.fileIds.get(path);
    if (id === undefined) {
      id = this.fileIds.size + 1;
      this.fileIds.set(path, id);
      this.ins.file.run(id, path, null);
    }
    return id;
  }

  /** Commits the open transaction once enough row events accumulated, as the chunks do. */
  private counted(): void {
    if (++this.pendingRows >= CHUNK_EVENTS) this.commit();
  }

  private commit(): void {
    this.flushSteps();
    this.flushWrites();
    this.pendingRows = 0;
    this.db.exec('COMMIT');
    this.db.exec('BEGIN');
  }

  private flushSteps(): void {
    if (this.steps.n === 0) return;
    this.ins.stepChunk.run(this.firstStep, this.steps.n, encodeSteps(this.steps));
    this.firstStep = this.step;
    this.steps.n = 0;
  }

  private flushWrites(): void {
    const w = this.writes;
    if (w.n === 0) return;
    this.ins.writeChunk.run(this.writeSeq - w.n, w.n, w.step[0]!, w.step[w.n - 1]!, encodeWrites(w));
    w.n = 0;
  }

  private blockOf(w: WarpCtx): number {
    return w.bx + w.gdx * (w.by + w.gdy * w.bz);
  }

  statement(warp: WarpCtx, mask: number, loc: SourceLoc): boolean {
    const s = this.steps;
    const i = s.n;
    s.launch[i] = this.launchId;
    s.block[i] = this.launchId === 0 ? 0 : this.blockOf(warp);
    s.warp[i] = this.launchId === 0 ? 0 : warp.id;
    s.mask[i] = mask;
    s.loc[i] = this.loc(loc);
    this.step++;
    if (++s.n === CHUNK_EVENTS) this.commit();
    return false;
  }

  access(kind: 'load' | 'store', space: string, address: number, bytes: number, value: Scalar, lane: number, _warp: WarpCtx, old?: Scalar): void {
    if (kind === 'load') return;
    const w = this.writes;
    const i = w.n;
    // The write belongs to the statement executing now, the last one recorded.
    w.step[i] = this.step - 1;
    w.address[i] = address;
    w.lane[i] = lane;
    w.space[i] = spaceCode.get(space) ?? 255;
    w.size[i] = bytes;
    let tags = 0;
    if (typeof value === 'bigint') (w.newI[i] = BigInt.asIntN(64, value)), (tags = VALUE_TAG.bigint);
    else (w.newF[i] = value), (tags = VALUE_TAG.number);
    if (typeof old === 'bigint') (w.oldI[i] = BigInt.asIntN(64, old)), (tags |= VALUE_TAG.bigint << 2);
    else if (old !== undefined) (w.oldF[i] = old), (tags |= VALUE_TAG.number << 2);
    else w.oldF[i] = 0;
    w.tags[i] = tags;
    this.writeSeq++;
    if (++w.n === CHUNK_EVENTS) this.commit();
  }

  barrier(kind: 'arrive' | 'release', block: Dim3, warp: number, mask: number, loc: SourceLoc): void {
    const g = this.launchGrid;
    this.ins.barrier.run(this.step - 1, this.launchId, block.x + g.x * (block.y + g.y * block.z), warp, kind === 'arrive' ? 0 : 1, mask >>> 0, this.loc(loc));
    this.counted();
  }

  warpMask(e: WarpMaskEvent): void {
    const g = this.launchGrid;
    const { primitive, loc, block, warp, ...detail } = e;
    this.ins.warpMask.run(this.step - 1, this.launchId, block.x + g.x * (block.y + g.y * block.z), warp, primitive, json(detail), this.loc(loc));
    this.counted();
  }

  apiCall(e: ApiCallEvent): void {
    this.ins.api.run(this.step - 1, e.name, json(e.args), scalarText(e.result), this.loc(e.loc));
    this.counted();
  }

  launch(e: LaunchEvent): void {
    if (e.phase === 'end') {
      this.ins.launchEnd.run(this.step, e.outcome === undefined ? null : String(e.outcome), this.launchId);
      this.launchId = 0;
      return;
    }
    const id = ++this.launchCount;
    const { grid: g, block: b } = e;
    const end = e.phase === 'rejected' ? this.step : null;
    this.ins.launch.run(id, e.kernel, g.x, g.y, g.z, b.x, b.y, b.z, e.sharedBytes, this.loc(e.loc), this.step, end, e.phase === 'rejected' ? `rejected ${String(e.outcome)}` : null);
    if (e.phase === 'begin') (this.launchId = id), (this.launchGrid = g);
    this.counted();
  }

  operation(op: TimelineOp): void {
    this.ins.timeline.run(op.id, this.step, op.kind, op.name, op.stream, op.start, op.end, json(op));
    this.counted();
  }

  sources(files: ReadonlyMap<string, string>): void {
    for (const [path, text] of files) {
      const id = this.file(path);
      this.ins.file.run(id, path, text);
    }
  }

  /** Bytes the run printed (char codes 0..255), in the order the terminal got them. */
  output(stream: 'stdout' | 'stderr', text: string): void {
    this.ins.output.run(this.step, STREAMS[stream], Buffer.from(text, 'latin1'));
    this.counted();
  }

  /** A diagnostic of the run (its rendered text also goes through output()). */
  diagnostic(d: Diagnostic, rendered: string): void {
    this.ins.diag.run(this.step, d.severity, d.message, d.loc.file, d.loc.line, d.loc.col, rendered);
    this.counted();
  }

  /** Statements recorded so far. */
  get recordedSteps(): number {
    return this.step;
  }

  /** Commits everything, marks the trace complete with the run's exit status and closes the file. */
  finish(status: number): void {
    if (this.closed) return;
    this.flushSteps();
    this.flushWrites();
    this.ins.meta.run('exit_status', String(status));
    this.ins.meta.run('steps', String(this.step));
    this.ins.meta.run('writes', String(this.writeSeq));
    this.ins.meta.run('complete', '1');
    this.db.exec('COMMIT');
    this.closed = true;
    this.db.close();
  }
}
