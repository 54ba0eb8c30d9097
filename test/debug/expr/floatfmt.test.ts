import { describe, expect, it } from 'vitest';
import { formatG, formatFloatBytes } from '../../../src/debug/expr/floatfmt.js';

const f32 = (x: number): Uint8Array => new Uint8Array(Float32Array.from([x]).buffer);
const f64 = (x: number): Uint8Array => new Uint8Array(Float64Array.from([x]).buffer);
const raw64 = (hi: number, lo: number): Uint8Array => new Uint8Array(Uint32Array.from([lo, hi]).buffer);

describe('%g as glibc prints it', () => {
  it('matches printf for ordinary values', () => {
    expect(formatG(34.33333206176758, 9)).toBe('34.3333321');
    expect(formatG(1, 9)).toBe('1');
    expect(formatG(100000, 9)).toBe('100000');
    expect(formatG(123456789, 9)).toBe('123456789');
    expect(formatG(1234567890, 9)).toBe('1.23456789e+09');
    expect(formatG(0.0001, 9)).toBe('0.0001');
    expect(formatG(0.00001, 9)).toBe('1e-05');
    expect(formatG(-0, 9)).toBe('-0');
    expect(formatG(5e-324, 17)).toBe('4.9406564584124654e-324');
    expect(formatG(1.7976931348623157e308, 17)).toBe('1.7976931348623157e+308');
    expect(formatG(1e100, 17)).toBe('1e+100');
  });

  it('rounds exact ties to even like glibc (JS toPrecision rounds them up)', () => {
    expect(formatG(1048576.125, 9)).toBe('1048576.12');
    expect(formatG(1048576.375, 9)).toBe('1048576.38');
    expect(formatG(0.5, 1)).toBe('0.5');
    expect(formatG(2.5, 1)).toBe('2');
    expect(formatG(3.5, 1)).toBe('4');
    expect(formatG(9.5, 1)).toBe('1e+01');
  });

  it('prints float and double bytes with gdb\'s precision and special values', () => {
    expect(formatFloatBytes(f32(0.1), 32)).toBe('0.100000001');
    expect(formatFloatBytes(f64(0.1), 64)).toBe('0.10000000000000001');
    expect(formatFloatBytes(f32(-Infinity), 32)).toBe('-inf');
    expect(formatFloatBytes(raw64(0x7ff80000, 0), 64)).toBe('nan(0x8000000000000)');
    expect(formatFloatBytes(raw64(0xfff00000, 1), 64)).toBe('-nan(0x000000001)');
  });
});
