import type { DeviceProps } from '../props.js';
import type { TimingConstants } from '../timing.js';

/*
 * What a simulated GPU model is: its cudaDeviceProp, the attribute values CUDA 13 no longer
 * keeps in that struct, and the per-SM limits the occupancy calculator works with (the
 * numbers of NVIDIA's CUDA Occupancy Calculator / cuda_occupancy.h for its compute capability).
 */

/** The per-multiprocessor resources the occupancy calculator divides among resident blocks. */
export interface SmLimits {
  readonly maxWarps: number;
  readonly maxBlocks: number;
  readonly registers: number;
  /** Registers are given to warps in units of this many (ceil(regs * 32, unit)). */
  readonly regAllocUnit: number;
  readonly maxRegsPerThread: number;
  /** Warp schedulers; each holds a quarter (or half) of the register file. */
  readonly subPartitions: number;
  readonly sharedMem: number;
  /** Shared memory is given to blocks in units of this many bytes. */
  readonly sharedAllocUnit: number;
  /** Shared memory the system keeps per block (1 KiB since Ampere). */
  readonly reservedSharedPerBlock: number;
  /** The shared-memory sizes (KiB) the L1/shared carveout can take, or null where the split is a cache preference (Kepler). */
  readonly carveoutsKiB: readonly number[] | null;
}

/** One simulated GPU model, selected with `--device NAME`. */
export interface DevicePreset {
  /** The CLI name: h100, a100, k80. */
  readonly id: string;
  readonly props: DeviceProps;
  /** cudaDevAttrClockRate and cudaDevAttrMemoryClockRate (kHz): left cudaDeviceProp in CUDA 13. */
  readonly clockKhz: number;
  readonly memoryClockKhz: number;
  /** cudaDeviceGetAttribute values with no cudaDeviceProp field (by cudaDevAttr number); missing ones are 0. */
  readonly extraAttributes: Readonly<Record<number, number>>;
  readonly sm: SmLimits;
  /** Row alignment of cudaMallocPitch. */
  readonly pitchAlignment: number;
  /** Device memory a CUDA context leaves for cudaMalloc (totalGlobalMem less the context's own). */
  readonly allocatableBytes: number;
  /** The chip's marketing code a debugger lists for it (cuda-gdb's `info cuda devices` Description), where known. */
  readonly chip?: string;
  /** The stream timing model's constants for this GPU and its host link. */
  readonly timing: TimingConstants;
}
