import type { IFunction } from '../check/ir.js';
import { isScalar, sizeOf } from '../check/types.js';
import type { KernelInfo } from '../compile/program.js';
import type { DevicePreset } from './presets/index.js';

/*
 * What cudaFuncGetAttributes and the occupancy calculator know of a kernel. Shared memory and
 * local memory come from the compiled kernel's layout; the register count is an estimate.
 *
 * ptxas allocates registers after optimising (unrolling loops, promoting local arrays into
 * registers, rematerialising addresses), which Warpscope does not do, so the count cannot be
 * exact. The estimate: the 32-bit words of the kernel's scalar parameters and locals (pointers
 * and 64-bit values take two), plus the 6 registers ptxas's sm_90 code always holds (thread and
 * block indices, a 64-bit address being formed, the loaded value), rounded up to an even number
 * and at least 8 — ptxas's smallest allocation (the H100 golden device/registers.cu gives 8 for
 * a one-store kernel). __launch_bounds__ caps it as ptxas does, so that minBlocks blocks of
 * maxThreads threads fit in the register file.
 */

/** What the runtime reports about one kernel. */
export interface KernelResources {
  readonly staticSharedBytes: number;
  readonly localBytes: number;
  /** __launch_bounds__'s maxThreads, or the device's limit. */
  readonly maxThreadsPerBlock: number;
  readonly numRegs: number;
}

/** Registers ptxas's code needs beyond the kernel's own values. */
const FIXED_REGS = 6;
const MIN_REGS = 8;

/** The estimated registers per thread of `fn` (see the file comment). */
export function estimateRegisters(fn: IFunction, device: DevicePreset): number {
  const words = fn.params.concat(fn.locals).filter((v) => isScalar(v.type)).reduce((n, v) => n + Math.ceil(sizeOf(v.type) / 4), 0);
  let regs = Math.max(MIN_REGS, Math.ceil((words + FIXED_REGS) / 2) * 2);
  const lb = fn.launchBounds;
  if (lb && lb.minBlocks > 0) {
    // ptxas limits registers so that minBlocks blocks of maxThreads threads are resident at once.
    const warps = Math.ceil(lb.maxThreads / 32) * lb.minBlocks;
    const perThread = Math.floor(device.sm.registers / warps / 32 / 8) * 8;
    regs = Math.min(regs, Math.max(perThread, MIN_REGS));
  }
  return Math.min(regs, device.sm.maxRegsPerThread);
}

/** The resources of kernel `fn` compiled as `info`, on `device`. */
export function kernelResources(fn: IFunction, info: KernelInfo, device: DevicePreset): KernelResources {
  const limit = device.props.maxThreadsPerBlock;
  return {
    staticSharedBytes: info.staticSharedBytes,
    localBytes: info.localBytes,
    maxThreadsPerBlock: fn.launchBounds ? Math.min(fn.launchBounds.maxThreads, limit) : limit,
    numRegs: estimateRegisters(fn, device),
  };
}
