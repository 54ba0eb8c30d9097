export { runGrid, type DeviceEnv } from './grid.js';
export { DeviceAssert, KernelAbort, type LaunchOutcome } from './launch-outcome.js';
export type { KernelLaunch } from './admission.js';
export { WarpCtx, StepLimitError, deviceWork, type StepCounter } from './warp.js';
export { deviceTraffic, trafficSnapshot, type TrafficTotals } from './transactions.js';
