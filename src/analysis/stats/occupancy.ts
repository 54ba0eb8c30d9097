import type { Dim3 } from '../../engine/exec/env.js';
import { blocksPerSm } from '../../engine/runtime/occupancy.js';
import type { DevicePreset } from '../../engine/runtime/presets/index.js';

/*
 * Occupancy of a launch from the device preset's per-SM limits (the occupancy calculator, without
 * registers: a source-level simulator does not know how many the compiler allocates).
 */

/** Theoretical and achieved occupancy in percent of the SM's warp slots. */
export interface Occupancy {
  /** Warps the SM can hold of this kernel (sm__maximum_warps_per_active_cycle_pct). */
  readonly theoretical: number;
  /**
   * Warps resident on an active SM, averaged over its waves (sm__warps_active.avg.pct_of_peak_sustained_active):
   * the busiest SM gets ceil(blocks / SMs) blocks, at most the theoretical number at a time, every
   * block taking as long as the others. A GPU measures a little less (blocks start and end at
   * different times, and the ramp at each end counts), and more spread where blocks differ.
   */
  readonly achieved: number;
}

/** Occupancy of a launch of `grid` blocks of `block` threads using `sharedPerBlock` bytes of shared memory on `device`. */
export function launchOccupancy(device: DevicePreset, grid: Dim3, block: Dim3, sharedPerBlock: number): Occupancy {
  const sm = device.sm;
  const warpsPerBlock = Math.ceil((block.x * block.y * block.z) / device.props.warpSize);
  const perSm = blocksPerSm(sm, warpsPerBlock, sharedPerBlock);
  if (perSm <= 0 || warpsPerBlock === 0) return { theoretical: 0, achieved: 0 };
  const pct = (blocks: number): number => (100 * blocks * warpsPerBlock) / sm.maxWarps;
  const blocks = grid.x * grid.y * grid.z;
  const busiest = Math.ceil(blocks / device.props.multiProcessorCount);
  const waves = Math.ceil(busiest / perSm);
  return { theoretical: pct(perSm), achieved: pct(busiest / waves) };
}
