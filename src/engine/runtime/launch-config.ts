import type { Dim3 } from '../exec/env.js';
import type { DeviceProps } from './props.js';

/*
 * The checks a GPU's launch path makes before any thread runs. Each failure is a
 * non-sticky error: the launch does nothing, cudaGetLastError reports it once.
 */

const cudaErrorInvalidValue = 1;
const cudaErrorInvalidConfiguration = 9;

/** Dynamic shared memory above this needs cudaFuncSetAttribute opt-in on every GPU since Volta. */
const DEFAULT_MAX_SHARED = 48 * 1024;

/** The error code a launch with this configuration fails with, or 0 when it may run. */
export function launchConfigError(grid: Dim3, block: Dim3, dynamicShared: number, staticShared: number, props: DeviceProps): number {
  const [bx, by, bz] = props.maxThreadsDim;
  const [gx, gy, gz] = props.maxGridSize;
  if (block.x === 0 || block.y === 0 || block.z === 0 || grid.x === 0 || grid.y === 0 || grid.z === 0) return cudaErrorInvalidConfiguration;
  if (block.x > bx! || block.y > by! || block.z > bz!) return cudaErrorInvalidConfiguration;
  if (block.x * block.y * block.z > props.maxThreadsPerBlock) return cudaErrorInvalidConfiguration;
  if (grid.x > gx! || grid.y > gy! || grid.z > gz!) return cudaErrorInvalidConfiguration;
  if (staticShared > DEFAULT_MAX_SHARED) return cudaErrorInvalidValue;
  if (dynamicShared + staticShared > DEFAULT_MAX_SHARED) return cudaErrorInvalidValue;
  return 0;
}
