import { deflateRawSync, inflateRawSync, constants } from 'node:zlib';
import { CHUNK_EVENTS } from './schema.js';

/*
 * Columnar chunks of statements and effects. Each column is a little-endian typed array (8-byte
 * columns first so every view is aligned), concatenated and raw-deflated at level 1: masks,
 * warps, locations and steps repeat heavily, so this is cheap and small.
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
  /** Lanes of the warp that have returned from the kernel. */
  readonly exited = new Uint32Array(CHUNK_EVENTS);
  /** Function activations on the warp (1 in the kernel or main itself). */
  readonly depth = new Uint8Array(CHUNK_EVENTS);
  n = 0;
}

/** One chunk of effects (loads, stores, register values, frames), in the order they happened. */
export class EffectColumns {
  private readonly buf = new ArrayBuffer(CHUNK_EVENTS * 32);
  readonly step = new Float64Array(this.buf, 0, CHUNK_EVENTS);
  readonly address = new Float64Array(this.buf, CHUNK_EVENTS * 8, CHUNK_EVENTS);
  /** Value bits (little-endian bytes of the stored value, or a register's float64/int64): low and high words. */
  readonly old = new Uint32Array(this.buf, CHUNK_EVENTS * 16, CHUNK_EVENTS * 2);
  readonly neu = new Uint32Array(this.buf, CHUNK_EVENTS * 24, CHUNK_EVENTS * 2);
  readonly oldF = new Float64Array(this.buf, CHUNK_EVENTS * 16, CHUNK_EVENTS);
  readonly neuF = new Float64Array(this.buf, CHUNK_EVENTS * 24, CHUNK_EVENTS);
  readonly oldI = new BigInt64Array(this.buf, CHUNK_EVENTS * 16, CHUNK_EVENTS);
  readonly neuI = new BigInt64Array(this.buf, CHUNK_EVENTS * 24, CHUNK_EVENTS);
  readonly launch = new Uint32Array(CHUNK_EVENTS);
  readonly block = new Uint32Array(CHUNK_EVENTS);
  readonly warp = new Uint8Array(CHUNK_EVENTS);
  readonly lane = new Uint8Array(CHUNK_EVENTS);
  /** EFFECT kind. */
  readonly kind = new Uint8Array(CHUNK_EVENTS);
  /** SPACES index for loads, stores and bulk writes. */
  readonly space = new Uint8Array(CHUNK_EVENTS);
  readonly size = new Uint8Array(CHUNK_EVENTS);
  /** Register values: old tag << 2 | new tag (VALUE_TAG). */
  readonly tags = new Uint8Array(CHUNK_EVENTS);
  n = 0;
}

const pack = (cols: readonly ArrayBufferView[]): Buffer => deflateRawSync(Buffer.concat(cols.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength))), { level: 1, strategy: constants.Z_DEFAULT_STRATEGY });

/** The compressed blob of a step chunk's first `n` rows. */
export function encodeSteps(c: StepColumns): Buffer {
  const n = c.n;
  return pack([c.launch.subarray(0, n), c.block.subarray(0, n), c.warp.subarray(0, n), c.mask.subarray(0, n), c.loc.subarray(0, n), c.exited.subarray(0, n), c.depth.subarray(0, n)]);
}

/** The compressed blob of an effect chunk's first `n` rows. */
export function encodeEffects(c: EffectColumns): Buffer {
  const n = c.n;
  return pack([
    c.step.subarray(0, n), c.address.subarray(0, n), c.old.subarray(0, 2 * n), c.neu.subarray(0, 2 * n),
    c.launch.subarray(0, n), c.block.subarray(0, n), c.warp.subarray(0, n), c.lane.subarray(0, n), c.kind.subarray(0, n), c.space.subarray(0, n), c.size.subarray(0, n), c.tags.subarray(0, n),
  ]);
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
  readonly old: Uint32Array;
  readonly neu: Uint32Array;
  /** The old/new bits as float64 (register numbers). */
  readonly oldF: Float64Array;
  readonly neuF: Float64Array;
  readonly oldI: BigInt64Array;
  readonly neuI: BigInt64Array;
  readonly launch: Uint32Array;
  readonly block: Uint32Array;
  readonly warp: Uint8Array;
  readonly lane: Uint8Array;
  readonly kind: Uint8Array;
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
  const b = unpack(blob, count * 25);
  if (b === null) return null;
  const col = (i: number): Uint32Array => new Uint32Array(b, i * count * 4, count);
  return { count, launch: col(0), block: col(1), warp: col(2), mask: col(3), loc: col(4), exited: col(5), depth: new Uint8Array(b, count * 24, count) };
}

/** Decodes an effect chunk of `count` rows; null when damaged. */
export function decodeEffects(blob: Uint8Array, count: number): DecodedEffects | null {
  const n = count;
  const b = unpack(blob, n * 46);
  if (b === null) return null;
  const u8 = (i: number): Uint8Array => new Uint8Array(b, n * 40 + i * n, n);
  return {
    count, step: new Float64Array(b, 0, n), address: new Float64Array(b, n * 8, n),
    old: new Uint32Array(b, n * 16, 2 * n), neu: new Uint32Array(b, n * 24, 2 * n),
    oldF: new Float64Array(b, n * 16, n), neuF: new Float64Array(b, n * 24, n), oldI: new BigInt64Array(b, n * 16, n), neuI: new BigInt64Array(b, n * 24, n),
    launch: new Uint32Array(b, n * 32, n), block: new Uint32Array(b, n * 36, n),
    warp: u8(0), lane: u8(1), kind: u8(2), space: u8(3), size: u8(4), tags: u8(5),
  };
}

/** Deflates a blob (bulk write bytes, checkpoints). */
export function deflate(bytes: Uint8Array): Buffer {
  return deflateRawSync(bytes, { level: 1 });
}

/** Inflates a blob; null when damaged. */
export function inflate(blob: Uint8Array): Buffer | null {
  try {
    return inflateRawSync(blob);
  } catch {
    return null;
  }
}
