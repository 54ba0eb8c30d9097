import { describe, expect, it } from 'vitest';
import { symbolCopyError } from '../../../src/engine/runtime/copy-rules.js';

// cudaMemcpyKind: 1 HostToDevice, 2 DeviceToHost, 3 DeviceToDevice, 4 Default.
const [H2D, D2H, D2D, DEFAULT] = [1, 2, 3, 4];
const [success, invalidValue, invalidDirection] = [0, 1, 21];

describe('symbolCopyError: what every symbol copy, blocking or async, answers before copying', () => {
  it('takes the kinds that reach or leave the device, and no other', () => {
    expect([H2D, D2D, DEFAULT, D2H].map((k) => symbolCopyError(true, k, true))).toEqual([success, success, success, invalidDirection]);
    expect([D2H, D2D, DEFAULT, H2D].map((k) => symbolCopyError(true, k, false))).toEqual([success, success, success, invalidDirection]);
  });

  it('refuses bytes outside the variable; with the kind wrong too, a copy to the symbol names the range and one from it the kind', () => {
    expect(symbolCopyError(false, H2D, true)).toBe(invalidValue);
    expect(symbolCopyError(false, D2H, false)).toBe(invalidValue);
    expect(symbolCopyError(false, D2H, true)).toBe(invalidValue);
    expect(symbolCopyError(false, H2D, false)).toBe(invalidDirection);
  });
});
