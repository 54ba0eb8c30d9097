export { compileProgram, type CompiledProgram, type CompileOptions, type KernelInfo, type RunOptions } from './program.js';
export type { Observer } from './runtime.js';
export { HostSigfpe } from './rt.js';
