import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Database as Db, Statement } from 'better-sqlite3';
import type { ExecutionListener, ApiCallEvent, LaunchEvent, TimelineOp } from '../engine/runtime/listener.js';
import type { WarpMaskEvent } from '../engine/compile/warp-diag.js';
import type { Diagnostic } from '../engine/front/diag.js';
import type { SourceLoc } from '../engine/front/token.js';
import type { Dim3, Scalar } from '../engine/exec/env.js';
import type { WarpCtx } from '../engine/exec/warp.js';
import type { DebugInfo } from '../engine/debuginfo/symbols.js';
import { spaceOfAddress } from '../engine/memory/layout.js';
import { CHECKPOINT_EVENTS, CHUNK_EVENTS, EFFECT, RETURN_VALUE, WARP_OPS, FORMAT_NAME, FORMAT_VERSION, SCHEMA, SPACES, SPACE_CODE, STREAMS, VALUE_TAG } from './schema.js';
import { EffectColumns, StepColumns, deflate, encodeEffects, encodeSteps } from './codec.js';
import { storeBits, bytesToBits } from './bits.js';
import { RegisterTracker } from './registers.js';
import { MachineState } from './state.js';
import { serializeState } from './checkpoint.js';

/*
 * Records a run into a .trace file. It is the run's ExecutionListener; the CLI also hands it
 * the bytes it printed and the diagnostics. Events buffer in columns and commit in one
 * transaction per chunk, so a killed recording leaves every committed chunk readable (WAL).
 * It also keeps the machine state the trace describes, and stores it as a checkpoint now and
 * then, so a reader reaches any step without replaying from the start.
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
  private readonly fx = new EffectColumns();
  /** The machine state the recorded events describe (checkpoints are snapshots of it). */
  private readonly state = new MachineState();
  private readonly regs: RegisterTracker;
  /** Number of warp statements recorded so far: the step the next statement gets. */
  private step = 0;
  private firstStep = 0;
  private effectSeq = 0;
  private launchId = 0;
  private launchCount = 0;
  private launchGrid: Dim3 = { x: 1, y: 1, z: 1 };
  private pendingRows = 0;
  private blobCount = 0;
  private readonly blobBytes = new Map<number, Uint8Array>();
  private sinceCheckpoint = 0;
  /** The warp whose statement ran last: runtime writes without a warp of their own belong to it. */
  private current: WarpCtx | null = null;
  private readonly locIds = new Map<SourceLoc, number>();
  private readonly fileIds = new Map<string, number>();
  private readonly ins: Record<'loc' | 'file' | 'launch' | 'launchEnd' | 'stepChunk' | 'effectChunk' | 'blob' | 'checkpoint' | 'barrier' | 'warpMask' | 'api' | 'timeline' | 'output' | 'diag' | 'meta', Statement>;
  private closed = false;
  /** Events between checkpoints (CHECKPOINT_EVENTS; tests use fewer). */
  private checkpointEvents = CHECKPOINT_EVENTS;
  /** A live debugger's slice: the run suspends before this statement (statement() returns true). */
  pauseAt = Infinity;

  private constructor(db: Db, header: TraceHeader) {
    this.db = db;
    const p = (sql: string): Statement => db.prepare(sql);
    this.ins = {
      loc: p('INSERT INTO locs VALUES (?, ?, ?, ?)'),
      file: p('INSERT INTO sources (file_id, path, text) VALUES (?, ?, ?) ON CONFLICT(path) DO UPDATE SET text = excluded.text'),
      launch: p('INSERT INTO launches VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
      launchEnd: p('UPDATE launches SET end_step = ?, outcome = ? WHERE launch_id = ?'),
      stepChunk: p('INSERT INTO step_chunks VALUES (?, ?, ?)'),
      effectChunk: p('INSERT INTO effect_chunks VALUES (?, ?, ?, ?, ?)'),
      blob: p('INSERT INTO blobs VALUES (?, ?, ?)'),
      checkpoint: p('INSERT OR REPLACE INTO checkpoints VALUES (?, ?, ?, ?)'),
      barrier: p('INSERT INTO barriers (step, launch_id, block, warp, kind, mask, loc_id) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      warpMask: p('INSERT INTO warp_masks (step, launch_id, block, warp, primitive, detail, loc_id) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      api: p('INSERT INTO api_calls (step, name, args, result, loc_id) VALUES (?, ?, ?, ?, ?)'),
      timeline: p('INSERT INTO timeline VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
      output: p('INSERT INTO output (step, stream, data) VALUES (?, ?, ?)'),
      diag: p('INSERT INTO diagnostics (step, severity, message, file, line, col, rendered) VALUES (?, ?, ?, ?, ?, ?, ?)'),
      meta: p('INSERT OR REPLACE INTO meta VALUES (?, ?)'),
    };
    this.regs = new RegisterTracker((W, fnVar, lane, old, value) => this.register(W, fnVar, lane, old, value));
    const meta: [string, string][] = [
      ['format', FORMAT_NAME], ['format_version', String(FORMAT_VERSION)], ['program', header.program], ['argv', json(header.argv)],
      ['device', header.device], ['options', json(header.options)], ['created', new Date().toISOString()], ['complete', '0'],
    ];
    db.transaction(() => meta.forEach(([k, v]) => this.ins.meta.run(k, v)))();
    db.exec('BEGIN');
  }

  /** Creates `path` (and its folder; replacing a file there) with the schema; an error message when that cannot be done. */
  static create(path: string, header: TraceHeader, opts: { readonly checkpointEvents?: number } = {}): TraceWriter | string {
    try {
      mkdirSync(dirname(path), { recursive: true });
      // A new file: whatever a previous trace at this path held (and its WAL) goes.
      for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true });
      const db = new Database(path);
      // WAL: the main file is always a consistent database and each commit is atomic, so a killed run keeps every committed chunk.
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.exec(SCHEMA);
      const w = new TraceWriter(db, header);
      w.checkpointEvents = opts.checkpointEvents ?? CHECKPOINT_EVENTS;
      return w;
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
    this.flushEffects();
    this.pendingRows = 0;
    this.db.exec('COMMIT');
    this.db.exec('BEGIN');
  }

  /** Commits everything recorded so far, so another connection (a live debugger's reader) sees it. */
  sync(): void {
    if (!this.closed) this.commit();
  }

  private flushSteps(): void {
    if (this.steps.n === 0) return;
    this.ins.stepChunk.run(this.firstStep, this.steps.n, encodeSteps(this.steps));
    this.firstStep = this.step;
    this.steps.n = 0;
  }

  private flushEffects(): void {
    const w = this.fx;
    if (w.n === 0) return;
    this.ins.effectChunk.run(this.effectSeq - w.n, w.n, w.step[0]!, w.step[w.n - 1]!, encodeEffects(w));
    w.n = 0;
  }

  private blockOf(w: WarpCtx): number {
    return w.bx + w.gdx * (w.by + w.gdy * w.bz);
  }

  /** The next effect row, filled with the step and the thread; the caller sets the rest and calls pushed(). */
  private effect(kind: number, W: WarpCtx | null, lane: number): number {
    const f = this.fx;
    const i = f.n;
    // An effect belongs to the statement executing now, the last one recorded.
    f.step[i] = this.step - 1;
    f.kind[i] = kind;
    const device = W !== null && !W.host && this.launchId !== 0;
    f.launch[i] = device ? this.launchId : 0;
    f.block[i] = device ? this.blockOf(W) : 0;
    f.warp[i] = device ? W.id : 0;
    f.lane[i] = device ? lane : 0;
    f.tags[i] = 0;
    f.size[i] = 0;
    f.space[i] = 0;
    return i;
  }

  private readonly blobOf = (id: number): Uint8Array => this.blobBytes.get(id) ?? new Uint8Array(0);

  private pushed(i: number): void {
    this.state.applyEffect(this.fx as never, i, this.blobOf);
    if (this.blobBytes.size > 0) this.blobBytes.clear();
    this.effectSeq++;
    this.sinceCheckpoint++;
    if (++this.fx.n === CHUNK_EVENTS) this.commit();
  }

  statement(warp: WarpCtx, mask: number, loc: SourceLoc): boolean {
    // The warp's previous statement's register assignments come first, under that statement's step.
    this.regs.flush(warp);
    this.regs.at(warp, loc);
    if (this.steps.n === CHUNK_EVENTS) this.commit();
    // Spaced by events, and further while many threads' registers are live (a checkpoint's cost grows with them).
    if (this.sinceCheckpoint >= this.checkpointEvents && this.sinceCheckpoint >= this.state.registers / 8) this.checkpoint();
    const s = this.steps;
    const i = s.n;
    const device = !warp.host && this.launchId !== 0;
    s.launch[i] = device ? this.launchId : 0;
    s.block[i] = device ? this.blockOf(warp) : 0;
    s.warp[i] = device ? warp.id : 0;
    s.mask[i] = device ? mask : 1;
    s.loc[i] = this.loc(loc);
    s.exited[i] = device ? warp.exited : 0;
    s.depth[i] = this.regs.depth(warp);
    this.state.applyStep(s as never, i, this.step);
    this.current = warp;
    this.step++;
    this.sinceCheckpoint++;
    s.n++;
    return this.step >= this.pauseAt;
  }

  private lastFullBytes = -1;
  private deltaBytes = 0;

  private checkpoint(): void {
    // A full checkpoint once the deltas since the last one outweigh half of it: rebuilding any checkpoint reads at most about 1.5 times the state.
    const full = this.lastFullBytes < 0 || this.deltaBytes > this.lastFullBytes / 2;
    const data = serializeState(this.state, full);
    if (full) (this.lastFullBytes = data.length), (this.deltaBytes = 0);
    else this.deltaBytes += data.length;
    this.ins.checkpoint.run(this.step, this.effectSeq, full ? 1 : 0, data);
    this.sinceCheckpoint = 0;
  }

  access(kind: 'load' | 'store', space: string, address: number, bytes: number, value: Scalar, lane: number, warp: WarpCtx, old?: Scalar, code?: number): void {
    const i = this.effect(kind === 'load' ? EFFECT.load : EFFECT.store, warp, lane);
    const f = this.fx;
    f.address[i] = address;
    f.space[i] = spaceCode.get(space) ?? 0;
    f.size[i] = bytes;
    f.old[2 * i] = f.old[2 * i + 1] = f.neu[2 * i] = f.neu[2 * i + 1] = 0;
    if (kind === 'store') {
      const c = code ?? 7;
      storeBits(c, value, f.neu, i);
      if (old !== undefined) storeBits(c, old, f.old, i);
      else {
        // The engine did not read the old value (a slow-path store): read it, if the address is mapped.
        try {
          const [lo, hi] = bytesToBits(warp.memory.readBytes(address, bytes), 0, bytes);
          f.old[2 * i] = lo;
          f.old[2 * i + 1] = hi;
        } catch {
          // The store is about to fault: there was no old value.
        }
      }
    }
    this.pushed(i);
  }

  /** A runtime write (cudaMemcpy, memset, static data, a struct copy): Memory.onWrite. */
  memoryWrite(address: number, before: Uint8Array, after: Uint8Array, lane: number): void {
    const id = ++this.blobCount;
    this.ins.blob.run(id, deflate(before), deflate(after));
    this.blobBytes.set(id, after);
    // Bulk writes have no space of their own: the address map says which.
    const space = SPACE_CODE[spaceOfAddress(address)];
    const W = space === 2 || space === 3 ? this.current : null;
    const i = this.effect(EFFECT.bulk, W, lane);
    const f = this.fx;
    f.address[i] = address;
    f.space[i] = space;
    f.old[2 * i] = f.old[2 * i + 1] = f.neu[2 * i + 1] = 0;
    f.neu[2 * i] = id;
    this.counted();
    this.pushed(i);
  }

  private register(W: WarpCtx, fnVar: number, lane: number, old: number | bigint, value: number | bigint): void {
    const i = this.effect(EFFECT.register, W, lane);
    const f = this.fx;
    f.address[i] = fnVar;
    f.size[i] = 8;
    if (typeof value === 'bigint') f.neuI[i] = BigInt.asIntN(64, value);
    else f.neuF[i] = value;
    if (typeof old === 'bigint') f.oldI[i] = BigInt.asIntN(64, old);
    else f.oldF[i] = old;
    f.tags[i] = ((typeof old === 'bigint' ? VALUE_TAG.bigint : VALUE_TAG.number) << 2) | (typeof value === 'bigint' ? VALUE_TAG.bigint : VALUE_TAG.number);
    this.pushed(i);
  }

  enter(warp: WarpCtx, fn: number, fp: number, regs: readonly (Float64Array | bigint[] | null)[]): void {
    const device = !warp.host && this.launchId !== 0;
    const i = this.effect(EFFECT.enter, warp, 0);
    const f = this.fx;
    f.address[i] = fp;
    f.neu[2 * i] = fn;
    f.neu[2 * i + 1] = 0;
    this.pushed(i);
    this.regs.enter(warp, device ? this.launchId : 0, device ? this.blockOf(warp) : 0, fn, regs);
  }

  leave(warp: WarpCtx, rv?: Float64Array | bigint[] | null): void {
    const fn = this.regs.topFn(warp);
    this.regs.leave(warp);
    // The returned value, as a register of the function under RETURN_VALUE, so `finish` can say what it was.
    if (rv && fn !== null) for (let m = warp.host ? 1 : warp.lanes & ~warp.exited; m !== 0; m &= m - 1) {
      const l = 31 - Math.clz32(m & -m);
      this.register(warp, (fn << 16) | RETURN_VALUE, l, 0, rv[l]!);
    }
    this.pushed(this.effect(EFFECT.leave, warp, 0));
  }

  warpOp(warp: WarpCtx, op: string, mask: number): void {
    const i = this.effect(EFFECT.op, warp, 0);
    const f = this.fx;
    f.address[i] = (WARP_OPS as readonly string[]).indexOf(op);
    f.neu[2 * i] = mask >>> 0;
    f.neu[2 * i + 1] = 0;
    this.pushed(i);
  }

  turnEnd(warp: WarpCtx): void {
    this.regs.flush(warp);
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
      this.regs.endLaunch();
      this.launchId = 0;
      return;
    }
    if (this.current?.host) this.regs.flush(this.current);
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

  /** The program's debug information (functions, variables, statement lines), stored once before it runs. */
  symbols(info: DebugInfo): void {
    this.ins.meta.run('debug_info', JSON.stringify(info));
    this.regs.learn(info);
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
    if (this.current) this.regs.flush(this.current);
    this.flushSteps();
    this.flushEffects();
    this.ins.meta.run('exit_status', String(status));
    this.ins.meta.run('steps', String(this.step));
    this.ins.meta.run('effects', String(this.effectSeq));
    this.ins.meta.run('complete', '1');
    this.db.exec('COMMIT');
    this.closed = true;
    this.db.close();
  }
}
