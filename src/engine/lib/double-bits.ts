/*
 * The bit-level views of a double that the libdevice ports read and build numbers with, as the
 * PTX they follow does (mov.b64, the high word of a double, MUFU's truncated reciprocal). One
 * scratch DataView serves every caller: each use is done before the next begins.
 */

const dv = new DataView(new ArrayBuffer(8));

/** The double whose IEEE-754 bits are `hex`. */
export function bitsToDouble(hex: bigint): number {
  dv.setBigUint64(0, hex);
  return dv.getFloat64(0);
}

/** The high 32 bits of x (sign, exponent, top of the significand) as a signed integer. */
export function hiWord(x: number): number {
  dv.setFloat64(0, x);
  return dv.getInt32(0);
}

/** x with its high 32 bits replaced by `hi`. */
export function withHi(x: number, hi: number): number {
  dv.setFloat64(0, x);
  dv.setInt32(0, hi | 0);
  return dv.getFloat64(0);
}

/** The double made of high word `h` and low word `l`. */
export function fromWords(h: number, l: number): number {
  dv.setInt32(0, h | 0);
  dv.setInt32(4, l | 0);
  return dv.getFloat64(0);
}

/** Model of rcp.approx.ftz.f64 (MUFU.RCP64H): a reciprocal known only to its high word. */
export function rcpApprox64(x: number): number {
  dv.setFloat64(0, 1 / x);
  dv.setUint32(4, 0);
  return dv.getFloat64(0);
}
