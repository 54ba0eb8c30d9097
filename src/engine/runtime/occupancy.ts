import type { DevicePreset, SmLimits } from './presets/index.js';
import type { KernelResources } from './kernel-resources.js';

/*
 * The CUDA occupancy calculator (cuda_occupancy.h, which cudaOccupancy* follow): how many
 * blocks of a kernel fit on one SM, limited by
 *  - warps: the SM's warp slots over the block's warps;
 *  - blocks: the SM's block slots;
 *  - registers: each warp gets ceil(regs * 32, allocation unit) registers out of its
 *    sub-partition's share of the register file;
 *  - shared memory: static + dynamic + the system's reserved 1 KiB (Ampere and later), rounded
 *    to the allocation unit, out of the carveout the default preference picks (the largest).
 * A block larger than the device allows, or shared memory beyond the kernel's limit, gives 0
 * blocks (and cudaSuccess), as the H100 answered in device/func_attributes.cu.
 */

const ceilTo = (v: number, unit: number): number => Math.ceil(v / unit) * unit;

/** The kernel's limits the calculator needs: its resources and its cudaFuncAttributeMaxDynamicSharedMemorySize. */
export interface OccupancyKernel extends KernelResources {
  readonly maxDynamicShared: number;
}

/** Shared memory per SM under the default carveout: the largest step the device offers. */
function sharedPerSm(sm: SmLimits): number {
  const steps = sm.carveoutsKiB;
  return steps ? steps[steps.length - 1]! * 1024 : sm.sharedMem;
}

/** Blocks one SM holds by its warp slots, block slots and shared memory (registers aside); also how many blocks the executor keeps resident. */
export function blocksPerSm(sm: SmLimits, warpsPerBlock: number, sharedBytes: number): number {
  const perBlock = ceilTo(sharedBytes + sm.reservedSharedPerBlock, sm.sharedAllocUnit);
  const byShared = perBlock > 0 ? Math.floor(sharedPerSm(sm) / perBlock) : sm.maxBlocks;
  return Math.min(sm.maxBlocks, Math.floor(sm.maxWarps / Math.max(1, warpsPerBlock)), byShared);
}

/** cudaOccupancyMaxActiveBlocksPerMultiprocessor. */
export function maxActiveBlocks(device: DevicePreset, k: OccupancyKernel, blockSize: number, dynamicShared: number): number {
  const sm = device.sm;
  if (blockSize <= 0 || blockSize > device.props.maxThreadsPerBlock) return 0;
  const warps = Math.ceil(blockSize / device.props.warpSize);
  let byRegs = sm.maxBlocks;
  if (k.numRegs > 0) {
    if (k.numRegs > sm.maxRegsPerThread) return 0;
    const perWarp = ceilTo(k.numRegs * device.props.warpSize, sm.regAllocUnit);
    const warpsPerPartition = Math.floor(sm.registers / sm.subPartitions / perWarp);
    byRegs = Math.floor((warpsPerPartition * sm.subPartitions) / warps);
  }
  if (dynamicShared > k.maxDynamicShared) return 0;
  const shared = k.staticSharedBytes + dynamicShared;
  if (shared > Number(device.props.sharedMemPerBlockOptin)) return 0;
  return Math.max(0, Math.min(blocksPerSm(sm, warps, shared), byRegs));
}

/** cudaOccupancyMaxPotentialBlockSize: the block size (a multiple of the warp size, largest on ties) that keeps most threads resident, and the grid that fills the GPU with it. */
export function maxPotentialBlockSize(device: DevicePreset, k: OccupancyKernel, dynamicShared: number, blockSizeLimit: number): { minGridSize: number; blockSize: number } {
  const warp = device.props.warpSize;
  let limit = Math.min(device.props.maxThreadsPerBlock, k.maxThreadsPerBlock);
  if (blockSizeLimit > 0) limit = Math.min(limit, blockSizeLimit);
  const full = device.props.maxThreadsPerMultiProcessor;
  let best = { threads: 0, blocks: 0, size: 0 };
  for (let aligned = ceilTo(limit, warp); aligned > 0; aligned -= warp) {
    const size = Math.min(limit, aligned);
    const blocks = maxActiveBlocks(device, k, size, dynamicShared);
    if (blocks * size > best.threads) best = { threads: blocks * size, blocks, size };
    if (best.threads === full) break;
  }
  return { minGridSize: best.blocks * device.props.multiProcessorCount, blockSize: best.size };
}
