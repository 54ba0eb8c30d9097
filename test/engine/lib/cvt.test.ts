import { describe, expect, it } from 'vitest';
import { CONVERSIONS, conversionSignature } from '../../../src/engine/lib/cvt.js';

/* The conversion intrinsics, against what an H100 printed (test/conformance/rules/float_conv_intrinsics.cu). */
const cvt = (name: string, x: number | bigint): number | bigint => CONVERSIONS[name]!(x);

describe('conversion intrinsics', () => {
  it('rounds float to int in each mode, saturating, NaN to 0', () => {
    expect([2.5, -2.5, 0.5, 3.75, -7.25].map((x) => cvt('__float2int_rn', x))).toEqual([2, -2, 0, 4, -7]);
    expect([2.5, -2.5, 0.5, -0.5].map((x) => cvt('__float2int_ru', x))).toEqual([3, -2, 1, 0]);
    expect([2.5, -2.5, -0.5, -7.25].map((x) => cvt('__float2int_rd', x))).toEqual([2, -3, -1, -8]);
    expect(cvt('__float2int_rz', -7.25)).toBe(-7);
    expect(cvt('__float2int_rn', NaN)).toBe(0);
    expect(cvt('__float2int_rn', 1e10)).toBe(2147483647);
    expect(cvt('__float2uint_rn', 3.75)).toBe(4);
    expect(cvt('__float2uint_rn', -3)).toBe(0);
  });
  it('gives the lowest integer for NaN from double and into 64 bits', () => {
    expect(cvt('__double2int_rn', NaN)).toBe(-2147483648);
    expect(cvt('__double2int_rn', 7.5)).toBe(8);
    expect(cvt('__double2int_rn', -7.5)).toBe(-8);
    expect(cvt('__float2ll_rn', NaN)).toBe(-(2n ** 63n));
    expect(cvt('__float2ll_rn', 1e19)).toBe(2n ** 63n - 1n);
    expect(cvt('__float2ll_rn', -24999999488)).toBe(-24999999488n);
  });
  it('rounds integers to float once, in the mode asked', () => {
    expect(cvt('__int2float_rn', 16777217)).toBe(16777216);
    expect(cvt('__int2float_rz', 16777217)).toBe(16777216);
    expect(cvt('__int2float_ru', 16777217)).toBe(16777218);
    expect(cvt('__int2float_rd', -16777217)).toBe(-16777218);
    expect(cvt('__uint2float_rn', 4294967295)).toBe(4294967296);
    // 2^53 + 2^29 + 1 is just above the tie between two floats: a round through a double would tie and pick the even one
    expect(cvt('__ll2float_rn', 2n ** 53n + 2n ** 29n + 1n)).toBe(2 ** 53 + 2 ** 30);
    expect(cvt('__ull2float_rd', 2n ** 64n - 1n)).toBe(2 ** 64 - 2 ** 40);
    expect(cvt('__ll2double_rz', -(2n ** 60n) - 1n)).toBe(-(2 ** 60));
    expect(cvt('__ll2double_ru', 2n ** 60n + 1n)).toBe(2 ** 60 + 256);
  });
  it('rounds double to float in each mode', () => {
    expect(cvt('__double2float_rn', 0.1)).toBe(Math.fround(0.1));
    expect(cvt('__double2float_rz', 0.1)).toBe(0.099999994039535522);
    expect(cvt('__double2float_ru', -0.1)).toBe(-0.099999994039535522);
    expect(cvt('__double2float_rd', 1e300)).toBe(3.4028234663852886e38);
  });
  it('declares only the names CUDA declares', () => {
    expect(conversionSignature('__int2double_rn')).toEqual({ from: 'int', to: 'double' });
    expect(conversionSignature('__int2double_rz')).toBeNull();
    expect(conversionSignature('__float2float_rn')).toBeNull();
    expect(conversionSignature('__double2ull_rd')).toEqual({ from: 'double', to: 'ull' });
  });
});
