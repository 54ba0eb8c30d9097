import { BLOCK_STATE, type LaneState } from '../../../protocol/views';

/*
 * The colours of lane and block states, shared by the Pixi view, its legend and the Threads
 * panel, so one state reads the same everywhere (the browser tests look for these pixels).
 */

/** A lane state's colour as 0xRRGGBB; `none` lanes are not drawn. */
export const LANE_COLORS: Readonly<Record<LaneState, number>> = {
  none: 0x1e1e1e,
  unstarted: 0x4a4a4a,
  active: 0x3fb950,
  divergent: 0x2f6fb0,
  barrier: 0xe3b341,
  exited: 0x8b8b8b,
  faulted: 0xf85149,
};

/** The hatching of lanes that hold no thread (a last warp's lanes past the block's threads). */
export const NO_THREAD_COLOR = 0x6a6a6a;

/** The lane states a legend lists, with their names. */
export const LEGEND: readonly (readonly [LaneState, string])[] = [
  ['active', 'active'],
  ['divergent', 'inactive (divergent)'],
  ['barrier', 'at a barrier'],
  ['exited', 'exited'],
  ['faulted', 'faulted'],
  ['unstarted', 'not started'],
];

/** A block summary byte's lane state. */
export function blockStateColor(b: number): number {
  switch (b) {
    case BLOCK_STATE.active: return LANE_COLORS.active;
    case BLOCK_STATE.divergent: return LANE_COLORS.divergent;
    case BLOCK_STATE.barrier: return LANE_COLORS.barrier;
    case BLOCK_STATE.exited: return LANE_COLORS.exited;
    case BLOCK_STATE.faulted: return LANE_COLORS.faulted;
    default: return LANE_COLORS.unstarted;
  }
}

/** A colour as CSS `#rrggbb`. */
export const css = (c: number): string => `#${c.toString(16).padStart(6, '0')}`;
