import { DeviceConfig } from './config-api.js';
import type { RuntimeContext } from './context.js';
import { writeDeviceProps } from './props-writer.js';
import { h100Preset, type DevicePreset } from './presets/index.js';
import type { KernelResources } from './kernel-resources.js';

/*
 * Per-device runtime state that outlives single calls: function attributes and the host
 * copies of strings the API hands out. Streams and events live in streams.ts and events.ts.
 */

/** The device-side bookkeeping of one simulated GPU. */
export class DeviceState {
  private strings = new Map<string, number>();
  /** Limits, cache preference and flags (config-api.ts). */
  readonly config = new DeviceConfig();
  /** cudaFuncAttributeMaxDynamicSharedMemorySize per kernel id, where the program raised it. */
  readonly maxDynamicShared = new Map<number, number>();
  /** Finds the __device__/__constant__ variable holding an address (set by the program runner). */
  symbolAt: (addr: number) => { base: number; size: number } | null = () => null;
  /** The resources of the kernel a handle names (cudaFuncGetAttributes, occupancy), or null when it names none (set by the program runner). */
  kernelAt: (handle: number) => KernelResources | null = () => null;

  /** `preset`: the simulated GPU model (`--device`). */
  constructor(readonly preset: DevicePreset = h100Preset) {}

  /** A NUL-terminated copy of `text` in host memory, made once per distinct string (as the runtime's static strings). */
  hostString(ctx: RuntimeContext, text: string): number {
    const known = this.strings.get(text);
    if (known !== undefined) return known;
    const bytes = new Uint8Array(text.length + 1);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
    const addr = ctx.memory.allocHost(bytes.length, 16);
    ctx.memory.writeBytes(addr, bytes);
    this.strings.set(text, addr);
    return addr;
  }

  /** Writes cudaDeviceProp for the simulated device at `addr`. */
  writeDeviceProps(ctx: RuntimeContext, addr: number): void {
    writeDeviceProps(ctx.memory, addr, this.preset.props);
  }

  /** cudaDeviceReset forgets function attributes (streams.ts and events.ts reset their own state). */
  reset(): void {
    this.maxDynamicShared.clear();
    this.config.reset();
  }
}
