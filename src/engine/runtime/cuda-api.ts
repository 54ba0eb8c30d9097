import { errorName, errorString } from './errors.js';
import type { HostBuiltin } from './context.js';
import type { DeviceState } from './device-state.js';
import { num } from './api-common.js';

/*
 * The CUDA runtime API calls about errors. Synchronisation, streams and events live in
 * stream-api.ts, copies and fills in copy-api.ts, allocation in memory-api.ts, device queries
 * in device-api.ts.
 */

/** The error built-ins, given the device-side state whose strings they hand out. */
export function cudaApi(dev: DeviceState): Readonly<Record<string, HostBuiltin>> {
  return {
    cudaGetLastError: (ctx) => ctx.errors.takeLast(),
    cudaPeekAtLastError: (ctx) => ctx.errors.peekLast(),
    cudaGetErrorString: (ctx, args) => dev.hostString(ctx, errorString(num(args, 0))),
    cudaGetErrorName: (ctx, args) => dev.hostString(ctx, errorName(num(args, 0))),
  };
}
