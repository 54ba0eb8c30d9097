/*
 * The Timeline's axis labels beside its cursor: the cursor's line and handle run through the
 * label row, so a label they would cross (the "0 µs" at step 0, where the cursor stands on the
 * axis's first tick) moves beside the cursor, clear of it, rather than being drawn under it.
 */

/** Where one axis label is drawn: its x and SVG text-anchor. */
export interface LabelPlace {
  readonly x: number;
  readonly anchor: 'start' | 'middle' | 'end';
}

/** Pixels a label's character takes at the axis's 10-pixel font (a little more than its digits do, so the gap holds). */
export const AXIS_CHAR_PX = 6;

/** Pixels kept between the cursor's centre and a label beside it: half the handle's width and a little air. */
export const CURSOR_GAP = 8;

/** The label's left and right ends, `width` pixels wide, placed at `p`. */
function extent(p: LabelPlace, width: number): [number, number] {
  if (p.anchor === 'start') return [p.x, p.x + width];
  if (p.anchor === 'end') return [p.x - width, p.x];
  return [p.x - width / 2, p.x + width / 2];
}

/** Where a label `width` pixels wide, wanted at `at`, goes with the cursor at `cursor` (null: none): where it is wanted, unless the cursor crosses it; then beside the cursor, on the side within [lo, hi]. */
export function placeLabel(at: LabelPlace, width: number, cursor: number | null, lo: number, hi: number): LabelPlace {
  if (cursor === null) return at;
  const [left, right] = extent(at, width);
  if (cursor + CURSOR_GAP <= left || cursor - CURSOR_GAP >= right) return at;
  // Right of the cursor reads on from the axis's start; at the end of the axis there is only room on the left.
  if (cursor + CURSOR_GAP + width <= hi || cursor - CURSOR_GAP - width < lo) return { x: cursor + CURSOR_GAP, anchor: 'start' };
  return { x: cursor - CURSOR_GAP, anchor: 'end' };
}
