import { describe, expect, it } from 'vitest';
import { deviceMath as m, doubleAsLongLong, longLongAsDouble } from '../../../src/engine/lib/cudamath.js';
import { fmaDouble, fmaFloat } from '../../../src/engine/lib/fma.js';

describe('deviceMath helpers', () => {
  it('bit casts', () => {
    expect(m.__int_as_float(0x3f800000)).toBe(1);
    expect(m.__float_as_int(-1)).toBe(-1082130432);
    expect(m.__float_as_uint(-1)).toBe(0xbf800000);
    expect(m.__uint_as_float(0xbf800000)).toBe(-1);
    expect(doubleAsLongLong(1)).toBe(0x3ff0000000000000n);
    expect(doubleAsLongLong(-2)).toBe(-0x4000000000000000n);
    expect(longLongAsDouble(0x4000000000000000n)).toBe(2);
    expect(m.__double2hiint(1)).toBe(0x3ff00000);
    expect(m.__hiloint2double(0x40000000, 0)).toBe(2);
  });
  it('classification and sign', () => {
    expect(m.copysignf(3, -0)).toBe(-3);
    expect(m.copysignf(-3, 1)).toBe(3);
    expect(m.signbit(-0)).toBe(1);
    expect(m.signbit(0)).toBe(0);
    expect(m.isnan(NaN)).toBe(1);
    expect(m.isinf(-Infinity)).toBe(1);
    expect(m.isfinite(Infinity)).toBe(0);
  });
  it('integer min/max/abs wrap like int32', () => {
    expect(m.abs(-2147483648)).toBe(-2147483648);
    expect(m.abs(-5)).toBe(5);
    expect(m.min(3, -4)).toBe(-4);
    expect(m.max(3, -4)).toBe(3);
  });
  it('fma rounds once', () => {
    // 1 + 2^-24 squared = 1 + 2^-23 + 2^-48: a separate multiply would lose the 2^-48
    const a = 1 + 2 ** -23;
    expect(fmaFloat(a, a, -1)).toBe(Math.fround(2 ** -22 + 2 ** -46));
    const b = 1 + 2 ** -52;
    expect(fmaDouble(b, b, -1)).toBe(2 ** -51 + 2 ** -104);
    expect(fmaDouble(2 ** -600, 2 ** -600, 0)).toBe(0);
    expect(Object.is(fmaDouble(-(2 ** -600), 2 ** -600, 0), -0)).toBe(true);
    expect(fmaDouble(1e308, 10, -Infinity)).toBe(-Infinity);
    expect(fmaDouble(2 ** 1000, 2 ** 100, -(2 ** 1023))).toBe(Infinity);
    expect(fmaDouble(2 ** -1000, 2 ** -74, 2 ** -1074)).toBe(2 ** -1073);
  });
  it('round/rint edge cases', () => {
    expect(m.round(0.49999999999999994)).toBe(0);
    expect(m.round(-2.5)).toBe(-3);
    expect(Object.is(m.roundf(-0.25), -0)).toBe(true);
    expect(m.rintf(2.5)).toBe(2);
    expect(m.rintf(3.5)).toBe(4);
    expect(Object.is(m.rint(-0.5), -0)).toBe(true);
  });
});
