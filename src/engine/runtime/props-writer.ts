import { encodeDeviceProps, type DeviceProps } from './props.js';
import type { RuntimeMemory } from './context.js';

/** Writes the simulated device's cudaDeviceProp, byte for byte as CUDA 13 lays it out, at `addr`. */
export function writeDeviceProps(memory: RuntimeMemory, addr: number, props: DeviceProps): void {
  memory.writeBytes(addr, encodeDeviceProps(props));
}
