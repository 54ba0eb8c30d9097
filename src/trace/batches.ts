import type { WarpCtx } from '../engine/exec/warp.js';
import type { Scalar } from '../engine/exec/env.js';
import { ACCESS_VALUES } from '../engine/compile/runtime.js';
import { CHUNK_EVENTS, EFFECT, spaceCode } from './schema.js';
import { BarrierColumns, CHUNK_VALUES, EffectColumns, StepColumns } from './codec.js';
import { ChunkEncoder } from './chunk-encoder.js';
import { putLoadLane, putStoreLane, putStoreValues } from './lane-values.js';
import type { RowOp } from './batch.js';
import type { SinkChannel } from './sink-channel.js';
import { PendingLoads } from './load-rows.js';

/*
 * The columns a recording fills and the batches it sends its sink: statement, effect and barrier
 * columns, one batch per full chunk (or when enough table rows wait). Memory accesses come here
 * lane by lane, and a warp instruction's lanes become one effect row (device loads by way of the
 * pending rows of load-rows.ts). TraceWriter fills the rest of a trace on top of this.
 *
 * It also places the checkpoints: it counts what replaying the rows since the last one costs a
 * reader and ends a batch, flagged, before the statement where that reaches checkpointEvents. The
 * store takes the checkpoint after storing the batch, so every checkpoint starts a chunk: a jump
 * from it inflates the rows it replays, not a chunk begun before it.
 */

/*
 * What replaying rows costs a reader moving forward, in device statement rows (the units of
 * checkpointEvents): a device statement or effect row costs 1, a register or store row one more
 * per 16 lanes it writes.
 */

/** A host statement or effect row's replay cost: the host thread's rows replay in half a warp's time (a lane each). */
export const HOST_ROW_COST = 0.5;

/** A device enter row's: the allocation of its activation's registers in the replayed state. */
const ENTER_COST = 24;

/** A device register or store lane's: a sixteenth of a row. */
export const LANE_COST = 1 / 16;

/** The batching half of a TraceWriter. */
export class TraceBatches {
  protected steps = new StepColumns();
  protected fx = new EffectColumns();
  protected bar = new BarrierColumns();
  protected rows: RowOp[] = [];
  /** Number of warp statements recorded so far: the step the next statement gets. */
  protected step = 0;
  private firstStep = 0;
  /** Effect rows in the batches sent so far: the sequence number of the open chunk's first row. */
  protected sentEffects = 0;
  /** Device loads not yet in the effect columns (load-rows.ts). */
  protected readonly loads = new PendingLoads();
  /** The running launch's id (0 while the host runs). */
  protected launchId = 0;
  private pendingRows = 0;
  protected closed = false;
  /** What replaying the rows recorded since the last checkpoint costs (in device statement rows). */
  protected replayCost = 0;

  /** Compresses chunks in this thread while the store is behind. */
  private readonly encoder = new ChunkEncoder();

  /** `checkpointEvents`: the replay cost (device statement rows) between checkpoints. */
  constructor(protected readonly sink: SinkChannel, protected readonly checkpointEvents: number) {}

  /** Commits the open transaction once enough row events accumulated, as the chunks do. */
  protected counted(): void {
    if (++this.pendingRows >= CHUNK_EVENTS) this.commit();
  }

  /** Sends what was recorded since the last commit as one batch (the sink commits it as one transaction); `checkpoint`: the store checkpoints after it. */
  protected commit(last = false, checkpoint = false): void {
    if (this.loads.n !== 0) this.drainLoads();
    this.send(last, checkpoint);
    if (checkpoint) this.replayCost = 0;
  }

  /** commit() with the pending loads left pending (drainLoads makes room with it). */
  protected send(last = false, checkpoint = false): void {
    const { steps, fx, bar } = this;
    this.sentEffects += fx.n;
    this.sink.send({
      firstStep: this.firstStep, steps: steps.buffer, stepCount: steps.n,
      firstSeq: this.sentEffects - fx.n, effects: fx.buffer, effectCount: fx.n, valueCount: fx.nv,
      barriers: bar.buffer, barrierCount: bar.n, rows: this.rows, last, checkpoint,
      encoded: this.sink.behind() ? this.encoder.encode(steps, fx) : null,
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

  protected blockOf(w: WarpCtx): number {
    return w.bx + w.gdx * (w.by + w.gdy * w.bz);
  }

  /** The next effect row, filled with the step and the thread; the caller sets the rest and calls pushed(). */
  protected effect(kind: number, W: WarpCtx | null, lane: number): number {
    const f = this.fx;
    const i = f.n;
    // An effect belongs to the statement executing now, the last one recorded.
    f.step[i] = this.step - 1;
    f.kind[i] = kind;
    const device = W !== null && !W.host && this.launchId !== 0;
    this.replayCost += device ? (kind === EFFECT.enter ? ENTER_COST : 1) : HOST_ROW_COST;
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

  protected pushed(): void {
    if (++this.fx.n === CHUNK_EVENTS) this.commit();
  }

  /** Room for one more load row: the open columns, sent first when full. */
  private readonly loadRoom = (): EffectColumns => {
    if (this.fx.n >= CHUNK_EVENTS || this.fx.nv + 32 > CHUNK_VALUES) this.send();
    return this.fx;
  };

  /** Writes the pending device loads as rows: before any other effect row, so the effects keep their order. */
  protected drainLoads(): void {
    this.replayCost += this.loads.drain(this.loadRoom);
    // The open store row is no longer the last: the next lane starts a row of its own.
    this.open = -1;
    // The caller writes a row next: a chunk the drain filled goes now.
    if (this.fx.n >= CHUNK_EVENTS) this.send();
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
  protected laneRow(k: number, sp: number, bytes: number, lane: number, warp: WarpCtx): boolean {
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
    if (!warp.host) this.replayCost += LANE_COST;
    return false;
  }
}
