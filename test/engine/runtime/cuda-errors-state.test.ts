import { describe, expect, it } from 'vitest';
import { CudaErrorState } from '../../../src/engine/runtime/cuda-errors-state.js';

describe('CUDA error bookkeeping', () => {
  it('cudaGetLastError returns a launch error once, then success', () => {
    const s = new CudaErrorState();
    s.record(9);
    expect(s.peekLast()).toBe(9);
    expect(s.takeLast()).toBe(9);
    expect(s.takeLast()).toBe(0);
  });

  it('a kernel fault waits for the next synchronising call and then sticks', () => {
    const s = new CudaErrorState();
    s.kernelFault(700);
    expect(s.peekLast()).toBe(0);
    expect(s.synchronize()).toBe(700);
    expect(s.stickyError).toBe(700);
    expect(s.takeLast()).toBe(700);
    expect(s.takeLast()).toBe(700);
    expect(s.synchronize()).toBe(700);
  });

  it('cudaDeviceReset clears a sticky error', () => {
    const s = new CudaErrorState();
    s.kernelFault(716);
    s.synchronize();
    s.reset();
    expect(s.stickyError).toBe(0);
    expect(s.takeLast()).toBe(0);
  });
});
