import { describe, expect, it } from 'vitest';
import { a100Preset, devicePresets, findPreset, h100Preset, k80Preset } from '../../../src/engine/runtime/presets/index.js';
import { deviceAttribute } from '../../../src/engine/runtime/device-attributes.js';
import { maxActiveBlocks, maxPotentialBlockSize, type OccupancyKernel } from '../../../src/engine/runtime/occupancy.js';
import { launchConfigError } from '../../../src/engine/runtime/launch-config.js';

const kernel = (over: Partial<OccupancyKernel> = {}): OccupancyKernel => ({ staticSharedBytes: 0, localBytes: 0, maxThreadsPerBlock: 1024, numRegs: 8, maxDynamicShared: 49152, ...over });
const dim = (x: number, y = 1, z = 1) => ({ x, y, z });

describe('device presets', () => {
  it('are found by name, the H100 first', () => {
    expect(devicePresets.map((d) => d.id)).toEqual(['h100', 'a100', 'k80']);
    expect(findPreset('K80')).toBe(k80Preset);
    expect(findPreset('v100')).toBeNull();
  });

  it('describe each GPU as its deviceQuery does', () => {
    expect([k80Preset.props.name, k80Preset.props.major, k80Preset.props.minor, k80Preset.props.multiProcessorCount]).toEqual(['Tesla K80', 3, 7, 13]);
    expect(k80Preset.props.totalGlobalMem).toBe(11996954624n);
    expect(k80Preset.props.l2CacheSize).toBe(1572864);
    expect([a100Preset.props.name, a100Preset.props.major, a100Preset.props.multiProcessorCount]).toEqual(['NVIDIA A100-SXM4-80GB', 8, 108]);
    expect(a100Preset.props.sharedMemPerMultiprocessor).toBe(167936n);
    expect(h100Preset.props.multiProcessorCount).toBe(132);
  });

  it('answer cudaDeviceGetAttribute for 1..140 and reject other numbers', () => {
    for (const d of devicePresets) for (let a = 1; a <= 140; a++) expect(deviceAttribute(d, a), `${d.id} ${a}`).not.toBeNull();
    expect(deviceAttribute(h100Preset, 0)).toBeNull();
    expect(deviceAttribute(h100Preset, 141)).toBeNull();
    expect(deviceAttribute(h100Preset, 13)).toBe(1980000);
    expect(deviceAttribute(k80Preset, 13)).toBe(824000);
    expect(deviceAttribute(k80Preset, 16)).toBe(13);
    expect(deviceAttribute(a100Preset, 81)).toBe(167936);
    expect(deviceAttribute(h100Preset, 126)).toBe(4);
  });

  it('give the launch checks their limits', () => {
    expect(launchConfigError(dim(1), dim(1024), 49152, 0, k80Preset.props)).toBe(0);
    // The K80 has no opt-in beyond 48 KiB; the A100 opts in up to 163 KiB.
    expect(launchConfigError(dim(1), dim(32), 60000, 0, k80Preset.props, 60000)).toBe(1);
    expect(launchConfigError(dim(1), dim(32), 160000, 0, a100Preset.props, 160000)).toBe(0);
    expect(launchConfigError(dim(1), dim(32), 200000, 0, a100Preset.props, 200000)).toBe(1);
  });
});

describe('occupancy calculator', () => {
  it('gives the H100 golden numbers (device/func_attributes.cu)', () => {
    const sizes = [32, 64, 96, 128, 192, 256, 512, 768, 1024];
    expect(sizes.map((s) => maxActiveBlocks(h100Preset, kernel(), s, 0))).toEqual([32, 32, 21, 16, 10, 8, 4, 2, 2]);
    expect(sizes.map((s) => maxActiveBlocks(h100Preset, kernel({ staticSharedBytes: 4224, maxDynamicShared: 44928 }), s, 0))).toEqual([32, 32, 21, 16, 10, 8, 4, 2, 2]);
    expect([0, 1024, 16384, 49152, 100000].map((d) => maxActiveBlocks(h100Preset, kernel(), 128, d))).toEqual([16, 16, 13, 4, 0]);
    expect(maxActiveBlocks(h100Preset, kernel(), 2048, 0)).toBe(0);
    expect(maxPotentialBlockSize(h100Preset, kernel(), 0, 0)).toEqual({ minGridSize: 264, blockSize: 1024 });
  });

  it('limits blocks by registers in whole allocation units', () => {
    // 64 registers: 2048 per warp, 8 warps per sub-partition, 32 warps per SM -> 4 blocks of 256.
    expect(maxActiveBlocks(h100Preset, kernel({ numRegs: 64 }), 256, 0)).toBe(4);
    // 33 registers round up to 40 per thread (1280 per warp): 12 warps per sub-partition.
    expect(maxActiveBlocks(h100Preset, kernel({ numRegs: 33 }), 128, 0)).toBe(12);
    expect(maxActiveBlocks(h100Preset, kernel({ numRegs: 256 }), 32, 0)).toBe(0);
  });

  it('gives the K80 of the lecture notes 8 blocks of 256 threads per SM', () => {
    expect(maxActiveBlocks(k80Preset, kernel(), 256, 0)).toBe(8);
    expect(maxActiveBlocks(k80Preset, kernel(), 32, 0)).toBe(16);
    expect(maxPotentialBlockSize(k80Preset, kernel(), 0, 0)).toEqual({ minGridSize: 26, blockSize: 1024 });
    // 112 KiB of shared memory per SM in 256-byte units, no reserved kilobyte before Ampere.
    expect(maxActiveBlocks(k80Preset, kernel(), 128, 16384)).toBe(7);
  });

  it('uses the A100 carveout of 164 KiB', () => {
    expect(maxActiveBlocks(a100Preset, kernel(), 128, 16384)).toBe(9);
    expect(maxPotentialBlockSize(a100Preset, kernel(), 0, 0)).toEqual({ minGridSize: 216, blockSize: 1024 });
  });
});
