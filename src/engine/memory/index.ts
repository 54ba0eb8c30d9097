export { Memory, DeviceMemoryLimit, type AllocationInfo, type MemoryView, type StaticPlace } from './memory.js';
export { MemoryFault, type FaultKind, type MemSpace } from './fault.js';
export { Region } from './region.js';
export * from './layout.js';
