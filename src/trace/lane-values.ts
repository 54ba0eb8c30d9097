import type { WarpCtx } from '../engine/exec/warp.js';
import type { Scalar } from '../engine/exec/env.js';
import type { EffectColumns } from './codec.js';
import type { Lanes } from './registers.js';
import { SPACE_CODE, UNIFORM, VALUE_TAG } from './schema.js';
import { storeBits, storeNumberBits, bytesToBits } from './bits.js';
import { ACCESS_VALUES } from '../engine/compile/runtime.js';

/*
 * The values a lane row keeps in its chunk's value column (docs/trace-format.md): a load lane's
 * address, a store lane's address, old and new bits, a register row's changed lanes. Each
 * function writes at value index `at` and returns the index after what it wrote.
 */

/** A load lane: its address (in ACCESS_VALUES[0]). */
export function putLoadLane(f: EffectColumns, at: number): number {
  f.values[at] = ACCESS_VALUES[0]!;
  return at + 1;
}

/** A store lane: its address, the bits it overwrites and the bits it writes. */
export function putStoreLane(f: EffectColumns, at: number, warp: WarpCtx, space: string, address: number, bytes: number, value: Scalar, old: Scalar | undefined, code: number | undefined): number {
  f.values[at++] = address;
  const c = code ?? 7;
  const bits = f.valuesU;
  bits[2 * at] = bits[2 * at + 1] = 0;
  if (old !== undefined) storeBits(c, old, bits, at);
  else oldBits(f, at, warp, space === 'host', address, bytes, code);
  at++;
  bits[2 * at] = bits[2 * at + 1] = 0;
  storeBits(c, value, bits, at);
  return at + 1;
}

/** putStoreLane for a lane whose address, value and (when `hasOld`) replaced value are numbers in ACCESS_VALUES (Observer.accessValues). */
export function putStoreValues(f: EffectColumns, at: number, warp: WarpCtx, space: number, bytes: number, code: number, hasOld: boolean): number {
  const address = ACCESS_VALUES[0]!;
  f.values[at++] = address;
  const bits = f.valuesU;
  bits[2 * at] = bits[2 * at + 1] = 0;
  if (hasOld) storeNumberBits(code, ACCESS_VALUES, 2, bits, at);
  else oldBits(f, at, warp, space === SPACE_CODE.host, address, bytes, code);
  at++;
  storeNumberBits(code, ACCESS_VALUES, 1, bits, at);
  return at + 1;
}

/** The bits a store replaces, read from memory as value `at` of `f`, where the engine did not report them; left 0 when the store is about to fault. */
function oldBits(f: EffectColumns, at: number, warp: WarpCtx, host: boolean, address: number, bytes: number, code: number | undefined): void {
  const bits = f.valuesU;
  try {
    // Host stores come without the value they overwrite: the same checked read the store makes (it faults where the store will).
    if (host && code !== undefined) storeBits(code, warp.memory.hostLoad(address, code), bits, at);
    else {
      // A slow-path store: read the bytes, if the address is mapped.
      const [lo, hi] = bytesToBits(warp.memory.readBytes(address, bytes), 0, bytes);
      bits[2 * at] = lo;
      bits[2 * at + 1] = hi;
    }
  } catch {
    // The store is about to fault: there was no old value.
  }
}

/** Register row i's changed lanes: int32 two to a value when all are 32-bit integers, else float64 or int64 one to a value, or one value for all when they hold one (UNIFORM); sets the row's tag. */
export function putRegisterLanes(f: EffectColumns, i: number, at: number, changed: number, lanes: Lanes): number {
  if (!(lanes instanceof Float64Array)) {
    f.tags[i] = VALUE_TAG.bigint;
    for (let m = changed; m !== 0; m &= m - 1) f.valuesI[at++] = BigInt.asIntN(64, lanes[31 - Math.clz32(m & -m)]!);
    return at;
  }
  // A converged warp changes all 32 lanes: straight loops, no lane arithmetic.
  if ((changed | 0) === -1 && lanes.length === 32) return putAllLanes(f, i, at, lanes);
  const v0 = lanes[31 - Math.clz32(changed & -changed)]!;
  // One lane alone is not worth a tag bit: the host thread's rows are all one lane.
  let same = (changed & (changed - 1)) !== 0 && v0 === v0;
  let ints = true;
  for (let m = changed; m !== 0 && (ints || same); m &= m - 1) {
    const v = lanes[31 - Math.clz32(m & -m)]!;
    if (ints) ints = isInt32(v);
    if (same) same = sameBits(v, v0);
  }
  if (same) return putUniform(f, i, at, v0, ints);
  if (!ints) {
    f.tags[i] = VALUE_TAG.number;
    for (let m = changed; m !== 0; m &= m - 1) f.values[at++] = lanes[31 - Math.clz32(m & -m)]!;
    return at;
  }
  // Most registers hold small integers: two lanes to a value, which halves them and compresses faster.
  f.tags[i] = VALUE_TAG.int32;
  let k = 2 * at;
  for (let m = changed; m !== 0; m &= m - 1) f.valuesI32[k++] = lanes[31 - Math.clz32(m & -m)]!;
  // An odd count leaves half a value: zero it, or a reused column buffer's old bits go into the trace.
  if ((k & 1) === 1) f.valuesI32[k++] = 0;
  return k >> 1;
}

/** putRegisterLanes for a row that changes all 32 lanes of a float64 lane array. */
function putAllLanes(f: EffectColumns, i: number, at: number, lanes: Float64Array): number {
  const v0 = lanes[0]!;
  // NaN is never UNIFORM: its lanes keep their own bits.
  let same = v0 === v0;
  let ints = true;
  for (let l = 0; l < 32 && (ints || same); l++) {
    const v = lanes[l]!;
    if (ints) ints = isInt32(v);
    if (same) same = sameBits(v, v0);
  }
  if (same) return putUniform(f, i, at, v0, ints);
  if (!ints) {
    f.tags[i] = VALUE_TAG.number;
    f.values.set(lanes, at);
    return at + 32;
  }
  f.tags[i] = VALUE_TAG.int32;
  const out = f.valuesI32;
  const k = 2 * at;
  for (let l = 0; l < 32; l++) out[k + l] = lanes[l]!;
  return at + 16;
}

/** Whether a register number is a 32-bit integer, stored as int32 without loss (-0 is not). */
const isInt32 = (v: number): boolean => v === (v | 0) && (v !== 0 || 1 / v > 0);

/** Whether two non-NaN numbers have the same bits (-0 differs from 0). */
const sameBits = (v: number, w: number): boolean => v === w && (v !== 0 || 1 / v === 1 / w);

/** A row whose lanes all hold `v`: one value (an int32 and a zero word when `int`), tagged UNIFORM. */
function putUniform(f: EffectColumns, i: number, at: number, v: number, int: boolean): number {
  if (int) {
    f.tags[i] = VALUE_TAG.int32 | UNIFORM;
    f.valuesI32[2 * at] = v;
    f.valuesI32[2 * at + 1] = 0;
  } else {
    f.tags[i] = VALUE_TAG.number | UNIFORM;
    f.values[at] = v;
  }
  return at + 1;
}
