import type { ExecutionListener, ApiCallEvent, LaunchEvent, TimelineOp } from '../engine/runtime/listener.js';
import type { WarpMaskEvent } from '../engine/compile/warp-diag.js';
import type { Diagnostic } from '../engine/front/diag.js';
import type { SourceLoc } from '../engine/front/token.js';
import type { Dim3, Scalar } from '../engine/exec/env.js';
import type { WarpCtx } from '../engine/exec/warp.js';
import type { DebugInfo } from '../engine/debuginfo/symbols.js';
import type { MappingEvent } from '../engine/memory/memory-view.js';
import { spaceOfAddress } from '../engine/memory/layout.js';
import { CHECKPOINT_EVENTS, CHUNK_EVENTS, EFFECT, RETURN_VALUE, WARP_OPS, SPACE_CODE, STREAMS } from './schema.js';
import { createTraceFile, json, writeFailure, type TraceHeader } from './trace-file.js';
import { lockTrace } from './trace-lock.js';
import { CHUNK_VALUES } from './codec.js';
import { putRegisterLanes } from './lane-values.js';
import { HOST_ROW_COST, LANE_COST, TraceBatches } from './batches.js';
import { popcount } from './bits.js';
import { RegisterTracker, type Lanes, type StatementSite } from './registers.js';
import { openSink, type SinkChannel } from './sink-channel.js';
import { WatchedSink } from './watched-sink.js';
import { faultSiteRow } from './fault-sites.js';

/*
 * Records a run into a .trace file. It is the run's ExecutionListener; the CLI also hands it
 * the bytes it printed and the diagnostics. Events buffer in columns and go, one batch per
 * chunk, to a TraceSink (a worker thread when built) that commits each in one transaction, so
 * a killed recording leaves every committed chunk readable (WAL), and takes the checkpoints.
 * This side only fills columns: it runs inside the program's own time.
 */

const scalarText = (v: Scalar | undefined): string | null => (v === undefined ? null : typeof v === 'bigint' ? `${v}n` : String(v));

/** What statement() throws once the `stop` word is set: the run ends there, and the trace with what was sent. */
export class RecordingStopped extends Error {
  constructor() {
    super('the recording was stopped');
  }
}

/** A trace being written: feed it to execute() as the 'record' command's listener. */
export class TraceWriter extends TraceBatches implements ExecutionListener {
  private readonly regs: RegisterTracker;
  private launchCount = 0;
  private launchGrid: Dim3 = { x: 1, y: 1, z: 1 };
  private launchBlock: Dim3 = { x: 1, y: 1, z: 1 };
  private blobCount = 0;
  /** Rows of the output table written so far. */
  private outputCount = 0;
  /**
   * The warp running now, the last to run a statement or enter a function: runtime writes without a
   * warp of their own belong to it (a kernel's struct parameters are copied to its frame before its
   * first statement, when the last statement run was the launching host thread's).
   */
  private current: WarpCtx | null = null;
  private readonly sites = new Map<SourceLoc, StatementSite>();
  /** The same sites by the engine's location index: an array read where the map costs a hash lookup per statement. */
  private readonly byIndex: StatementSite[] = [];
  private readonly fileIds = new Map<string, number>();
  /** Every lane's return slot address for leave(): one array reused, as register() copies the values out. */
  private readonly slotLanes = new Float64Array(32);
  /** A live debugger's slice: the run suspends before this statement (statement() returns true). */
  pauseAt = Infinity;

  /** `suspends` (ExecutionListener): whether pauseAt may ever stop the run (TraceWriter.create's `pauses`). */
  private constructor(sink: SinkChannel, checkpointEvents: number, readonly suspends: boolean, exhaustiveRegisters: boolean) {
    super(sink, checkpointEvents);
    this.regs = new RegisterTracker((W, fnVar, changed, lanes) => this.register(W, fnVar, changed, lanes), exhaustiveRegisters);
  }

  /**
   * Creates `path` (and its folder; replacing a file there) with the schema; an error message when that cannot be done.
   * `checkpointEvents` spaces checkpoints (tests use fewer); `worker` names the sink's worker script (null: store in this thread);
   * `pauses` false for a recording that runs to the end (no pauseAt): its program is compiled without suspension points.
   * `exhaustiveRegisters`: RegisterTracker's reference mode (tests). `encodeBehind`: openSink's (tests).
   * `stop`: a word another thread sets to stop the run; statement() then throws RecordingStopped after the next batch it sends.
   */
  static create(path: string, header: TraceHeader, opts: { readonly checkpointEvents?: number; readonly worker?: URL | string | null; readonly pauses?: boolean; readonly exhaustiveRegisters?: boolean; readonly encodeBehind?: number; readonly stop?: Int32Array } = {}): TraceWriter | string {
    let release: (() => void) | string = 'not locked';
    try {
      release = lockTrace(path);
      if (typeof release === 'string') return release;
      createTraceFile(path, header);
      // An absent `worker` takes openSink's default (the built script, if any); null stores in this thread.
      const sink = new WatchedSink(openSink(path, opts.worker, opts.encodeBehind));
      const w = new TraceWriter(sink, opts.checkpointEvents ?? CHECKPOINT_EVENTS, opts.pauses ?? true, opts.exhaustiveRegisters ?? false);
      w.watched = sink;
      w.stop = opts.stop ?? null;
      w.unlock = release;
      return w;
    } catch (e) {
      if (typeof release === 'function') release();
      return writeFailure(e);
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

  statement(warp: WarpCtx, mask: number, loc: SourceLoc, index: number): boolean {
    if (this.loads.n !== 0) this.drainLoads();
    // The warp's previous statement's register assignments come first, under that statement's step.
    const site = this.byIndex[index] ?? (this.byIndex[index] = this.sites.get(loc) ?? this.site(loc));
    const depth = this.regs.statement(warp, site, mask);
    // Everything before this statement is recorded: a checkpoint may go here.
    const checkpoint = this.replayCost >= this.checkpointEvents;
    if (this.steps.n === CHUNK_EVENTS || checkpoint) {
      this.commit(false, checkpoint);
      // Ctrl-C: the trace ends at the batch just sent, before this statement (finish(null) closes it).
      if (this.stop !== null && Atomics.load(this.stop, 0) !== 0) throw new RecordingStopped();
    }
    const s = this.steps;
    const i = s.n;
    const device = !warp.host && this.launchId !== 0;
    this.replayCost += device ? 1 : HOST_ROW_COST;
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

  /** An allocation or free (Memory.onMapping): the ranges a debugger may read at each step. */
  mapping(e: MappingEvent): void {
    if (e.kind === 'alloc') this.rows.push(['alloc', this.step - 1, e.space, e.address, e.size, e.mappedStart, e.mappedEnd]);
    else this.rows.push(['free', this.step - 1, e.space, e.address]);
    this.counted();
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
    if (!W.host) this.replayCost += popcount(changed) * LANE_COST;
    this.pushed();
  }

  enter(warp: WarpCtx, fn: number, fp: number, regs: readonly (Float64Array | bigint[] | null)[]): void {
    if (this.loads.n !== 0) this.drainLoads();
    const device = !warp.host && this.launchId !== 0;
    this.current = warp;
    const i = this.effect(EFFECT.enter, warp, 0);
    const f = this.fx;
    f.address[i] = fp;
    f.neu[2 * i] = fn;
    f.neu[2 * i + 1] = 0;
    this.pushed();
    this.regs.enter(warp, device ? this.launchId : 0, device ? this.blockOf(warp) : 0, fn, regs);
  }

  leave(warp: WarpCtx, rv?: Float64Array | bigint[] | null, slot?: number): void {
    if (this.loads.n !== 0) this.drainLoads();
    const fn = this.regs.topFn(warp);
    this.regs.leave(warp);
    // The returned value, as a register of the function under RETURN_VALUE, so `finish` can say what it was; a struct's
    // bytes are in memory already (the return's copy to the caller's slot), so its register holds the slot's address.
    const lanes = warp.host ? 1 : warp.lanes & ~warp.exited;
    const value = rv ?? (slot ? this.slotLanes.fill(slot) : null);
    if (value && fn !== null && lanes !== 0) this.register(warp, (fn << 16) | RETURN_VALUE, lanes, value);
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
    // The effects made before it, counted exactly: a finish stopping inside a statement shows only what it printed so far.
    if (this.loads.n !== 0) this.drainLoads();
    this.rows.push(['output', this.step, this.sentEffects + this.fx.n, STREAMS[stream], Buffer.from(text, 'latin1')]);
    this.outputCount++;
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

  /**
   * Commits everything, marks the trace complete with the run's exit status and waits until the
   * file is closed. A null status closes a run that did not end (a debugger stopped recording it):
   * the trace stays incomplete, without an exit status, as a killed recording's does.
   */
  finish(status: number | null): void {
    if (this.closed) return;
    if (this.loads.n !== 0) this.drainLoads();
    if (this.current) this.regs.flush(this.current);
    this.rows.push(['meta', 'steps', String(this.step)], ['meta', 'effects', String(this.sentEffects + this.fx.n)]);
    // Row counts a reader checks (validate.ts): rows deleted from these tables would replay silently without them.
    this.rows.push(['meta', 'output_rows', String(this.outputCount)], ['meta', 'launch_rows', String(this.launchCount)]);
    if (status !== null) this.rows.push(['meta', 'exit_status', String(status)], ['meta', 'complete', '1']);
    this.closed = true;
    this.commit(true);
    this.sink.drain();
    this.unlock();
  }

  /** Releases the trace's lock (trace-lock.ts) once the file is closed. */
  private unlock: () => void = () => {};

  private watched: WatchedSink | null = null;

  /** Set (word 0 non-zero) from another thread to stop the run at the next batch (create's `stop`: Ctrl-C). */
  private stop: Int32Array | null = null;

  /** Why the trace could not be stored (its first storing error, in writeFailure's words); null while it can. */
  get storeFailure(): string | null {
    const e = this.watched?.failure ?? null;
    return e === null ? null : writeFailure(e);
  }

  /** Gives the trace up after storing failed: it keeps what was committed, as a killed recording's does, and its lock goes. */
  abandonFailed(): void {
    this.closed = true;
    this.unlock();
  }
}
