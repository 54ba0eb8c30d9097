import { describe, expect, it } from 'vitest';
import { defaultFlags, formatInsertion, type OstreamFlags, type OstreamValue } from '../../../src/engine/lib/ostream-format.js';

// Expected strings were printed by libstdc++ (GCC 12.2, x86-64) through an ostringstream with the
// same manipulators: `o << setw(10) << left << -3.5` and so on.
type Case = [label: string, flags: Partial<OstreamFlags>, value: OstreamValue, want: string];

const d = (value: number): OstreamValue => ({ kind: 'float', value });
const i = (value: bigint, bits = 32, signed = true): OstreamValue => ({ kind: 'int', value, bits, signed });

const cases: Case[] = [
  ['3.14159265 general', {}, d(3.14159265), '3.14159'],
  ['1e6 general', {}, d(1e6), '1e+06'],
  ['123456.0 general', {}, d(123456), '123456'],
  ['1234567.0 general', {}, d(1234567), '1.23457e+06'],
  ['-0.0', {}, d(-0), '-0'],
  ['inf', {}, d(Infinity), 'inf'],
  ['-inf', {}, d(-Infinity), '-inf'],
  ['nan', {}, d(NaN), 'nan'],
  ['0.1f as a double', {}, d(Math.fround(0.1)), '0.1'],
  ['1e-5', {}, d(1e-5), '1e-05'],
  ['0.0001', {}, d(0.0001), '0.0001'],
  ['precision 0', { precision: 0 }, d(2.5), '2'],
  ['precision 10', { precision: 10 }, d(1 / 3), '0.3333333333'],
  ['negative precision is 6', { precision: -1 }, d(1 / 3), '0.333333'],
  ['fixed', { float: 'fixed' }, d(1 / 3), '0.333333'],
  ['fixed precision 0 rounds to even', { float: 'fixed', precision: 0 }, d(2.5), '2'],
  ['fixed precision 2', { float: 'fixed', precision: 2 }, d(1e10), '10000000000.00'],
  ['fixed nan', { float: 'fixed' }, d(NaN), 'nan'],
  ['scientific', { float: 'scientific' }, d(12345.678), '1.234568e+04'],
  ['scientific precision 1', { float: 'scientific', precision: 1 }, d(-0.00123), '-1.2e-03'],
  ['width 10', { width: 10 }, d(3.5), '       3.5'],
  ['width 10 left', { width: 10, adjust: 'left' }, d(-3.5), '-3.5      '],
  ['fill 0 pads before the sign', { width: 6, fill: '0' }, i(-42n), '000-42'],
  ['hex int -1', { base: 16 }, i(-1n), 'ffffffff'],
  ['hex short -1', { base: 16 }, i(-1n, 16), 'ffff'],
  ['hex long -1', { base: 16 }, i(-1n, 64), 'ffffffffffffffff'],
  ['oct int -8', { base: 8 }, i(-8n), '37777777770'],
  ['hex 255ull', { base: 16 }, i(255n, 64, false), 'ff'],
  ['long long min', {}, i(-(2n ** 63n), 64), '-9223372036854775808'],
  ['unsigned long long max', {}, i(2n ** 64n - 1n, 64, false), '18446744073709551615'],
  ['bool', {}, { kind: 'bool', value: true }, '1'],
  ['boolalpha width 6', { boolalpha: true, width: 6 }, { kind: 'bool', value: false }, ' false'],
  ['bool in hex', { base: 16 }, { kind: 'bool', value: true }, '1'],
  ['char width 3', { width: 3 }, { kind: 'char', code: 120 }, '  x'],
  ['char left fill', { width: 3, adjust: 'left', fill: '.' }, { kind: 'char', code: 120 }, 'x..'],
  ['string width 5', { width: 5 }, { kind: 'string', text: 'ab' }, '   ab'],
  ['string wider than width', { width: 1 }, { kind: 'string', text: 'abc' }, 'abc'],
  ['pointer', {}, { kind: 'pointer', address: 0x7ffd1234n }, '0x7ffd1234'],
  ['null pointer is 0', { width: 4 }, { kind: 'pointer', address: 0n }, '   0'],
  ['pointer ignores the base', { base: 8 }, { kind: 'pointer', address: 0xabcn }, '0xabc'],
  ['pointer left', { width: 12, adjust: 'left' }, { kind: 'pointer', address: 0xabcn }, '0xabc       '],
  ['nullptr', { width: 9 }, { kind: 'nullptr' }, '  nullptr'],
  ['hex leaves doubles alone', { base: 16 }, d(2.5), '2.5'],
];

describe('formatInsertion matches libstdc++', () => {
  for (const [label, flags, value, want] of cases) {
    it(label, () => {
      expect(formatInsertion({ ...defaultFlags(), ...flags }, value)).toBe(want);
    });
  }
});
