import { describe, expect, it } from 'vitest';
import type { ExamineState } from '../../../src/debug/expr/index.js';
import { ValueHistory, examine, initialExamineState } from '../../../src/debug/expr/index.js';
import { fakeContext } from './fake-context.js';

/** Runs x commands in sequence (sharing state as the session does), returning what each prints. */
function xs(...commands: string[]): string[] {
  const ctx = fakeContext();
  const h = new ValueHistory();
  let state: ExamineState = initialExamineState;
  return commands.map((c) => {
    const r = examine(c, ctx, h, state);
    state = r.state;
    return r.error === null ? r.output : r.output + r.error;
  });
}
const x = (c: string): string => xs(c)[0]!;

describe('x: examine memory', () => {
  it('prints units per line as gdb does: 4 words, 8 bytes, 2 giants', () => {
    expect(x('/4dw vals')).toBe('0x7fffd0000000:\t25\t6\t34\t91');
    expect(x('/8xb vals')).toBe('0x7fffd0000000:\t0x19\t0x00\t0x00\t0x00\t0x06\t0x00\t0x00\t0x00');
    expect(x('/2xg vals')).toBe('0x7fffd0000000:\t0x0000000600000019\t0x0000005b00000022');
    expect(x('/3uh vals')).toBe('0x7fffd0000000:\t25\t0\t6');
    expect(x('/6dw vals')).toBe('0x7fffd0000000:\t25\t6\t34\t91\n0x7fffd0000010:\t0\t0');
    expect(x('/2tb vals')).toBe('0x7fffd0000000:\t00011001\t00000000');
    expect(x('/2ow vals')).toBe('0x7fffd0000000:\t031\t06');
    expect(x('/dw &vals[2]')).toBe('0x7fffd0000008:\t34');
  });

  it('prints floats with f: 4 per line for words, 2 for giants', () => {
    expect(x('/8fw fdata')).toBe(
      '0x7fffd0000100:\t34.3333321\t1\t1e+10\t-2.5\n0x7fffd0000110:\t0.100000001\tnan(0x400000)\t-nan(0x400000)\tinf',
    );
    expect(x('/2fg fdata')).toBe('0x7fffd0000100:\t0.0078125019219138867\t-8.0000023866318646');
    expect(x('/2f p')).toBe('0x7fffd0000100:\t34.3333321\t1');
  });

  it('keeps the space of a pointer expression and reads integers as generic addresses', () => {
    expect(x('/4dw (@shared int *) 0')).toBe('0x0:\t0\t10\t20\t30');
    expect(x('/2dw sdata')).toBe('0x0:\t0\t10');
    expect(x('/2dw 0x7fffd0000004')).toBe('0x7fffd0000004:\t6\t34');
  });

  it('prints chars and strings', () => {
    expect(x('/2c msg')).toBe("0x601040:\t104 'h'\t105 'i'");
    expect(x('/s msg')).toBe('0x601040:\t"hi there"');
    expect(x('/2s name16')).toBe('0x601060:\t"hello"\n0x601066:\t""');
    expect(x('/s 0x10')).toBe('0x10:\t<error: Cannot access memory at address 0x10>');
  });

  it('prints addresses with a (giant-sized)', () => {
    expect(x('/a &p')).toBe('Address requested for identifier "p" which is in a register.');
    expect(x('/2a vals')).toBe('0x7fffd0000000:\t0x600000019\t0x5b00000022');
  });

  it('stops at unreadable memory after what it printed, as gdb does', () => {
    expect(x('/4xw 0')).toBe('0x0:\tCannot access memory at address 0x0');
    expect(x('/3dw &big[298]')).toBe('0x7fffd00014a8:\t298\t299\tCannot access memory at address 0x7fffd00014b0');
  });

  it('remembers format, size and the next address', () => {
    expect(xs('/2dw vals', '', '/x', 'vals')).toEqual([
      '0x7fffd0000000:\t25\t6',
      '0x7fffd0000008:\t34\t91',
      '0x7fffd0000010:\t0x00000000',
      '0x7fffd0000000:\t0x00000019',
    ]);
    expect(xs('/c msg', '/3')).toEqual(["0x601040:\t104 'h'", "0x601041:\t105 'i'\t32 ' '\t116 't'"]);
    expect(x('vals')).toBe('0x7fffd0000000:\t0x00000019');
  });

  it('reports gdb\'s errors', () => {
    expect(x('')).toBe('Argument required (starting display address).');
    expect(x('/i vals')).toBe('Cannot disassemble: Warpscope has no machine code');
    expect(x('/q vals')).toBe('Undefined output format "q".');
    expect(x('/x pt')).toBe("Value can't be converted to integer.");
    expect(x('/x nosuch')).toBe('No symbol "nosuch" in current context.');
  });
});
