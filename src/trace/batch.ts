/*
 * What the recording side of a trace hands to the side that stores it (TraceSink), in
 * the order it happened: one batch per commit. Columns travel as whole buffers, so a
 * worker thread can take them without copying.
 */

/** A value of a row insert. */
export type RowArg = number | string | null | Uint8Array;

/** A row for one of the trace's plain tables, or a bulk write's bytes (stored deflated as a blob). */
export type RowOp =
  | readonly ['loc', id: number, file: number, line: number, col: number]
  | readonly ['file', id: number, path: string, text: string | null]
  | readonly ['launch', id: number, kernel: string, gx: number, gy: number, gz: number, bx: number, by: number, bz: number, shared: number, loc: number, begin: number, end: number | null, outcome: string | null]
  | readonly ['launchEnd', end: number, outcome: string | null, id: number]
  | readonly ['warpMask', step: number, launch: number, block: number, warp: number, primitive: string, detail: string, loc: number]
  | readonly ['api', step: number, name: string, args: string, result: string | null, loc: number]
  | readonly ['timeline', id: number, step: number, kind: string, name: string, stream: number, start: number, end: number, detail: string]
  | readonly ['output', step: number, effect: number, stream: number, data: Uint8Array]
  | readonly ['diag', step: number, severity: string, message: string, file: string, line: number, col: number, rendered: string]
  | readonly ['meta', key: string, value: string]
  | readonly ['alloc', step: number, space: string, address: number, size: number, mappedStart: number, mappedEnd: number]
  | readonly ['free', step: number, space: string, address: number]
  | readonly ['blob', id: number, before: Uint8Array, after: Uint8Array];

/** Everything recorded between two commits. */
export interface Batch {
  /** The step of the batch's first statement row. */
  readonly firstStep: number;
  /** A StepColumns buffer and its rows. */
  readonly steps: ArrayBuffer;
  readonly stepCount: number;
  /** The sequence number of the batch's first effect row. */
  readonly firstSeq: number;
  /** An EffectColumns buffer, its rows and register values. */
  readonly effects: ArrayBuffer;
  readonly effectCount: number;
  readonly valueCount: number;
  /** A BarrierColumns buffer and its rows. */
  readonly barriers: ArrayBuffer;
  readonly barrierCount: number;
  /** Row inserts, in the order they were made. */
  readonly rows: readonly RowOp[];
  /** The last batch: the store closes the file after it. */
  readonly last: boolean;
  /** The store takes a checkpoint after this batch: it ends before a statement, once enough was recorded since the last one. */
  readonly checkpoint: boolean;
  /** The step and effect chunks as the store would compress them, when the writer did so itself (the store was behind); else null. */
  readonly encoded: EncodedChunks | null;
}

/** A batch's compressed step and effect chunks (null where it has no rows). */
export interface EncodedChunks {
  readonly steps: Uint8Array | null;
  readonly effects: Uint8Array | null;
}
