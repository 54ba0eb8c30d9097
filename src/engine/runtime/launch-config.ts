import type { Dim3 } from '../exec/env.js';
import type { DeviceProps } from './props.js';

/*
 * The checks a GPU's launch path makes before any thread runs. Each failure is a
 * non-sticky error: the launch does nothing, cudaGetLastError reports it once.
 * CUDA 13 answers every one of them with cudaErrorInvalidValue (an H100 did so for
 * 1025 and 2048 threads, a zero grid, grid.z 65536, block.z 65 and too much shared
 * memory), where older CUDA said cudaErrorInvalidConfiguration.
 */

const cudaErrorInvalidValue = 1;

/** Dynamic shared memory above this needs cudaFuncSetAttribute opt-in on every GPU since Volta. */
export const DEFAULT_MAX_DYNAMIC_SHARED = 48 * 1024;

/**
 * The error code a launch with this configuration fails with, or 0 when it may run. `maxDynamicShared` is the kernel's
 * cudaFuncAttributeMaxDynamicSharedMemorySize; `kernelMaxThreads` its __launch_bounds__ maximum (ptxas builds the kernel
 * for no more threads, so the H100 refuses a bigger block).
 */
export function launchConfigError(grid: Dim3, block: Dim3, dynamicShared: number, staticShared: number, props: DeviceProps, maxDynamicShared = DEFAULT_MAX_DYNAMIC_SHARED, kernelMaxThreads = props.maxThreadsPerBlock): number {
  const [bx, by, bz] = props.maxThreadsDim;
  const [gx, gy, gz] = props.maxGridSize;
  if (block.x === 0 || block.y === 0 || block.z === 0 || grid.x === 0 || grid.y === 0 || grid.z === 0) return cudaErrorInvalidValue;
  if (block.x > bx! || block.y > by! || block.z > bz!) return cudaErrorInvalidValue;
  if (block.x * block.y * block.z > Math.min(props.maxThreadsPerBlock, kernelMaxThreads)) return cudaErrorInvalidValue;
  if (grid.x > gx! || grid.y > gy! || grid.z > gz!) return cudaErrorInvalidValue;
  if (staticShared > DEFAULT_MAX_DYNAMIC_SHARED) return cudaErrorInvalidValue;
  if (dynamicShared > maxDynamicShared || dynamicShared + staticShared > Number(props.sharedMemPerBlockOptin)) return cudaErrorInvalidValue;
  return 0;
}
