/*
 * Lane arrays for a warp's register variables. A resident grid holds thousands of warps, and a
 * backing store per register made allocation and garbage collection dominate such launches (and
 * the recorder's shadow copies of them), so one function's float arrays share one buffer.
 */

/** Zeroed lane arrays per `spec` letter: 'f' a Float64Array(32), 'b' 32 bigints. */
export function lanePool(spec: string): (Float64Array | bigint[])[] {
  let nf = 0;
  for (let i = 0; i < spec.length; i++) if (spec[i] === 'f') nf++;
  const buf = new Float64Array(32 * nf);
  const out: (Float64Array | bigint[])[] = [];
  let f = 0;
  for (let i = 0; i < spec.length; i++) out.push(spec[i] === 'f' ? buf.subarray(32 * f, 32 * ++f) : new Array<bigint>(32).fill(0n));
  return out;
}
