export { runGrid, DeviceAssert, KernelAbort, type DeviceEnv, type LaunchOutcome, type KernelLaunch } from './grid.js';
export { WarpCtx, StepLimitError, deviceWork, type StepCounter } from './warp.js';
export { deviceTraffic, trafficSnapshot, type TrafficTotals } from './transactions.js';
