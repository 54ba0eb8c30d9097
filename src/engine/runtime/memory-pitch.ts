import { api, cudaErrorInvalidValue, cudaErrorMemoryAllocation, cudaSuccess, num, ptrType, sync } from './api-common.js';
import type { HostBuiltin } from './context.js';
import { direction, pitchError } from './copy-rules.js';
import type { DeviceState } from './device-state.js';
import type { CType } from '../check/types.js';

/*
 * Pitched (2D) memory: cudaMallocPitch pads each row to the device's pitch alignment (512 bytes
 * on the H100: widths 1..512 get 512, 513 gets 1024, 5000 gets 5120), cudaMemcpy2D copies a
 * width x height rectangle between any two kinds of memory, cudaMemset2D fills one. Both are
 * blocking calls, so they wait for the device first.
 */

const sizeT: CType = { kind: 'int', bits: 64, signed: false, name: 'size_t' };

/** The pitched-memory built-ins. */
export function pitchedApi(dev: DeviceState): Readonly<Record<string, HostBuiltin>> {
  return {
    cudaMallocPitch: (ctx, args) =>
      api(ctx, () => {
        const [width, height] = [num(args, 2), num(args, 3)];
        if (width === 0 || height === 0) {
          ctx.memory.store(num(args, 1), sizeT, 0);
          ctx.memory.store(num(args, 0), ptrType, 0);
          return cudaSuccess;
        }
        const align = dev.preset.pitchAlignment;
        const pitch = Math.ceil(width / align) * align;
        if (pitch > Number(dev.preset.props.memPitch)) return cudaErrorInvalidValue;
        const p = ctx.memory.allocGlobal(pitch * height);
        if (p === null) return cudaErrorMemoryAllocation;
        ctx.memory.store(num(args, 0), ptrType, p);
        ctx.memory.store(num(args, 1), sizeT, pitch);
        return cudaSuccess;
      }),
    cudaMemcpy2D: (ctx, args) =>
      api(ctx, () => {
        const fault = sync(ctx);
        if (fault !== 0) return fault;
        const [dst, dpitch, src, spitch, width, height, kind] = [0, 1, 2, 3, 4, 5, 6].map((i) => num(args, i)) as [number, number, number, number, number, number, number];
        const badPitch = pitchError(Number(dev.preset.props.memPitch), width, dpitch, spitch);
        if (badPitch !== cudaSuccess) return badPitch;
        if (width === 0 || height === 0) return cudaSuccess;
        const dir = direction(ctx, dst, src, kind);
        if (typeof dir === 'number') return dir;
        for (let r = 0; r < height; r++) ctx.memory.copy(dst + r * dpitch, src + r * spitch, width);
        return cudaSuccess;
      }),
    cudaMemset2D: (ctx, args) =>
      api(ctx, () => {
        const fault = sync(ctx);
        if (fault !== 0) return fault;
        const [p, pitch, value, width, height] = [0, 1, 2, 3, 4].map((i) => num(args, i)) as [number, number, number, number, number];
        // One row is a plain memset: the H100 takes a width past the pitch then (two rows: cudaErrorInvalidValue).
        if (width > pitch && height > 1) return cudaErrorInvalidValue;
        if (width === 0 || height === 0) return cudaSuccess;
        if (!ctx.memory.isDevice(p)) return cudaErrorInvalidValue;
        for (let r = 0; r < height; r++) ctx.memory.fill(p + r * pitch, value & 0xff, width);
        return cudaSuccess;
      }),
  };
}
