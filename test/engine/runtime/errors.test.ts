import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cudaErrors, errorCode, errorName, errorString, isStickyError } from '../../../src/engine/runtime/errors.js';

// Golden file: printed on a real H100 by cudaGetErrorName/cudaGetErrorString for codes 0..20000.
const golden = readFileSync(new URL('./cuda-errors.golden.txt', import.meta.url), 'latin1')
  .split('\n')
  .filter((l) => l.length > 0)
  .map((l) => l.split('\t'));

describe('cuda errors', () => {
  it('matches every code the GPU runtime knows', () => {
    const known = golden.filter((r) => r[0] !== 'unknown');
    expect(cudaErrors.length).toBe(known.length);
    for (const [code, name, msg] of known) {
      expect(errorName(Number(code))).toBe(name);
      expect(errorString(Number(code))).toBe(msg);
      expect(errorCode(name)).toBe(Number(code));
    }
  });
  it('answers unknown codes like the runtime', () => {
    const unk = golden.find((r) => r[0] === 'unknown');
    expect(errorName(5555)).toBe(unk?.[1]);
    expect(errorString(10)).toBe(unk?.[2]);
    expect(errorString(-1)).toBe('unrecognized error code');
  });
  it('knows the common ones', () => {
    expect(errorString(9)).toBe('invalid configuration argument');
    expect(errorString(700)).toBe('an illegal memory access was encountered');
    expect(errorName(98)).toBe('cudaErrorInvalidDeviceFunction');
    expect(errorString(2)).toBe('out of memory');
  });
  it('classifies sticky errors', () => {
    for (const c of [700, 710, 714, 715, 716, 717, 718, 719]) expect(isStickyError(c)).toBe(true);
    for (const c of [0, 1, 2, 9, 98, 701, 720]) expect(isStickyError(c)).toBe(false);
  });
});
