import { h100Props } from '../props.js';
import { h100Timing, type TimingConstants } from '../timing.js';
import type { DevicePreset } from './types.js';

/*
 * A100-SXM4-80GB (compute capability 8.0). Sources:
 *  - deviceQuery on four A100-SXM4-80GB, CUDA 12.4 (github.com/thamada/nvidia-smi,
 *    nvsim/A100SXMx4_deviceQuery.py): name, 85100068864 bytes, 108 MPs, 1410 MHz, memory
 *    1593 MHz, 5120-bit, L2 41943040, 167936 bytes shared per SM, texture limits equal to the
 *    H100's, 3 copy engines, ECC on, cooperative (multi-device) launch, PCI bus 104;
 *  - CUDA C Programming Guide, compute capability 8.0: 163 KiB opt-in shared memory per block,
 *    32 blocks and 64 warps per SM, 64 K registers, 1 KiB reserved shared memory per block,
 *    carveouts 0, 8, 16, 32, 64, 100, 132 and 164 KiB;
 *  - PCI ID database: 10de:20b2 (subsystem 10de:147f) for the A100 SXM4 80GB.
 * Hopper-only features (clusters, TMA, fabric handles, 4 sync domains) are off. The uuid is all
 * zeros: no particular card.
 */

/**
 * The A100's timing: PCIe Gen4 x16 to the host (32 GB/s raw; bandwidthTest on DGX A100 systems
 * reports about 25 GB/s pinned each way), HBM2e at 2039 GB/s peak (NVIDIA A100 datasheet) of
 * which a device-to-device copy reaches about 1500 GB/s as bandwidthTest counts it (read plus
 * write: 750 bytes copied per ns), 1410 MHz boost clock, 108 SMs with 4
 * schedulers each. Launch costs and the kernel memory constants other than the DRAM peak are
 * the H100's (same driver generation; no measurement to calibrate the A100's on).
 */
export const a100Timing: TimingConstants = {
  ...h100Timing,
  device: 'NVIDIA A100-SXM4-80GB',
  smClockGHz: 1.41,
  smCount: 108,
  dramBytesPerNs: 2039,
  pinnedHtoDBytesPerNs: 25,
  pinnedDtoHBytesPerNs: 25,
  pageableBytesPerNs: 12,
  deviceCopyBytesPerNs: 750,
  memsetBytesPerNs: 1700,
};

/** NVIDIA A100 SXM4 80 GB. */
export const a100Preset: DevicePreset = {
  id: 'a100',
  props: {
    ...h100Props,
    name: 'NVIDIA A100-SXM4-80GB',
    uuid: new Array<number>(16).fill(0),
    totalGlobalMem: 85100068864n,
    major: 8,
    minor: 0,
    multiProcessorCount: 108,
    pciBusID: 104,
    pciDeviceID: 0,
    asyncEngineCount: 3,
    memoryBusWidth: 5120,
    l2CacheSize: 41943040,
    // The A100 can set aside up to 30 MiB of its L2 for persisting accesses.
    persistingL2CacheMaxSize: 31457280,
    sharedMemPerMultiprocessor: 167936n,
    sharedMemPerBlockOptin: 166912n,
    maxBlocksPerMultiProcessor: 32,
    clusterLaunch: 0,
    unifiedFunctionPointers: 0,
    memoryPoolSupportedHandleTypes: 1,
    gpuPciDeviceID: 0x20b210de,
    gpuPciSubsystemID: 0x147f10de,
  },
  clockKhz: 1410000,
  memoryClockKhz: 1593000,
  extraAttributes: {
    44: 1,
    69: 268435456,
    87: 2,
    96: 1,
    102: 1,
    103: 1,
    107: 1,
    110: 1,
    122: 1,
    123: 1,
    124: 1,
    126: 1,
  },
  sm: {
    maxWarps: 64,
    maxBlocks: 32,
    registers: 65536,
    regAllocUnit: 256,
    maxRegsPerThread: 255,
    subPartitions: 4,
    sharedMem: 167936,
    sharedAllocUnit: 128,
    reservedSharedPerBlock: 1024,
    carveoutsKiB: [0, 8, 16, 32, 64, 100, 132, 164],
  },
  pitchAlignment: 512,
  // As on the H100: a context keeps about 512 MiB.
  allocatableBytes: 85100068864 - 536870912,
  timing: a100Timing,
};
