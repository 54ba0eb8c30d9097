import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatDevicePrintf, formatPrintf, type PrintfArg } from '../../../src/engine/lib/printf.js';

// printf-glibc.json holds [format, args, expected] triples; the expected strings were printed by
// glibc 2.36 snprintf on x86-64 (a generated C program), doubles are given by their bit patterns.
type Raw = [string, Array<[string, string | null]>, string];
const cases = JSON.parse(readFileSync(new URL('./printf-glibc.json', import.meta.url), 'utf8')) as Raw[];

function fromBits(hex: string): number {
  const v = new DataView(new ArrayBuffer(8));
  v.setBigUint64(0, BigInt('0x' + hex));
  return v.getFloat64(0);
}

function toArg([k, v]: [string, string | null]): PrintfArg {
  if (k === 'i') return { kind: 'int', value: BigInt(v ?? '0') };
  if (k === 'd') return { kind: 'double', value: fromBits(v ?? '0') };
  if (k === 'p') return { kind: 'pointer', value: BigInt(v ?? '0') };
  return { kind: 'string', value: v };
}

describe('formatPrintf matches glibc', () => {
  it(`all ${cases.length} generated cases`, () => {
    const bad: string[] = [];
    for (const [fmt, args, want] of cases) {
      const got = formatPrintf(fmt, args.map(toArg));
      if (got !== want) bad.push(`${fmt} ${JSON.stringify(args)}: got ${JSON.stringify(got)} want ${JSON.stringify(want)}`);
    }
    expect(bad.slice(0, 20)).toEqual([]);
  });

  it('prints exact expansions', () => {
    const d = (value: number): PrintfArg => ({ kind: 'double', value });
    expect(formatPrintf('%.20f', [d(0.1)])).toBe('0.10000000000000000555');
    expect(formatPrintf('%f', [d(1e22)])).toBe('10000000000000000000000.000000');
    expect(formatPrintf('%.0f', [d(2.5)])).toBe('2');
    expect(formatPrintf('%g', [d(1e-5)])).toBe('1e-05');
    expect(formatPrintf('%a', [d(1)])).toBe('0x1p+0');
  });

  it('handles missing arguments and %n', () => {
    expect(formatPrintf('%d|%s|%f|%p', [])).toBe('0||0.000000|(nil)');
    expect(() => formatPrintf('%n', [{ kind: 'pointer', value: 8n }])).toThrow();
  });

  it('device printf formats like the host (outputs seen on an H100)', () => {
    expect(formatDevicePrintf('B|%s|', [{ kind: 'string', value: null }])).toBe('B|(null)|');
    expect(formatDevicePrintf('J|%p|%p|', [{ kind: 'pointer', value: 0n }, { kind: 'pointer', value: 0x1234abcdn }])).toBe('J|(nil)|0x1234abcd|');
    expect(formatDevicePrintf('G|%a|%A|%.2a|', [{ kind: 'double', value: 1 }, { kind: 'double', value: -0.1 }, { kind: 'double', value: 3.14159 }])).toBe(
      'G|0x1p+0|-0X1.999999999999AP-4|0x1.92p+1|',
    );
    const i = (v: number): PrintfArg => ({ kind: 'int', value: BigInt(v) });
    const d = (v: number): PrintfArg => ({ kind: 'double', value: v });
    expect(formatDevicePrintf('L1|%*d|', [i(6), i(12)])).toBe('L1|    12|');
    expect(formatDevicePrintf('L2|%.*f|', [i(2), d(1.23456)])).toBe('L2|%.*f|');
    expect(formatDevicePrintf('M2|%f|', [d(-2.5e-300)])).toBe('M2|-0.000000|');
    expect(formatDevicePrintf('C1|%c|%5c|%-3c|', [i(65), i(66), i(67)])).toBe('C1|A|    B|C  |');
    expect(formatDevicePrintf('S1|%10.3s|%-10s|', [{ kind: 'string', value: 'abcdef' }, { kind: 'string', value: 'xy' }])).toBe('S1|       abc|xy        |');
    expect(formatDevicePrintf('E1|%.0e|%#.0e|%g|%g|', [d(2.5), d(3), d(0.0001), d(123456789)])).toBe('E1|2e+00|3.e+00|0.0001|1.23457e+08|');
  });
});
