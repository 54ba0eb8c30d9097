import { brotliCompressSync, brotliDecompressSync, deflateRawSync, inflateRawSync, constants } from 'node:zlib';
import { CHUNK_EVENTS } from './schema.js';
import { fromDeltas, toDeltas } from './deltas.js';

/*
 * Columnar chunks of statements and effects. Each column is a little-endian typed array (8-byte
 * columns first so every view is aligned), concatenated and compressed: raw-deflated at level 1
 * (masks, warps, locations and steps repeat heavily, so this is cheap and small; a step chunk
 * leaves out its columns that hold one value, see encodeSteps), effect chunks
 * with Brotli at quality 0, which compresses their lane values in about 60% of deflate's time and
 * to 90% of its size (inflating them takes about twice as long). Quality 1 is a quarter smaller
 * but takes about 30% longer, and compressing effects is a large part of what a recording's store does.
 */

/** Values a chunk of effects holds at most (a register row adds up to 32, a store row 96). */
export const CHUNK_VALUES = CHUNK_EVENTS * 4;

/** Bytes of a StepColumns buffer. */
const STEP_BYTES = CHUNK_EVENTS * 25;

/** One chunk of executed warp statements; row i is step first_step + i. All columns live in one transferable buffer. */
export class StepColumns {
  readonly launch: Uint32Array;
  /** Linear block index: x + y*gridDim.x + z*gridDim.x*gridDim.y. */
  readonly block: Uint32Array;
  readonly warp: Uint32Array;
  /** The active mask as an unsigned 32-bit lane set. */
  readonly mask: Uint32Array;
  readonly loc: Uint32Array;
  /** Lanes of the warp that have returned from the kernel. */
  readonly exited: Uint32Array;
  /** Function activations on the warp (1 in the kernel or main itself). */
  readonly depth: Uint8Array;
  n = 0;

  constructor(readonly buffer: ArrayBuffer = new ArrayBuffer(STEP_BYTES)) {
    const u32 = (k: number): Uint32Array => new Uint32Array(buffer, k * CHUNK_EVENTS * 4, CHUNK_EVENTS);
    this.launch = u32(0);
    this.block = u32(1);
    this.warp = u32(2);
    this.mask = u32(3);
    this.loc = u32(4);
    this.exited = u32(5);
    this.depth = new Uint8Array(buffer, CHUNK_EVENTS * 24, CHUNK_EVENTS);
  }
}

/** Bytes of an EffectColumns buffer: 38 per row, then 8 per value. */
const EFFECT_BYTES = CHUNK_EVENTS * 38 + CHUNK_VALUES * 8;

/** Where the values start after `n` rows of 38 bytes: aligned for a Float64Array. */
export const valuesAt = (n: number): number => Math.ceil((n * 38) / 8) * 8;

/** One chunk of effects (loads, stores, register values, frames), in the order they happened; one transferable buffer laid out as its encoding. */
export class EffectColumns {
  readonly step: Float64Array;
  readonly address: Float64Array;
  /** Two words per row: a lane row's lane mask and first value's index; a bulk write's blob id, an op's lanes, an enter's function. */
  readonly neu: Uint32Array;
  readonly launch: Uint32Array;
  readonly block: Uint32Array;
  readonly warp: Uint8Array;
  readonly lane: Uint8Array;
  /** EFFECT kind. */
  readonly kind: Uint8Array;
  /** SPACES index for loads, stores and bulk writes. */
  readonly space: Uint8Array;
  readonly size: Uint8Array;
  /** A register row's value tag (VALUE_TAG). */
  readonly tags: Uint8Array;
  /** Register values of the chunk (register rows index them): float64 numbers, or the same bits as int64. */
  readonly values: Float64Array;
  readonly valuesI: BigInt64Array;
  /** The values as pairs of 32-bit words (a memory row's old and new bits). */
  readonly valuesU: Uint32Array;
  /** The values as 32-bit integers: an int32 register row packs two lanes per value. */
  readonly valuesI32: Int32Array;
  n = 0;
  /** Register values used. */
  nv = 0;

  constructor(readonly buffer: ArrayBuffer = new ArrayBuffer(EFFECT_BYTES)) {
    const N = CHUNK_EVENTS;
    this.step = new Float64Array(buffer, 0, N);
    this.address = new Float64Array(buffer, N * 8, N);
    this.neu = new Uint32Array(buffer, N * 16, 2 * N);
    this.launch = new Uint32Array(buffer, N * 24, N);
    this.block = new Uint32Array(buffer, N * 28, N);
    const u8 = (k: number): Uint8Array => new Uint8Array(buffer, N * 32 + k * N, N);
    this.warp = u8(0);
    this.lane = u8(1);
    this.kind = u8(2);
    this.space = u8(3);
    this.size = u8(4);
    this.tags = u8(5);
    this.values = new Float64Array(buffer, valuesAt(N), CHUNK_VALUES);
    this.valuesI = new BigInt64Array(buffer, valuesAt(N), CHUNK_VALUES);
    this.valuesU = new Uint32Array(buffer, valuesAt(N), 2 * CHUNK_VALUES);
    this.valuesI32 = new Int32Array(buffer, valuesAt(N), 2 * CHUNK_VALUES);
  }
}

/** Bytes of a BarrierColumns buffer. */
const BARRIER_BYTES = CHUNK_EVENTS * 29;

/** Barrier arrivals and releases waiting for their rows in the barriers table. */
export class BarrierColumns {
  readonly step: Float64Array;
  readonly launch: Uint32Array;
  readonly block: Uint32Array;
  readonly warp: Uint32Array;
  readonly mask: Uint32Array;
  readonly loc: Uint32Array;
  /** 0 arrive, 1 release. */
  readonly kind: Uint8Array;
  n = 0;

  constructor(readonly buffer: ArrayBuffer = new ArrayBuffer(BARRIER_BYTES)) {
    const N = CHUNK_EVENTS;
    this.step = new Float64Array(buffer, 0, N);
    const u32 = (k: number): Uint32Array => new Uint32Array(buffer, N * 8 + k * N * 4, N);
    this.launch = u32(0);
    this.block = u32(1);
    this.warp = u32(2);
    this.mask = u32(3);
    this.loc = u32(4);
    this.kind = new Uint8Array(buffer, N * 28, N);
  }
}

/** zlib's fastest level with its largest hash memory: a third faster than the default memory on trace columns, at the same size. */
const FAST = { level: 1, memLevel: 9, strategy: constants.Z_DEFAULT_STRATEGY } as const;

const deflateBytes = (b: Uint8Array): Buffer => deflateRawSync(b, FAST);

const brotliBytes = (b: Uint8Array): Buffer => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 0, [constants.BROTLI_PARAM_SIZE_HINT]: b.byteLength } });

type Compress = (b: Uint8Array) => Buffer;
type Decompress = (b: Uint8Array, chunkSize: number) => Buffer;

const inflateBytes: Decompress = (b, chunkSize) => inflateRawSync(b, { chunkSize });
const unbrotliBytes: Decompress = (b, chunkSize) => brotliDecompressSync(b, { chunkSize });

/**
 * Moves columns together at the start of their own buffer and returns where they end: columns
 * lie in rising order, so each moves down (or stays) and nothing is allocated for a joined copy.
 * The buffer's rows are garbage afterwards, which is fine: the sink is done with them and the
 * writer rewrites every column of a row it reuses. `gap` zero bytes go before the column at index `gapAt`.
 */
function moveDown(u8: Uint8Array, cols: readonly ArrayBufferView[], gapAt = -1, gap = 0): number {
  let at = 0;
  for (let k = 0; k < cols.length; k++) {
    if (k === gapAt) u8.fill(0, at, (at += gap));
    const c = cols[k]!;
    if (c.byteOffset !== at) u8.copyWithin(at, c.byteOffset, c.byteOffset + c.byteLength);
    at += c.byteLength;
  }
  return at;
}

/** Compresses a partial chunk's columns, moved together inside their own buffer (moveDown). */
function pack(buffer: ArrayBuffer, cols: readonly ArrayBufferView[], gapAt = -1, gap = 0, compress: Compress = deflateBytes): Buffer {
  const u8 = new Uint8Array(buffer);
  return compress(u8.subarray(0, moveDown(u8, cols, gapAt, gap)));
}

/** A step chunk's columns in encoding order (the u32 ones, then depth). */
const stepColumns = (c: { launch: Uint32Array; block: Uint32Array; warp: Uint32Array; mask: Uint32Array; loc: Uint32Array; exited: Uint32Array; depth: Uint8Array }): (Uint32Array | Uint8Array)[] =>
  [c.launch, c.block, c.warp, c.mask, c.loc, c.exited, c.depth];

/** Bytes of a step chunk's footer: a u32 of flags (bit k: column k holds one value) and that value of each column. */
const STEP_FOOTER = 32;

/** The value every one of the first `n` entries of `col` holds, or -1. */
function constant(col: Uint32Array | Uint8Array, n: number): number {
  // The column equals itself moved by one entry exactly when every entry is the same: one native memcmp
  // instead of a loop over both element types (a host chunk's five constant columns cost a tenth of its storing).
  if (n <= 1) return col[0]!;
  const w = col.BYTES_PER_ELEMENT;
  const bytes = (n - 1) * w;
  const a = Buffer.from(col.buffer, col.byteOffset, bytes);
  const b = Buffer.from(col.buffer, col.byteOffset + w, bytes);
  return a.equals(b) ? col[0]! : -1;
}

/**
 * The compressed blob of a step chunk's first `n` rows. A column that holds one value over the
 * chunk is left out and named in the footer: the host's statements have no launch, block, warp,
 * mask or exit to vary, so most host chunks deflate their locations alone, a fifth of the bytes.
 */
export function encodeSteps(c: StepColumns): Buffer {
  const n = c.n;
  const footer = new Uint32Array(STEP_FOOTER / 4);
  const kept: ArrayBufferView[] = [];
  let bytes = STEP_FOOTER;
  stepColumns(c).forEach((col, k) => {
    const v = constant(col, n);
    if (v >= 0) (footer[0]! |= 1 << k), (footer[k + 1] = v);
    else kept.push(col.subarray(0, n)), (bytes += col.BYTES_PER_ELEMENT * n);
  });
  // Kept columns move down within the buffer; the footer follows them where it fits, else in a copy.
  const raw = new Uint8Array(c.buffer);
  const at = moveDown(raw, kept);
  const tail = new Uint8Array(footer.buffer);
  if (bytes <= raw.byteLength) {
    raw.set(tail, at);
    return deflateBytes(raw.subarray(0, bytes));
  }
  return deflateBytes(Buffer.concat([raw.subarray(0, at), tail]));
}

/** The compressed blob of an effect chunk's first `n` rows and its register values. */
export function encodeEffects(c: EffectColumns): Buffer {
  const n = c.n;
  toDeltas(c, n);
  if (n === CHUNK_EVENTS) return brotliBytes(new Uint8Array(c.buffer, 0, valuesAt(n) + c.nv * 8));
  // The values stay 8-byte aligned in the encoding: zero bytes pad the rows up to them.
  const cols = [
    c.step.subarray(0, n), c.address.subarray(0, n), c.neu.subarray(0, 2 * n),
    c.launch.subarray(0, n), c.block.subarray(0, n), c.warp.subarray(0, n), c.lane.subarray(0, n), c.kind.subarray(0, n), c.space.subarray(0, n), c.size.subarray(0, n), c.tags.subarray(0, n),
    c.values.subarray(0, c.nv),
  ];
  return pack(c.buffer, cols, cols.length - 1, valuesAt(n) - n * 38, brotliBytes);
}

/** The compressed blob of a barrier chunk's first `n` rows. */
export function encodeBarriers(c: BarrierColumns, n: number): Buffer {
  if (n === CHUNK_EVENTS) return deflateBytes(new Uint8Array(c.buffer));
  return pack(c.buffer, [c.step.subarray(0, n), c.launch.subarray(0, n), c.block.subarray(0, n), c.warp.subarray(0, n), c.mask.subarray(0, n), c.loc.subarray(0, n), c.kind.subarray(0, n)]);
}

/** A decoded barrier chunk: `count` rows of arrivals (kind 0) and releases (kind 1). */
export interface DecodedBarriers {
  readonly count: number;
  readonly step: Float64Array;
  readonly launch: Uint32Array;
  readonly block: Uint32Array;
  readonly warp: Uint32Array;
  readonly mask: Uint32Array;
  readonly loc: Uint32Array;
  readonly kind: Uint8Array;
}

/** Decodes a barrier chunk of `count` rows; null when damaged. */
export function decodeBarriers(blob: Uint8Array, count: number): DecodedBarriers | null {
  const u = unpack(blob, (bytes) => bytes === count * 29, count * 29);
  if (u === null) return null;
  const b = u.b;
  const u32 = (k: number): Uint32Array => new Uint32Array(b, count * 8 + k * count * 4, count);
  return { count, step: new Float64Array(b, 0, count), launch: u32(0), block: u32(1), warp: u32(2), mask: u32(3), loc: u32(4), kind: new Uint8Array(b, count * 28, count) };
}

/** A decoded step chunk: column arrays of `count` rows. */
export interface DecodedSteps {
  readonly count: number;
  readonly launch: Uint32Array;
  readonly block: Uint32Array;
  readonly warp: Uint32Array;
  readonly mask: Uint32Array;
  readonly loc: Uint32Array;
  readonly exited: Uint32Array;
  readonly depth: Uint8Array;
}

/** A decoded effect chunk (the same columns as EffectColumns, `count` rows). */
export interface DecodedEffects {
  readonly count: number;
  readonly step: Float64Array;
  readonly address: Float64Array;
  readonly neu: Uint32Array;
  /** Register values (register rows index them by `neu`'s high word). */
  readonly values: Float64Array;
  readonly valuesI: BigInt64Array;
  readonly valuesU: Uint32Array;
  readonly valuesI32: Int32Array;
  readonly launch: Uint32Array;
  readonly block: Uint32Array;
  readonly warp: Uint8Array;
  readonly lane: Uint8Array;
  readonly kind: Uint8Array;
  readonly space: Uint8Array;
  readonly size: Uint8Array;
  readonly tags: Uint8Array;
}

/** The columns of statements, decoded or being recorded. */
export type StepView = Omit<DecodedSteps, 'count'>;

/** The columns of effects, decoded or being recorded. */
export type EffectView = Omit<DecodedEffects, 'count'>;

/** Inflates into a fresh, aligned buffer; null when the blob is damaged or its size is not what `fits` accepts. */
function unpack(blob: Uint8Array, fits: (bytes: number) => boolean, most: number, decompress: Decompress = inflateBytes): { readonly b: ArrayBuffer; readonly bytes: number } | null {
  try {
    // One output buffer of the largest size possible: zlib's default 16 KiB pieces cost a copy of each to join.
    const raw = decompress(blob, Math.max(1024, most));
    if (!fits(raw.byteLength)) return null;
    // zlib's output piece is a buffer of its own: keep it unless most of it is unused.
    if (raw.byteOffset === 0 && raw.buffer.byteLength >= 8192 && raw.buffer.byteLength - raw.byteLength <= raw.byteLength / 4) return { b: raw.buffer as ArrayBuffer, bytes: raw.byteLength };
    const out = new ArrayBuffer(raw.byteLength);
    new Uint8Array(out).set(raw);
    return { b: out, bytes: raw.byteLength };
  } catch {
    return null;
  }
}

/** Decodes a step chunk of `count` rows; null when damaged. */
export function decodeSteps(blob: Uint8Array, count: number): DecodedSteps | null {
  const u = unpack(blob, (bytes) => bytes >= STEP_FOOTER && bytes <= count * 25 + STEP_FOOTER, count * 25 + STEP_FOOTER);
  if (u === null) return null;
  // A copy: after a stored depth column of any length the footer need not be 4-byte aligned.
  const footer = new Uint32Array(u.b.slice(u.bytes - STEP_FOOTER, u.bytes));
  const flags = footer[0]!;
  // The stored columns' bytes must be exactly what the footer leaves.
  let stored = 0;
  for (let k = 0; k < 7; k++) if ((flags & (1 << k)) === 0) stored += (k === 6 ? 1 : 4) * count;
  if (stored !== u.bytes - STEP_FOOTER || flags >>> 7 !== 0) return null;
  // Stored columns are views of the inflated bytes (each starts 4-byte aligned); a left-out one is filled with its value.
  let at = 0;
  const column = (k: number): Uint32Array => {
    if ((flags & (1 << k)) !== 0) return new Uint32Array(count).fill(footer[k + 1]!);
    const col = new Uint32Array(u.b, at, count);
    at += 4 * count;
    return col;
  };
  const launch = column(0), block = column(1), warp = column(2), mask = column(3), loc = column(4), exited = column(5);
  const depth = (flags & (1 << 6)) !== 0 ? new Uint8Array(count).fill(footer[7]!) : new Uint8Array(u.b, at, count);
  return { count, launch, block, warp, mask, loc, exited, depth };
}

/** Decodes an effect chunk of `count` rows (and the register values after them); null when damaged. */
export function decodeEffects(blob: Uint8Array, count: number): DecodedEffects | null {
  const n = count;
  const at = valuesAt(n);
  const u = unpack(blob, (bytes) => bytes >= at && (bytes - at) % 8 === 0, at + CHUNK_VALUES * 8, unbrotliBytes);
  if (u === null) return null;
  const b = u.b;
  const nv = (u.bytes - at) / 8;
  const u8 = (i: number): Uint8Array => new Uint8Array(b, n * 32 + i * n, n);
  const d: DecodedEffects = {
    count, step: new Float64Array(b, 0, n), address: new Float64Array(b, n * 8, n),
    neu: new Uint32Array(b, n * 16, 2 * n),
    launch: new Uint32Array(b, n * 24, n), block: new Uint32Array(b, n * 28, n),
    warp: u8(0), lane: u8(1), kind: u8(2), space: u8(3), size: u8(4), tags: u8(5),
    values: new Float64Array(b, at, nv), valuesI: new BigInt64Array(b, at, nv), valuesU: new Uint32Array(b, at, 2 * nv), valuesI32: new Int32Array(b, at, 2 * nv),
  };
  fromDeltas(d, n);
  return d;
}

/** Deflates a blob (bulk write bytes, checkpoints). */
export function deflate(bytes: Uint8Array): Buffer {
  return deflateRawSync(bytes, FAST);
}

/** Inflates a blob (of `size` bytes inflated, when known); null when damaged. */
export function inflate(blob: Uint8Array, size?: number): Buffer | null {
  try {
    // One output piece when the size is known: joining zlib's 16 KiB pieces costs more than inflating.
    return inflateRawSync(blob, size === undefined ? {} : { chunkSize: Math.max(1024, size) });
  } catch {
    return null;
  }
}
