import type { ExecutionListener, ApiCallEvent, LaunchEvent, TimelineOp } from '../engine/runtime/listener.js';
import type { WarpMaskEvent } from '../engine/compile/warp-diag.js';
import type { Diagnostic } from '../engine/front/diag.js';
import type { SourceLoc } from '../engine/front/token.js';
import type { Dim3, Scalar } from '../engine/exec/env.js';
import type { WarpCtx } from '../engine/exec/warp.js';
import type { DebugInfo } from '../engine/debuginfo/symbols.js';
import { spaceOfAddress } from '../engine/memory/layout.js';
import { CHECKPOINT_EVENTS, CHUNK_EVENTS, EFFECT, RETURN_VALUE, WARP_OPS, SPACE_CODE, STREAMS, spaceCode } from './schema.js';
import { createTraceFile, json, type TraceHeader } from './trace-file.js';
import { BarrierColumns, CHUNK_VALUES, EffectColumns, StepColumns } from './codec.js';
import { putLoadLane, putRegisterLanes, putStoreLane, putStoreValues } from './lane-values.js';
import { ACCESS_VALUES } from '../engine/compile/runtime.js';
import { RegisterTracker, type Lanes, type StatementSite } from './registers.js';
import type { RowOp } from './batch.js';
import { openSink, type SinkChannel } from './sink-channel.js';
import { faultSiteRow } from './fault-sites.js';
import { PendingLoads } from './load-rows.js';

/*
 * Records a run into a .trace file. It is the run's ExecutionListener; the CLI also hands it
 * the bytes it printed and the diagnostics. Events buffer in columns and go, one batch per
 * chunk, to a TraceSink (a worker thread when built) that commits each in one transaction, so
 * a killed recording leaves every committed chunk readable (WAL), and takes the checkpoints.
 * This side only fills columns: it runs inside the program's own time.
 */

const scalarText = (v: Scalar | undefined): string | null => (v === undefined ? null : typeof v === 'bigint' ? `${v}n` : String(v));

/** A trace being written: feed it to execute() as the 'record' command's listener. */
export class TraceWriter implements ExecutionListener {
  private steps = new StepColumns();
  private fx = new EffectColumns();
  private bar = new BarrierColumns();
  private rows: RowOp[] = [];
  private readonly regs: RegisterTracker;
  /** Number of warp statements recorded so far: the step the next statement gets. */
  private step = 0;
  private firstStep = 0;
  /** Effect rows in the batches sent so far: the sequence number of the open chunk's first row. */
  private sentEffects = 0;
  /** Device loads not yet in the effect columns (load-rows.ts). */
  private readonly loads = new PendingLoads();
  private launchId = 0;
  private launchCount = 0;
  private launchGrid: Dim3 = { x: 1, y: 1, z: 1 };
  private launchBlock: Dim3 = { x: 1, y: 1, z: 1 };
  private pendingRows = 0;
  private blobCount = 0;
  /** The warp whose statement ran last: runtime writes without a warp of their own belong to it. */
  private current: WarpCtx | null = null;
  private readonly sites = new Map<SourceLoc, StatementSite>();
  /** The same sites by the engine's location index: an array read where the map costs a hash lookup per statement. */
  private readonly byIndex: StatementSite[] = [];
  private readonly fileIds = new Map<string, number>();
  private closed = false;
  /** A live debugger's slice: the run suspends before this statement (statement() returns true). */
  pauseAt = Infinity;

  /** `suspends` (ExecutionListener): whether pauseAt may ever stop the run (TraceWriter.create's `pauses`). */
  private constructor(private readonly sink: SinkChannel, readonly suspends: boolean, exhaustiveRegisters: boolean) {
    this.regs = new RegisterTracker((W, fnVar, changed, lanes) => this.register(W, fnVar, changed, lanes), exhaustiveRegisters);
  }

  /**
   * Creates `path` (and its folder; replacing a file there) with the schema; an error message when that cannot be done.
   * `checkpointEvents` spaces checkpoints (tests use fewer); `worker` names the sink's worker script (null: store in this thread);
   * `pauses` false for a recording that runs to the end (no pauseAt): its program is compiled without suspension points.
   * `exhaustiveRegisters`: RegisterTracker's reference mode (tests).
   */
  static create(path: string, header: TraceHeader, opts: { readonly checkpointEvents?: number; readonly worker?: URL | string | null; readonly pauses?: boolean; readonly exhaustiveRegisters?: boolean } = {}): TraceWriter | string {
    try {
      createTraceFile(path, header);
      // An absent `worker` takes openSink's default (the built script, if any); null stores in this thread.
      return new TraceWriter(openSink(path, opts.checkpointEvents ?? CHECKPOINT_EVENTS, opts.worker), opts.pauses ?? true, opts.exhaustiveRegisters ?? false);
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    }
  }

  private loc(l: SourceLoc): number {
    return (this.sites.get(l) ?? this.site(l)).id;
  }

  /** Numbers a location the first time it is seen (a row of the locs table). */
  private site(l: SourceLoc): StatementSite {
    const site: StatementSite = { loc: l, id: this.sites.size + 1, assigns: undefined };
    this.sites.set(l, site);
    this.rows.push(['loc', site.id, this.file(l.file), l.line, l.col]);
    this.counted();
    return site;
  }

  private file(path: string): number {
    let id = this.fileIds.get(path);
    if (id === undefined) {
      id = this.fileIds.size + 1;
      this.fileIds.set(path, id);
      this.rows.push(['file', id, path, null]);
    }
    return id;
  }

  /** Commits the open transaction once enough row events accumulated, as the chunks do. */
  private counted(): void {
    if (++this.pendingRows >= CHUNK_EVENTS) this.commit();
  }

  /** Sends what was recorded since the last commit as one batch (the sink commits it as one transaction). */
  private commit(last = false): void {
    if (this.loads.n !== 0) this.drainLoads();
    this.send(last);
  }

  /** commit() with the pending loads left pending (drainLoads makes room with it). */
  private send(last = false): void {
    const { steps, fx, bar } = this;
    this.sentEffects += fx.n;
    this.sink.send({
      firstStep: this.firstStep, steps: steps.buffer, stepCount: steps.n,
      firstSeq: this.sentEffects - fx.n, effects: fx.buffer, effectCount: fx.n, valueCount: fx.nv,
      barriers: bar.buffer, barrierCount: bar.n, rows: this.rows, last,
    });
    if (this.sink.transfers) {
      const r = this.sink.recycled();
      this.steps = new StepColumns(r?.steps);
      this.fx = new EffectColumns(r?.effects);
      this.bar = new BarrierColumns(r?.barriers);
    } else steps.n = fx.n = fx.nv = bar.n = 0;
    this.rows = [];
    this.firstStep = this.step;
    this.pendingRows = 0;
    this.open = -1;
  }

  /** Commits everything recorded so far and waits until it is stored, so another connection (a live debugger's reader) sees it. */
  sync(): void {
    if (this.closed) return;
    this.commit();
    this.sink.drain();
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
    f.address[i] = 0;
    // Columns are reused: every row starts with no values.
    f.neu[2 * i] = f.neu[2 * i + 1] = 0;
    return i;
  }

  private pushed(): void {
    if (++this.fx.n === CHUNK_EVENTS) this.commit();
  }

  /** Room for one more load row: the open columns, sent first when full. */
  private readonly loadRoom = (): EffectColumns => {
    if (this.fx.n >= CHUNK_EVENTS || this.fx.nv + 32 > CHUNK_VALUES) this.send();
    return this.fx;
  };

  /** Writes the pending device loads as rows: before any other effect row, so the effects keep their order. */
  private drainLoads(): void {
    this.loads.drain(this.loadRoom);
    // The open store row is no longer the last: the next lane starts a row of its own.
    this.open = -1;
    // The caller writes a row next: a chunk the drain filled goes now.
    if (this.fx.n >= CHUNK_EVENTS) this.send();
  }

  statement(warp: WarpCtx, mask: number, loc: SourceLoc, index: number): boolean {
    if (this.loads.n !== 0) this.drainLoads();
    // The warp's previous statement's register assignments come first, under that statement's step.
    const site = this.byIndex[index] ?? (this.byIndex[index] = this.sites.get(loc) ?? this.site(loc));
    const depth = this.regs.statement(warp, site, mask);
    if (this.steps.n === CHUNK_EVENTS) this.commit();
    const s = this.steps;
    const i = s.n;
    const device = !warp.host && this.launchId !== 0;
    s.launch[i] = device ? this.launchId : 0;
    s.block[i] = device ? this.blockOf(warp) : 0;
    s.warp[i] = device ? warp.id : 0;
    s.mask[i] = device ? mask : 1;
    s.loc[i] = site.id;
    s.exited[i] = device ? warp.exited : 0;
    s.depth[i] = depth;
    this.current = warp;
    this.step++;
    s.n++;
    return this.step >= this.pauseAt;
  }

  /** The load or store row the warp's instruction is filling (index in the open columns), or -1. */
  private open = -1;
  private openWarp: WarpCtx | null = null;
  private openLane = -1;

  access(kind: 'load' | 'store', space: string, address: number, bytes: number, value: Scalar, lane: number, warp: WarpCtx, old?: Scalar, code?: number): void {
    const k = kind === 'load' ? EFFECT.load : EFFECT.store;
    ACCESS_VALUES[0] = address;
    if (this.laneRow(k, spaceCode(space), bytes, lane, warp)) return;
    const f = this.fx;
    f.nv = k === EFFECT.store ? putStoreLane(f, f.nv, warp, space, address, bytes, value, old, code) : putLoadLane(f, f.nv);
  }

  accessValues(store: boolean, space: number, bytes: number, lane: number, warp: WarpCtx, code: number, hasOld: boolean): void {
    if (this.laneRow(store ? EFFECT.store : EFFECT.load, space, bytes, lane, warp)) return;
    const f = this.fx;
    f.nv = store ? putStoreValues(f, f.nv, warp, space, bytes, code, hasOld) : putLoadLane(f, f.nv);
  }

  /**
   * Puts a lane's access (its address in ACCESS_VALUES[0]) in its row: a device load among the
   * pending ones (true: nothing more to write), else the open row of its warp instruction or a
   * new one, whose lane values the caller then writes at the columns' `nv`.
   */
  private laneRow(k: number, sp: number, bytes: number, lane: number, warp: WarpCtx): boolean {
    if (k === EFFECT.load && !warp.host && this.launchId !== 0) {
      const step = this.step - 1;
      if (this.loads.join(warp, step, sp, bytes, lane)) return true;
      if (this.loads.full) this.drainLoads();
      this.loads.open(warp, step, this.launchId, this.blockOf(warp), sp, bytes, lane);
      return true;
    }
    if (this.loads.n !== 0) this.drainLoads();
    let f = this.fx;
    let i = this.open;
    // A warp instruction's lanes come in rising order with nothing between them: they share one row.
    if (i < 0 || i !== f.n - 1 || warp !== this.openWarp || lane <= this.openLane || f.kind[i] !== k || f.space[i] !== sp || f.size[i] !== bytes || f.step[i] !== this.step - 1) {
      // The row stays open for the instruction's other lanes: its chunk must not be sent when it is pushed.
      if (f.n >= CHUNK_EVENTS - 1 || f.nv + 96 > CHUNK_VALUES) this.commit();
      f = this.fx;
      i = this.effect(k, warp, lane);
      f.address[i] = ACCESS_VALUES[0]!;
      f.space[i] = sp;
      f.size[i] = bytes;
      f.neu[2 * i + 1] = f.nv;
      this.pushed();
      this.open = i;
      this.openWarp = warp;
    }
    f.neu[2 * i] = (f.neu[2 * i]! | (1 << (warp.host ? 0 : lane))) >>> 0;
    this.openLane = lane;
    return false;
  }

  /** A runtime write (cudaMemcpy, memset, static data, a struct copy): Memory.onWrite. */
  memoryWrite(address: number, before: Uint8Array, after: Uint8Array, lane: number): void {
    if (this.loads.n !== 0) this.drainLoads();
    const id = ++this.blobCount;
    this.rows.push(['blob', id, before.slice(), after.slice()]);
    // Bulk writes have no space of their own: the address map says which.
    const space = SPACE_CODE[spaceOfAddress(address)];
    const W = space === 2 || space === 3 ? this.current : null;
    const i = this.effect(EFFECT.bulk, W, lane);
    const f = this.fx;
    f.address[i] = address;
    f.space[i] = space;
    f.neu[2 * i] = id;
    this.counted();
    this.pushed();
  }

  /** One row for a register variable's changed lanes; their values go to the chunk's value column. */
  private register(W: WarpCtx, fnVar: number, changed: number, lanes: Lanes): void {
    if (this.loads.n !== 0) this.drainLoads();
    if (this.fx.nv + 32 > CHUNK_VALUES) this.commit();
    const i = this.effect(EFFECT.register, W, 0);
    const f = this.fx;
    f.address[i] = fnVar;
    f.neu[2 * i] = changed >>> 0;
    f.neu[2 * i + 1] = f.nv;
    f.nv = putRegisterLanes(f, i, f.nv, changed, lanes);
    this.pushed();
  }

  enter(warp: WarpCtx, fn: number, fp: number, regs: readonly (Float64Array | bigint[] | null)[]): void {
    if (this.loads.n !== 0) this.drainLoads();
    const device = !warp.host && this.launchId !== 0;
    const i = this.effect(EFFECT.enter, warp, 0);
    const f = this.fx;
    f.address[i] = fp;
    f.neu[2 * i] = fn;
    f.neu[2 * i + 1] = 0;
    this.pushed();
    this.regs.enter(warp, device ? this.launchId : 0, device ? this.blockOf(warp) : 0, fn, regs);
  }

  leave(warp: WarpCtx, rv?: Float64Array | bigint[] | null): void {
    if (this.loads.n !== 0) this.drainLoads();
    const fn = this.regs.topFn(warp);
    this.regs.leave(warp);
    // The returned value, as a register of the function under RETURN_VALUE, so `finish` can say what it was.
    const lanes = warp.host ? 1 : warp.lanes & ~warp.exited;
    if (rv && fn !== null && lanes !== 0) this.register(warp, (fn << 16) | RETURN_VALUE, lanes, rv);
    this.effect(EFFECT.leave, warp, 0);
    this.pushed();
  }

  warpOp(warp: WarpCtx, op: string, mask: number): void {
    if (this.loads.n !== 0) this.drainLoads();
    const i = this.effect(EFFECT.op, warp, 0);
    const f = this.fx;
    f.address[i] = (WARP_OPS as readonly string[]).indexOf(op);
    f.neu[2 * i] = mask >>> 0;
    f.neu[2 * i + 1] = 0;
    this.pushed();
  }

  turnEnd(warp: WarpCtx): void {
    if (this.loads.n !== 0) this.drainLoads();
    this.regs.flush(warp);
  }

  barrier(kind: 'arrive' | 'release', block: Dim3, warp: number, mask: number, loc: SourceLoc): void {
    const g = this.launchGrid;
    const b = this.bar;
    const i = b.n++;
    b.step[i] = this.step - 1;
    b.launch[i] = this.launchId;
    b.block[i] = block.x + g.x * (block.y + g.y * block.z);
    b.warp[i] = warp;
    b.kind[i] = kind === 'arrive' ? 0 : 1;
    b.mask[i] = mask >>> 0;
    b.loc[i] = this.loc(loc);
    if (b.n === CHUNK_EVENTS) this.commit();
  }

  warpMask(e: WarpMaskEvent): void {
    const g = this.launchGrid;
    const { primitive, loc, block, warp, ...detail } = e;
    this.rows.push(['warpMask', this.step - 1, this.launchId, block.x + g.x * (block.y + g.y * block.z), warp, primitive, json(detail), this.loc(loc)]);
    this.counted();
  }

  apiCall(e: ApiCallEvent): void {
    this.rows.push(['api', this.step - 1, e.name, json(e.args), scalarText(e.result), this.loc(e.loc)]);
    this.counted();
  }

  launch(e: LaunchEvent): void {
    if (this.loads.n !== 0) this.drainLoads();
    if (e.phase === 'end') {
      this.rows.push(['launchEnd', this.step, e.outcome === undefined ? null : String(e.outcome), this.launchId]);
      // Nothing runs after a fault in the launch: its faulting statement is the last one recorded.
      if (e.fault) this.rows.push(['meta', ...faultSiteRow(this.launchId, this.step - 1, this.launchGrid, this.launchBlock, e.fault)]);
      this.regs.endLaunch();
      this.launchId = 0;
      return;
    }
    if (this.current?.host) this.regs.flush(this.current);
    const id = ++this.launchCount;
    const { grid: g, block: b } = e;
    const end = e.phase === 'rejected' ? this.step : null;
    this.rows.push(['launch', id, e.kernel, g.x, g.y, g.z, b.x, b.y, b.z, e.sharedBytes, this.loc(e.loc), this.step, end, e.phase === 'rejected' ? `rejected ${String(e.outcome)}` : null]);
    if (e.phase === 'begin') (this.launchId = id), (this.launchGrid = g), (this.launchBlock = b);
    this.counted();
  }

  operation(op: TimelineOp): void {
    this.rows.push(['timeline', op.id, this.step, op.kind, op.name, op.stream, op.start, op.end, json(op)]);
    this.counted();
  }

  sources(files: ReadonlyMap<string, string>): void {
    for (const [path, text] of files) {
      const id = this.file(path);
      this.rows.push(['file', id, path, text]);
    }
  }

  /** The program's debug information (functions, variables, statement lines), stored once before it runs. */
  symbols(info: DebugInfo): void {
    this.rows.push(['meta', 'debug_info', JSON.stringify(info)]);
    this.regs.learn(info);
  }

  /** Bytes the run printed (char codes 0..255), in the order the terminal got them. */
  output(stream: 'stdout' | 'stderr', text: string): void {
    this.rows.push(['output', this.step, STREAMS[stream], Buffer.from(text, 'latin1')]);
    this.counted();
  }

  /** A diagnostic of the run (its rendered text also goes through output()). */
  diagnostic(d: Diagnostic, rendered: string): void {
    this.rows.push(['diag', this.step, d.severity, d.message, d.loc.file, d.loc.line, d.loc.col, rendered]);
    this.counted();
  }

  /** Statements recorded so far. */
  get recordedSteps(): number {
    return this.step;
  }

  /** Commits everything, marks the trace complete with the run's exit status and waits until the file is closed. */
  finish(status: number): void {
    if (this.closed) return;
    if (this.loads.n !== 0) this.drainLoads();
    if (this.current) this.regs.flush(this.current);
    this.rows.push(['meta', 'exit_status', String(status)], ['meta', 'steps', String(this.step)], ['meta', 'effects', String(this.sentEffects + this.fx.n)], ['meta', 'complete', '1']);
    this.closed = true;
    this.commit(true);
    this.sink.drain();
  }
}
