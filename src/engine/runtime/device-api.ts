import { api, cudaErrorInvalidDevice, cudaErrorInvalidValue, cudaSuccess, intType, num } from './api-common.js';
import type { HostBuiltin, RuntimeContext } from './context.js';
import type { DeviceState } from './device-state.js';
import { deviceAttribute } from './device-attributes.js';
import { DEFAULT_MAX_DYNAMIC_SHARED } from './launch-config.js';
import { maxActiveBlocks, maxPotentialBlockSize, type OccupancyKernel } from './occupancy.js';
import { funcAttrType } from '../check/builtins-types.js';
import type { CType } from '../check/types.js';

/*
 * The CUDA runtime's device and function queries: which device, its properties and
 * attributes, the per-kernel attributes a program may read and set, and the occupancy
 * calculator.
 */

const FUNC_ATTR_MAX_DYNAMIC_SHARED = 8;
const FUNC_ATTR_CARVEOUT = 9;
const cudaErrorInvalidDeviceFunction = 98;
const sizeT: CType = { kind: 'int', bits: 64, signed: false, name: 'size_t' };
/** The constant bank ptxas reserves for every sm_90 kernel (kernel parameters live elsewhere): what the H100 reports as constSizeBytes. */
const KERNEL_CONST_BYTES = 256;

/** Byte offset of a cudaFuncAttributes field. */
function fieldOffset(name: string): number {
  if (funcAttrType.kind !== 'struct') return 0;
  return funcAttrType.info.fields.find((f) => f.name === name)?.offset ?? 0;
}

/** The kernel a handle names with its dynamic shared memory limit, or null. */
function occupancyKernel(dev: DeviceState, handle: number): OccupancyKernel | null {
  const k = dev.kernelAt(handle);
  if (!k) return null;
  return { ...k, maxDynamicShared: dev.maxDynamicShared.get(handle) ?? DEFAULT_MAX_DYNAMIC_SHARED - k.staticSharedBytes };
}

/** Fills a cudaFuncAttributes at `addr`. */
function writeFuncAttributes(ctx: RuntimeContext, dev: DeviceState, addr: number, k: OccupancyKernel): void {
  const m = ctx.memory;
  const arch = dev.preset.props.major * 10 + dev.preset.props.minor;
  m.fill(addr, 0, funcAttrType.kind === 'struct' ? funcAttrType.info.size : 0);
  m.store(addr + fieldOffset('sharedSizeBytes'), sizeT, BigInt(k.staticSharedBytes));
  m.store(addr + fieldOffset('constSizeBytes'), sizeT, BigInt(KERNEL_CONST_BYTES));
  m.store(addr + fieldOffset('localSizeBytes'), sizeT, BigInt(k.localBytes));
  const ints: [string, number][] = [
    ['maxThreadsPerBlock', k.maxThreadsPerBlock], ['numRegs', k.numRegs], ['ptxVersion', arch], ['binaryVersion', arch],
    ['maxDynamicSharedSizeBytes', k.maxDynamicShared], ['preferredShmemCarveout', -1],
  ];
  for (const [name, v] of ints) m.store(addr + fieldOffset(name), intType, v);
}

/** The device and function-attribute built-ins, given the device-side state they act on. */
export function deviceApi(dev: DeviceState): Readonly<Record<string, HostBuiltin>> {
  return {
    cudaGetDeviceCount: (ctx, args) =>
      api(ctx, () => {
        ctx.memory.store(num(args, 0), intType, 1);
        return cudaSuccess;
      }),
    cudaGetDevice: (ctx, args) =>
      api(ctx, () => {
        ctx.memory.store(num(args, 0), intType, 0);
        return cudaSuccess;
      }),
    cudaSetDevice: (ctx, args) => api(ctx, () => (num(args, 0) === 0 ? cudaSuccess : cudaErrorInvalidDevice)),
    cudaGetDeviceProperties: (ctx, args) =>
      api(ctx, () => {
        if (num(args, 1) !== 0) return cudaErrorInvalidDevice;
        dev.writeDeviceProps(ctx, num(args, 0));
        return cudaSuccess;
      }),
    cudaDeviceGetAttribute: (ctx, args) =>
      api(ctx, () => {
        if (num(args, 2) !== 0) return cudaErrorInvalidDevice;
        const v = deviceAttribute(dev.preset, num(args, 1));
        if (v === null) return cudaErrorInvalidValue;
        ctx.memory.store(num(args, 0), intType, v);
        return cudaSuccess;
      }),
    cudaFuncSetAttribute: (ctx, args) =>
      api(ctx, () => {
        const [kernel, attr, value] = [num(args, 0), num(args, 1), num(args, 2)];
        if (attr === FUNC_ATTR_MAX_DYNAMIC_SHARED) {
          if (value < 0 || value > Number(dev.preset.props.sharedMemPerBlockOptin)) return cudaErrorInvalidValue;
          dev.maxDynamicShared.set(kernel, value);
          return cudaSuccess;
        }
        // The carveout is a hint to the hardware; a value in 0..100 (or -1, the default) is accepted.
        if (attr === FUNC_ATTR_CARVEOUT) return value >= -1 && value <= 100 ? cudaSuccess : cudaErrorInvalidValue;
        return cudaErrorInvalidValue;
      }),
    cudaFuncGetAttributes: (ctx, args) =>
      api(ctx, () => {
        const k = occupancyKernel(dev, num(args, 1));
        if (!k) return cudaErrorInvalidDeviceFunction;
        writeFuncAttributes(ctx, dev, num(args, 0), k);
        return cudaSuccess;
      }),
    cudaOccupancyMaxActiveBlocksPerMultiprocessor: (ctx, args) => activeBlocks(ctx, dev, args),
    cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags: (ctx, args) => activeBlocks(ctx, dev, args),
    cudaOccupancyMaxPotentialBlockSize: (ctx, args) =>
      api(ctx, () => {
        const k = occupancyKernel(dev, num(args, 2));
        if (!k) return cudaErrorInvalidDeviceFunction;
        const r = maxPotentialBlockSize(dev.preset, k, num(args, 3), num(args, 4));
        ctx.memory.store(num(args, 0), intType, r.minGridSize);
        ctx.memory.store(num(args, 1), intType, r.blockSize);
        return cudaSuccess;
      }),
  };
}

/** cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, kernel, blockSize, dynamicShared[, flags]). */
function activeBlocks(ctx: RuntimeContext, dev: DeviceState, args: Parameters<HostBuiltin>[1]): number {
  return api(ctx, () => {
    const k = occupancyKernel(dev, num(args, 1));
    if (!k) return cudaErrorInvalidDeviceFunction;
    ctx.memory.store(num(args, 0), intType, maxActiveBlocks(dev.preset, k, num(args, 2), num(args, 3)));
    return cudaSuccess;
  });
}
