import Database from 'better-sqlite3';
import type { Database as Db, Statement } from 'better-sqlite3';
import { BarrierColumns, EffectColumns, StepColumns, deflate, encodeBarriers, encodeEffects, encodeSteps } from './codec.js';
import type { Batch, RowOp } from './batch.js';
import { MachineState } from './state.js';
import { serializeState, type SegmentCache } from './checkpoint.js';
import { leaveWal } from './killed-trace.js';
import { checksum } from './checksum.js';

/*
 * The storing side of a recording: takes the batches a TraceWriter makes, in order, and
 * writes each as one transaction: its chunks and rows, and a checkpoint after it when the
 * writer asks (Batch.checkpoint). It keeps the machine state the batches describe to take
 * those checkpoints. It runs in a worker thread beside the program (sink-worker.ts) or,
 * without one, in the writer's thread.
 */

type Table = RowOp[0];

/** Stores batches into an open trace file (created by TraceWriter.create with its schema and meta). */
export class TraceSink {
  private readonly db: Db;
  private readonly ins: Record<Table | 'stepChunk' | 'effectChunk' | 'checkpoint' | 'barrierChunk', Statement>;
  /** Barrier rows stored so far: the next chunk's first sequence number. */
  private barrierSeq = 0;
  private readonly state = new MachineState();
  private lastFullBytes = -1;
  private deltaBytes = 0;
  private readonly segments: SegmentCache = new Map();
  private blobs = new Map<number, Uint8Array>();
  private readonly blobOf = (id: number): Uint8Array => this.blobs.get(id) ?? new Uint8Array(0);

  /** Opens the trace at `path`. */
  constructor(path: string) {
    const db = (this.db = new Database(path, { fileMustExist: true }));
    db.pragma('journal_mode = WAL');
    // No fsync while recording: a killed recorder loses nothing the OS holds (WAL keeps the file whole), and the
    // syncs cost the recording a third of its storing time. The close syncs what it checkpoints (finish()).
    db.pragma('synchronous = OFF');
    // Copy the WAL into the file every 4 MB while the program still runs, not all at the close it waits for.
    db.pragma('wal_autocheckpoint = 64');
    const p = (sql: string): Statement => db.prepare(sql);
    this.ins = {
      loc: p('INSERT INTO locs VALUES (?, ?, ?, ?)'),
      file: p('INSERT INTO sources (file_id, path, text) VALUES (?, ?, ?) ON CONFLICT(path) DO UPDATE SET text = excluded.text'),
      launch: p('INSERT INTO launches VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
      launchEnd: p('UPDATE launches SET end_step = ?, outcome = ? WHERE launch_id = ?'),
      stepChunk: p('INSERT INTO step_chunks VALUES (?, ?, ?, ?)'),
      effectChunk: p('INSERT INTO effect_chunks VALUES (?, ?, ?, ?, ?, ?)'),
      blob: p('INSERT INTO blobs VALUES (?, ?, ?, ?)'),
      checkpoint: p('INSERT OR REPLACE INTO checkpoints VALUES (?, ?, ?, ?, ?)'),
      barrierChunk: p('INSERT INTO barrier_chunks VALUES (?, ?, ?, ?)'),
      warpMask: p('INSERT INTO warp_masks (step, launch_id, block, warp, primitive, detail, loc_id) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      api: p('INSERT INTO api_calls (step, name, args, result, loc_id) VALUES (?, ?, ?, ?, ?)'),
      timeline: p('INSERT INTO timeline VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
      output: p('INSERT INTO output (step, effect, stream, data) VALUES (?, ?, ?, ?)'),
      diag: p('INSERT INTO diagnostics (step, severity, message, file, line, col, rendered) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      meta: p('INSERT OR REPLACE INTO meta VALUES (?, ?)'),
      alloc: p('INSERT INTO allocations (step, space, address, size, mapped_start, mapped_end) VALUES (?, ?, ?, ?, ?, ?)'),
      // The latest live allocation at that address (an earlier one there was freed before it was made).
      free: p('UPDATE allocations SET freed_step = ? WHERE seq = (SELECT max(seq) FROM allocations WHERE space = ? AND address = ? AND freed_step IS NULL)'),
    };
  }

  /** Stores one batch in one transaction (closing the file after the last one). */
  handle(b: Batch): void {
    this.db.exec('BEGIN');
    this.rows(b.rows);
    this.barriers(new BarrierColumns(b.barriers), b.barrierCount);
    const steps = new StepColumns(b.steps);
    steps.n = b.stepCount;
    const fx = new EffectColumns(b.effects);
    fx.n = b.effectCount;
    fx.nv = b.valueCount;
    this.apply(steps, fx, b.firstStep);
    // The writer ends a batch before the statement where a checkpoint is due (batches.ts).
    if (b.checkpoint) this.checkpoint();
    // Compressing rewrites the columns in place: only after apply() read them.
    if (steps.n > 0) {
      const data = b.encoded?.steps ?? encodeSteps(steps);
      this.ins.stepChunk.run(b.firstStep, steps.n, data, checksum(data));
    }
    if (fx.n > 0) {
      // The steps first: encoding turns the columns into differences in place.
      const first = fx.step[0]!;
      const last = fx.step[fx.n - 1]!;
      const data = b.encoded?.effects ?? encodeEffects(fx);
      this.ins.effectChunk.run(b.firstSeq, fx.n, first, last, data, checksum(data));
    }
    this.blobs = new Map();
    this.db.exec('COMMIT');
    if (b.last) this.finish();
  }

  /** Closes the file: its last checkpoint of the log into the file is synced to disk, so a finished trace survives a power cut. */
  private finish(): void {
    this.db.pragma('synchronous = NORMAL');
    // Out of WAL mode, so a finished trace opens read-only anywhere. While a debugging session's own reader has the
    // file open the mode cannot change: it stays WAL, the last connection to close folds the WAL in, and the
    // session takes the file out of WAL mode as it ends (closeWal).
    leaveWal(this.db);
    this.db.close();
  }

  private rows(rows: readonly RowOp[]): void {
    for (const r of rows) {
      if (r[0] === 'blob') {
        const old = deflate(r[2]);
        const neu = deflate(r[3]);
        this.ins.blob.run(r[1], old, neu, checksum(old, neu));
        this.blobs.set(r[1], r[3]);
      } else this.ins[r[0]].run(...r.slice(1));
    }
  }

  private barriers(c: BarrierColumns, n: number): void {
    if (n === 0) return;
    const data = encodeBarriers(c, n);
    this.ins.barrierChunk.run(this.barrierSeq, n, data, checksum(data));
    this.barrierSeq += n;
  }

  /** Moves the state over the batch in recording order. */
  private apply(steps: StepColumns, fx: EffectColumns, firstStep: number): void {
    const state = this.state;
    let j = 0;
    for (let i = 0; i < steps.n; i++) {
      const s = firstStep + i;
      // Effects name the statement executing when they happened: those before step s came before it.
      for (; j < fx.n && fx.step[j]! < s; j++) state.applyEffect(fx, j, this.blobOf);
      state.applyStep(steps, i, s);
    }
    for (; j < fx.n; j++) state.applyEffect(fx, j, this.blobOf);
  }

  private checkpoint(): void {
    // A full checkpoint once the deltas since the last one outweigh half of it: rebuilding any checkpoint reads at most about 1.5 times the state.
    const full = this.lastFullBytes < 0 || this.deltaBytes > this.lastFullBytes / 2;
    const data = serializeState(this.state, full, this.segments);
    if (full) (this.lastFullBytes = data.length), (this.deltaBytes = 0);
    else this.deltaBytes += data.length;
    this.ins.checkpoint.run(this.state.step, this.state.effectSeq, full ? 1 : 0, data, checksum(data));
  }
}
