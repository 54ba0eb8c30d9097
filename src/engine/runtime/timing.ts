/*
 * The timing model: how long each stream operation takes on a simulated device, and how far
 * host time advances per runtime call. Every constant lives in a TimingConstants object so a
 * device preset (k80, a100...) can supply its own; docs/timing.md gives each one's source.
 * The model is deterministic: the same program always gets the same times.
 */

import type { SmLimits } from './presets/types.js';
import { blocksPerSm } from './occupancy.js';

/** The constants of one device's timing model (times in ns, bandwidths in bytes per ns = GB/s). */
export interface TimingConstants {
  readonly device: string;
  /** Host time one CUDA runtime call costs (stream and event calls, queries, copies' bookkeeping). */
  readonly apiCallNs: number;
  /** Host time a kernel launch (cudaLaunchKernel) costs. */
  readonly launchCallNs: number;
  /** From submission to the GPU starting work on an idle stream. */
  readonly submitLatencyNs: number;
  /** A kernel's fixed cost on the GPU: grid setup, block dispatch and the completion signal. */
  readonly kernelFixedNs: number;
  /** SM clock in cycles per ns (GHz). */
  readonly smClockGHz: number;
  readonly smCount: number;
  /** Warp instructions one SM issues per cycle (one per scheduler). */
  readonly issuePerSmPerCycle: number;
  /** Machine instructions a simulated warp-statement stands for, on average. */
  readonly instructionsPerStatement: number;
  /** Cycles a warp waits between dependent statements (arithmetic pipeline latency). */
  readonly dependentStatementCycles: number;
  /** Cycles a warp waits for each global (or local) load it issues: the loaded memory system's latency. */
  readonly memLatencyCycles: number;
  /** Peak DRAM bandwidth (HBM or GDDR), bytes per ns. */
  readonly dramBytesPerNs: number;
  /** The fraction of the peak that streaming kernels sustain (refresh, ECC, read/write turnaround). */
  readonly dramEfficiency: number;
  /** SM cycles one shared-memory wavefront (a pass through the 32 banks) occupies. */
  readonly sharedCyclesPerWavefront: number;
  /** Host-to-device and device-to-host bandwidth from pinned memory (PCIe DMA). */
  readonly pinnedHtoDBytesPerNs: number;
  readonly pinnedDtoHBytesPerNs: number;
  /** Bandwidth of copies from/to pageable memory, which the driver stages through a pinned buffer. */
  readonly pageableBytesPerNs: number;
  /** Host memcpy into the staging buffer, which a pageable host-to-device cudaMemcpyAsync waits for. */
  readonly stagingBytesPerNs: number;
  /** Fixed cost of one DMA transfer. */
  readonly copyFixedNs: number;
  /** Device-to-device copy bandwidth (bytes copied; each is read and written). */
  readonly deviceCopyBytesPerNs: number;
  /** cudaMemset fill bandwidth. */
  readonly memsetBytesPerNs: number;
  /** From a host function's turn in its stream to the callback thread running it. */
  readonly hostFuncLatencyNs: number;
  /** Copy engines per direction: copies of one direction from different streams take turns. */
  readonly copyEnginesPerDirection: number;
}

/** The H100 SXM5 (PCIe Gen5 x16 host link, HBM3); docs/timing.md gives the sources. */
export const h100Timing: TimingConstants = {
  device: 'NVIDIA H100 80GB HBM3',
  apiCallNs: 300,
  launchCallNs: 2500,
  submitLatencyNs: 4000,
  kernelFixedNs: 2000,
  smClockGHz: 1.98,
  smCount: 132,
  issuePerSmPerCycle: 4,
  instructionsPerStatement: 2,
  dependentStatementCycles: 3,
  memLatencyCycles: 500,
  dramBytesPerNs: 3350,
  dramEfficiency: 0.7,
  sharedCyclesPerWavefront: 1,
  pinnedHtoDBytesPerNs: 55,
  pinnedDtoHBytesPerNs: 55,
  pageableBytesPerNs: 20,
  stagingBytesPerNs: 10,
  copyFixedNs: 1500,
  deviceCopyBytesPerNs: 1300,
  memsetBytesPerNs: 2500,
  hostFuncLatencyNs: 5000,
  copyEnginesPerDirection: 1,
};

/** What a kernel did, as the executor counted it. */
export interface KernelWork {
  /** Warp-statements executed by all warps of the grid. */
  readonly warpStatements: number;
  /** Warp-level global and local load instructions (exec/transactions.ts). */
  readonly globalLoads: number;
  /** 32-byte sectors of global and local memory the grid's loads and stores touched. */
  readonly sectors: number;
  /** Shared-memory wavefronts: one per conflict-free shared access, k for a k-way bank conflict. */
  readonly sharedWavefronts: number;
  readonly blocks: number;
  readonly warpsPerBlock: number;
  /** Blocks the whole device holds at once for this kernel's shape (waves = blocks / residentBlocks). */
  readonly residentBlocks: number;
}

/** The four bounds of a kernel's time (ns, without the fixed cost); the largest is its duration. */
export interface KernelBounds {
  /** All warp instructions issued by the SMs the grid occupies. */
  readonly issue: number;
  /** One warp's dependent chain of statements and loads, once per wave of resident blocks. */
  readonly latency: number;
  /** Every sector moved at the sustained DRAM bandwidth. */
  readonly dram: number;
  /** Every shared-memory wavefront through the banks of the SMs the grid occupies. */
  readonly shared: number;
}

/** The bounds kernelNs takes the largest of (docs/timing.md explains each). */
export function kernelBounds(t: TimingConstants, w: KernelWork): KernelBounds {
  const warps = Math.max(1, w.blocks * w.warpsPerBlock);
  const activeSms = Math.min(t.smCount, Math.max(1, w.blocks));
  const waves = Math.ceil(w.blocks / Math.max(1, w.residentBlocks));
  const chain = (w.warpStatements * t.dependentStatementCycles + w.globalLoads * t.memLatencyCycles) / warps;
  return {
    issue: (w.warpStatements * t.instructionsPerStatement) / (activeSms * t.issuePerSmPerCycle) / t.smClockGHz,
    latency: (chain * waves) / t.smClockGHz,
    dram: (w.sectors * 32) / (t.dramBytesPerNs * t.dramEfficiency),
    shared: (w.sharedWavefronts * t.sharedCyclesPerWavefront) / activeSms / t.smClockGHz,
  };
}

/**
 * A kernel's duration: its fixed cost plus the largest of its issue, latency, DRAM and shared
 * memory bounds, as if each resource were used flat out while the others waited on it.
 */
export function kernelNs(t: TimingConstants, w: KernelWork): number {
  const b = kernelBounds(t, w);
  return Math.round(t.kernelFixedNs + Math.max(b.issue, b.latency, b.dram, b.shared));
}

/** Blocks of `warpsPerBlock` warps and `sharedBytes` of shared memory the whole device holds at once (the occupancy calculator's warp, block and shared memory limits). */
export function deviceResidency(t: TimingConstants, sm: SmLimits, warpsPerBlock: number, sharedBytes: number): number {
  return t.smCount * Math.max(1, blocksPerSm(sm, warpsPerBlock, sharedBytes));
}

/** Which way a copy goes; 'HtoH' is a host copy the runtime does with the CPU. */
export type CopyDirection = 'HtoD' | 'DtoH' | 'DtoD' | 'HtoH';

/** A copy's duration on its engine; `pinned` says whether the host side is page-locked. */
export function copyNs(t: TimingConstants, bytes: number, dir: CopyDirection, pinned: boolean): number {
  let bw: number;
  switch (dir) {
    case 'DtoD':
      bw = t.deviceCopyBytesPerNs;
      break;
    case 'HtoH':
      bw = t.stagingBytesPerNs;
      break;
    default:
      bw = !pinned ? t.pageableBytesPerNs : dir === 'HtoD' ? t.pinnedHtoDBytesPerNs : t.pinnedDtoHBytesPerNs;
  }
  return Math.round(t.copyFixedNs + bytes / bw);
}

/** A device memset's duration. */
export function memsetNs(t: TimingConstants, bytes: number): number {
  return Math.round(t.kernelFixedNs + bytes / t.memsetBytesPerNs);
}

/** The host time a pageable host-to-device copy spends staging its source before the call returns. */
export function stagingNs(t: TimingConstants, bytes: number): number {
  return Math.round(bytes / t.stagingBytesPerNs);
}
