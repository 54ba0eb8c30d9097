import type { RuntimeContext } from './context.js';
import { writeDeviceProps } from './props-writer.js';
import { h100Preset, type DevicePreset } from './presets/index.js';
import type { KernelResources } from './kernel-resources.js';

/*
 * Per-device runtime state that outlives single calls: events, the device clock that
 * gives events their times, and the host copies of strings the API hands out.
 */

/** Event handles are small non-zero numbers in a range no allocation uses, so a stray pointer is not mistaken for one. */
const EVENT_BASE = 0x5000_0000;

/** The device-side bookkeeping of one simulated GPU. */
export class DeviceState {
  private events = new Map<number, number | null>();
  private nextEvent = EVENT_BASE;
  private strings = new Map<string, number>();
  /** Simulated device time in nanoseconds. */
  private clockNs = 0;
  /** cudaFuncAttributeMaxDynamicSharedMemorySize per kernel id, where the program raised it. */
  readonly maxDynamicShared = new Map<number, number>();
  /** Finds the __device__/__constant__ variable holding an address (set by the program runner). */
  symbolAt: (addr: number) => { base: number; size: number } | null = () => null;
  /** The resources of the kernel a handle names (cudaFuncGetAttributes, occupancy), or null when it names none (set by the program runner). */
  kernelAt: (handle: number) => KernelResources | null = () => null;

  /** `preset`: the simulated GPU model (`--device`). */
  constructor(readonly preset: DevicePreset = h100Preset) {}

  /** Advances the device clock by a modelled duration. */
  advance(ns: number): void {
    this.clockNs += ns;
  }

  createEvent(): number {
    const h = (this.nextEvent += 0x10);
    this.events.set(h, null);
    return h;
  }

  hasEvent(h: number): boolean {
    return this.events.has(h);
  }

  recordEvent(h: number): boolean {
    if (!this.events.has(h)) return false;
    this.events.set(h, this.clockNs);
    return true;
  }

  destroyEvent(h: number): boolean {
    return this.events.delete(h);
  }

  /** Milliseconds between two recorded events, or null when either is unknown or unrecorded. */
  elapsedMs(start: number, end: number): number | null {
    const a = this.events.get(start);
    const b = this.events.get(end);
    if (a === undefined || b === undefined || a === null || b === null) return null;
    return (b - a) / 1e6;
  }

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

  /** cudaDeviceReset destroys events and forgets function attributes. */
  reset(): void {
    this.events.clear();
    this.maxDynamicShared.clear();
  }
}
