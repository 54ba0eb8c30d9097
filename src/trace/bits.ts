/*
 * Scalar values as the bytes memory holds: a recorded store keeps the exact bits the program
 * wrote (an int 3 and a float 3.0 differ), so a replayed session prints what the GPU held.
 */

/** Lanes set in a 32-bit lane mask (a converged warp's rows name all 32: no loop over them). */
export function popcount(m: number): number {
  m = m - ((m >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return Math.imul((m + (m >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

const f32 = new Float32Array(1);
const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const f32u = new Uint32Array(f32.buffer);

/** Writes the bits of `value` stored with access kind `code` (memory/layout.ts: U8..BOOL) into out[i*2], out[i*2+1]. */
export function storeBits(code: number, value: number | bigint, out: Uint32Array, i: number): void {
  if (typeof value !== 'bigint') {
    f64[0] = value;
    return storeNumberBits(code, f64, 0, out, i);
  }
  const v = BigInt.asUintN(64, value);
  out[2 * i] = Number(v & 0xffffffffn);
  out[2 * i + 1] = Number(v >> 32n);
}

/**
 * storeBits of the number src[k]. It takes the number where it lies rather than as an argument:
 * a number passed to a call that is not inlined is boxed on the heap, and a recording stores
 * millions (Observer.accessValues).
 */
export function storeNumberBits(code: number, src: Float64Array, k: number, out: Uint32Array, i: number): void {
  const value = src[k]!;
  let lo = 0;
  let hi = 0;
  switch (code) {
    case 6: // F32
      f32[0] = value;
      lo = f32u[0]!;
      break;
    case 7: // F64
      f64[0] = value;
      lo = u32[0]!;
      hi = u32[1]!;
      break;
    case 10: // a pointer held as a number
      lo = value >>> 0;
      hi = Math.floor(value / 4294967296) >>> 0;
      break;
    case 11: // BOOL
      lo = value !== 0 ? 1 : 0;
      break;
    default:
      lo = value >>> 0;
      hi = value < 0 ? 0xffffffff : Math.floor(value / 4294967296) >>> 0;
  }
  out[2 * i] = lo;
  out[2 * i + 1] = hi;
}

/** Copies bytes [0, n) of little-endian bits (lo, hi) into `dst` at `at`. */
export function bitsToBytes(lo: number, hi: number, n: number, dst: Uint8Array, at: number): void {
  // A 4-byte store (int, float) is most stores: no loop.
  if (n === 4) {
    dst[at] = lo & 255;
    dst[at + 1] = (lo >>> 8) & 255;
    dst[at + 2] = (lo >>> 16) & 255;
    dst[at + 3] = lo >>> 24;
    return;
  }
  for (let k = 0; k < n && k < 4; k++) dst[at + k] = (lo >>> (8 * k)) & 255;
  for (let k = 4; k < n; k++) dst[at + k] = (hi >>> (8 * (k - 4))) & 255;
}

/** Bits (lo, hi) of the first min(n, 8) bytes of `src` at `at`. */
export function bytesToBits(src: Uint8Array, at: number, n: number): [number, number] {
  let lo = 0;
  let hi = 0;
  for (let k = 0; k < n && k < 4; k++) lo |= src[at + k]! << (8 * k);
  for (let k = 4; k < n && k < 8; k++) hi |= src[at + k]! << (8 * (k - 4));
  return [lo >>> 0, hi >>> 0];
}
