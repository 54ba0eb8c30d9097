/*
 * Round to nearest, ties to even: what rint() does in the default rounding mode, cvt.rni does,
 * and what libdevice's range reductions use to pick a quadrant. A leaf module, so the libdevice
 * ports can share it with cudamath.ts, which imports them.
 */

/** C rint() in round-to-nearest-even mode, keeping the sign of zero. */
export function rintEven(x: number): number {
  if (!Number.isFinite(x) || Math.abs(x) >= 2 ** 52) return x;
  const fl = Math.floor(x);
  const d = x - fl;
  let r = d > 0.5 ? fl + 1 : d < 0.5 ? fl : fl % 2 === 0 ? fl : fl + 1;
  if (r === 0 && (x < 0 || Object.is(x, -0))) r = -0;
  return r;
}
