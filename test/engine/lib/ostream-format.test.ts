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
  // showpos, showbase, uppercase, showpoint, hexfloat and internal, as g++ 12.2's libstdc++ printed them.
  ['showpos int', { showpos: true }, i(5n), '+5'],
  ['showpos zero', { showpos: true }, i(0n), '+0'],
  ['showpos leaves unsigned alone', { showpos: true }, i(5n, 32, false), '5'],
  ['showpos bool', { showpos: true }, { kind: 'bool', value: true }, '+1'],
  ['showpos char', { showpos: true }, { kind: 'char', code: 99 }, 'c'],
  ['showpos double', { showpos: true }, d(3.5), '+3.5'],
  ['showpos fixed -0.0', { showpos: true, float: 'fixed', precision: 2 }, d(-0), '-0.00'],
  ['showpos hex int has no sign', { showpos: true, base: 16 }, i(5n), '5'],
  ['showbase hex', { showbase: true, base: 16 }, i(255n), '0xff'],
  ['showbase hex zero', { showbase: true, base: 16 }, i(0n), '0'],
  ['showbase hex -1', { showbase: true, base: 16 }, i(-1n), '0xffffffff'],
  ['showbase oct', { showbase: true, base: 8 }, i(8n), '010'],
  ['showbase decimal', { showbase: true }, i(10n), '10'],
  ['uppercase hex', { uppercase: true, base: 16 }, i(255n), 'FF'],
  ['uppercase showbase hex', { uppercase: true, showbase: true, base: 16 }, i(-1n, 16), '0XFFFF'],
  ['uppercase general', { uppercase: true }, d(3.5e20), '3.5E+20'],
  ['uppercase scientific', { uppercase: true, float: 'scientific' }, d(1.5), '1.500000E+00'],
  ['uppercase fixed inf stays lowercase', { uppercase: true, float: 'fixed' }, d(Infinity), 'inf'],
  ['uppercase general -inf', { uppercase: true }, d(-Infinity), '-INF'],
  ['uppercase pointer stays lowercase', { uppercase: true, showbase: true }, { kind: 'pointer', address: 0xabcn }, '0xabc'],
  ['hexfloat', { float: 'hex' }, d(3), '0x1.8p+1'],
  ['hexfloat ignores precision', { float: 'hex', precision: 2 }, d(1 / 3), '0x1.5555555555555p-2'],
  ['hexfloat -0.1', { float: 'hex' }, d(-0.1), '-0x1.999999999999ap-4'],
  ['hexfloat uppercase', { float: 'hex', uppercase: true }, d(3), '0X1.8P+1'],
  ['hexfloat showpos uppercase', { float: 'hex', uppercase: true, showpos: true }, d(2), '+0X1P+1'],
  ['hexfloat subnormal', { float: 'hex', uppercase: true }, d(1e-320), '0X0.00000000007E8P-1022'],
  ['showpoint general', { showpoint: true }, d(1), '1.00000'],
  ['showpoint 100', { showpoint: true }, d(100), '100.000'],
  ['showpoint fixed precision 0', { showpoint: true, float: 'fixed', precision: 0 }, d(3), '3.'],
  ['showpoint scientific precision 0', { showpoint: true, float: 'scientific', precision: 0 }, d(4), '4.e+00'],
  ['showpoint leaves ints alone', { showpoint: true }, i(7n), '7'],
  ['internal negative', { adjust: 'internal', width: 8 }, i(-42n), '-     42'],
  ['internal showpos', { adjust: 'internal', width: 8, showpos: true }, i(42n), '+     42'],
  ['internal showbase hex', { adjust: 'internal', width: 8, fill: '0', showbase: true, base: 16 }, i(255n), '0x0000ff'],
  ['internal double', { adjust: 'internal', width: 10, fill: '0' }, d(-2.5), '-0000002.5'],
  ['internal hexfloat pads after the sign only', { adjust: 'internal', width: 12, float: 'hex' }, d(-1.5), '-   0x1.8p+0'],
  ['internal string is right', { adjust: 'internal', width: 6, fill: '0' }, { kind: 'string', text: 'ab' }, '0000ab'],
  ['internal char is right', { adjust: 'internal', width: 4, fill: '0' }, { kind: 'char', code: 120 }, '000x'],
  ['internal boolalpha is right', { adjust: 'internal', width: 8, boolalpha: true }, { kind: 'bool', value: true }, '    true'],
  ['internal pointer', { adjust: 'internal', width: 14, fill: '0' }, { kind: 'pointer', address: 0x1234n }, '0x000000001234'],
  ['internal null pointer', { adjust: 'internal', width: 6, fill: '0' }, { kind: 'pointer', address: 0n }, '000000'],
];

describe('formatInsertion matches libstdc++', () => {
  for (const [label, flags, value, want] of cases) {
    it(label, () => {
      expect(formatInsertion({ ...defaultFlags(), ...flags }, value)).toBe(want);
    });
  }
});
