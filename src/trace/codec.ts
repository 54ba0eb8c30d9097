import { deflateRawSync, inflateRawSync, constants } from 'node:zlib';
import { CHUNK_EVENTS, VALUE_TAG } from './schema.js';

/*
 * Columnar chunks of statements and memory writes. Each column is a little-endian typed array
 * (8-byte columns first so every view is aligned), concatenated and raw-deflated at level 1:
 * columns of masks, warps and locations repeat heavily, so this is cheap and small.
 */

/** One chunk of executed warp statements; row i is step first_step + i. */
export class StepColumns {
  readonly launch = new Uint32Array(CHUNK_EVENTS);
  /** Linear block index: x + y*gridDim.x + z*gridDim.x*gridDim.y. */
  readonly block = new Uint32Array(CHUNK_EVENTS);
  readonly warp = new Uint32Array(CHUNK_EVENTS);
  /** The active mask as an unsigned 32-bit lane set. */
  readonly mask = new Uint32Array(CHUNK_EVENTS);
  readonly loc = new Uint32Array(CHUNK_EVENTS);
  n = 0;
}

/** One chunk of memory writes (stores), in the order they happened. */
export class WriteColumns {
  private readonly buf = new ArrayBuffer(CHUNK_EVENTS * 32);
  readonly step = new Float64Array(this.buf, 0, CHUNK_EVENTS);
  readonly address = new Float64Array(this.buf, CHUNK_EVENTS * 8, CHUNK_EVENTS);
  /** Value bits: a number as its float64, a bigint as its int64 (tags say which). */
  readonly oldF = new Float64Array(this.buf, CHUNK_EVENTS * 16, CHUNK_EVENTS);
  readonly oldI = new BigInt64Array(this.buf, CHUNK_EVENTS * 16, CHUNK_EVENTS);
  readonly newF = new Float64Array(this.buf, CHUNK_EVENTS * 24, CHUNK_EVENTS);
  readonly newI = new BigInt64Array(this.buf, CHUNK_EVENTS * 24, CHUNK_EVENTS);
  readonly lane = new Uint8Array(CHUNK_EVENTS);
  readonly space = new Uint8Array(CHUNK_EVENTS);
  readonly size = new Uint8Array(CHUNK_EVENTS);
  /** old tag << 2 | new tag (VALUE_TAG). */
  readonly tags = new Uint8Array(CHUNK_EVENTS);
  n = 0;
}

const pack = (cols: readonly ArrayBufferView[]): Buffer => deflateRawSync(Buffer.concat(cols.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength))), { level: 1, strategy: constants.Z_DEFAULT_STRATEGY });

/** The compressed blob of a step chunk's first `n` rows. */
export function encodeSteps(c: StepColumns): Buffer {
  const n = c.n;
  return pack([c.launch.subarray(0, n), c.block.subarray(0, n), c.warp.subarray(0, n), c.mask.subarray(0, n), c.loc.subarray(0, n)]);
}

/** The compressed blob of a write chunk's first `n` rows. */
export function encodeWrites(c: WriteColumns): Buffer {
  const n = c.n;
  return pack([c.step.subarray(0, n), c.address.subarray(0, n), c.oldF.subarray(0, n), c.newF.subarray(0, n), c.lane.subarray(0, n), c.space.subarray(0, n), c.size.subarray(0, n), c.tags.subarray(0, n)]);
}

/** A decoded step chunk: column arrays of `count` rows. */
export interface DecodedSteps {
  readonly launch: Uint32Array;
  readonly block: Uint32Array;
  readonly warp: Uint32Array;
  readonly mask: Uint32Array;
  readonly loc: Uint32Array;
}

/** A decoded write chunk. */
export interface DecodedWrites {
  readonly step: Float64Array;
  readonly address: Float64Array;
  readonly oldF: Float64Array;
  readonly oldI: BigInt64Array;
  readonly newF: Float64Array;
  readonly newI: BigInt64Array;
  readonly lane: Uint8Array;
  readonly space: Uint8Array;
  readonly size: Uint8Array;
  readonly tags: Uint8Array;
}

/** Inflates into a fresh, aligned buffer of exactly `bytes`; null when the blob is damaged. */
function unpack(blob: Uint8Array, bytes: number): ArrayBuffer | null {
  try {
    const raw = inflateRawSync(blob);
    if (raw.byteLength !== bytes) return null;
    const out = new ArrayBuffer(bytes);
    new Uint8Array(out).set(raw);
    return out;
  } catch {
    return null;
  }
}

/** Decodes a step chunk of `count` rows; null when damaged. */
export function decodeSteps(blob: Uint8Array, count: number): DecodedSteps | null {
  const b = unpack(blob, count * 20);
  if (b === null) return null;
  const col = (i: number): Uint32Array => new Uint32Array(b, i * count * 4, count);
  return { launch: col(0), block: col(1), warp: col(2), mask: col(3), loc: col(4) };
}

/** Decodes a write chunk of `count` rows; null when damaged. */
export function decodeWrites(blob: Uint8Array, count: number): DecodedWrites | null {
  const b = unpack(blob, count * 36);
  if (b === null) return null;
  const n = count;
  return {
    step: new Float64Array(b, 0, n), address: new Float64Array(b, n * 8, n),
    oldF: new Float64Array(b, n * 16, n), oldI: new BigInt64Array(b, n * 16, n),
    newF: new Float64Array(b, n * 24, n), newI: new BigInt64Array(b, n * 24, n),
    lane: new Uint8Array(b, n * 32, n), space: new Uint8Array(b, n * 33, n), size: new Uint8Array(b, n * 34, n), tags: new Uint8Array(b, n * 35, n),
  };
}

/** The value a write chunk row holds for old (`which` 'old') or new; undefined where none was recorded. */
export function writeValue(d: DecodedWrites, i: number, which: 'old' | 'new'): number | bigint | undefined {
  const tag = which === 'old' ? d.tags[i]! >> 2 : d.tags[i]! & 3;
  if (tag === VALUE_TAG.number) return which === 'old' ? d.oldF[i] : d.newF[i];
  if (tag === VALUE_TAG.bigint) return which === 'old' ? d.oldI[i] : d.newI[i];
  return undefined;
}
