import { api, cudaErrorInvalidDevice, cudaErrorInvalidValue, cudaSuccess, intType, num } from './api-common.js';
import type { HostBuiltin } from './context.js';
import type { DeviceState } from './device-state.js';
import { deviceAttribute } from './device-attributes.js';
import { h100Props } from './props.js';

/*
 * The CUDA runtime's device and function queries: which device, its properties and
 * attributes, and the per-kernel attributes a program may set.
 */

const FUNC_ATTR_MAX_DYNAMIC_SHARED = 8;
const FUNC_ATTR_CARVEOUT = 9;

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
        const v = deviceAttribute(num(args, 1));
        if (v === null) return cudaErrorInvalidValue;
        ctx.memory.store(num(args, 0), intType, v);
        return cudaSuccess;
      }),
    cudaFuncSetAttribute: (ctx, args) =>
      api(ctx, () => {
        const [kernel, attr, value] = [num(args, 0), num(args, 1), num(args, 2)];
        if (attr === FUNC_ATTR_MAX_DYNAMIC_SHARED) {
          if (value < 0 || value > Number(h100Props.sharedMemPerBlockOptin)) return cudaErrorInvalidValue;
          dev.maxDynamicShared.set(kernel, value);
          return cudaSuccess;
        }
        // The carveout is a hint to the hardware; a value in 0..100 (or -1, the default) is accepted.
        if (attr === FUNC_ATTR_CARVEOUT) return value >= -1 && value <= 100 ? cudaSuccess : cudaErrorInvalidValue;
        return cudaErrorInvalidValue;
      }),
  };
}
