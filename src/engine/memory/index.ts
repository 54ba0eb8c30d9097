export { Memory, type StaticPlace } from './memory.js';
export { DeviceMemoryLimit } from './device-limit.js';
export type { AllocationInfo, MemoryView } from './memory-view.js';
export { MemoryFault, type FaultKind, type MemSpace } from './fault.js';
export { Region } from './region.js';
export * from './layout.js';
