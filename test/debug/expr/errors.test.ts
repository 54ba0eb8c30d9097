import { describe, expect, it } from 'vitest';
import { evaluate, ValueHistory, parse } from '../../../src/debug/expr/index.js';
import { fakeContext } from './fake-context.js';
import { p } from './helpers.js';

const replay = "Cannot change the program's state: Warpscope answers from a recording of the run, which cannot be altered (use goto/reverse commands to move in time).";

describe('errors: gdb\'s messages', () => {
  it('reports unknown names at parse time, even in branches never evaluated', () => {
    expect(p('foo')).toBe('No symbol "foo" in current context.');
    expect(p('0 && foo')).toBe('No symbol "foo" in current context.');
    expect(p('(struct nope *) 0')).toBe('No struct type named nope.');
  });

  it('reports syntax errors near the rest of the input', () => {
    expect(p('(1 + )')).toBe("A syntax error in expression, near `)'.");
    expect(p('1 +')).toBe("A syntax error in expression, near `'.");
    expect(p('1 2')).toBe("A syntax error in expression, near `2'.");
    expect(p('vals[1')).toBe("A syntax error in expression, near `'.");
    expect(p('pt.')).toBe("A syntax error in expression, near `'.");
    expect(p('1 # 2')).toBe("Invalid character '#' in expression.");
    expect(p('08')).toBe('Invalid number "08".');
    expect(p('"abc')).toBe('Unterminated string in expression.');
    expect(p('int')).toBe('Attempt to use a type name as an expression');
    expect(p('(@texture int *) 0')).toBe('Unknown address space specifier: "texture"');
  });

  it('reports memory, pointer, member and arithmetic errors', () => {
    expect(p('*(int *) 0x10')).toBe('Cannot access memory at address 0x10');
    expect(p('*i')).toBe('Cannot access memory at address 0x5');
    expect(p('*x')).toBe('Attempt to take contents of a non-pointer value.');
    expect(p('pt.q')).toBe('There is no member named q.');
    expect(p('i.x')).toBe('Attempt to extract a component of a value that is not a structure.');
    expect(p('i->x')).toBe('Attempt to extract a component of a value that is not a structure pointer.');
    expect(p('i[0]')).toBe("cannot subscript something of type `int'");
    expect(p('1/0')).toBe('Division by zero');
    expect(p('i % 0')).toBe('Division by zero');
    expect(p('pt + 1')).toBe('Argument to arithmetic operation not a number or boolean.');
    expect(p('&i')).toBe('Address requested for identifier "i" which is in a register.');
    expect(p('&5')).toBe('Attempt to take address of value not located in memory.');
    expect(p('1.5 % 2')).toBe('Integer-only operation BINOP_REM.');
  });

  it('checks gdb\'s @ operator', () => {
    expect(p('vals[1]@2')).toBe('{6, 34}');
    expect(p('vals[0]@2+1')).toBe('{25, 6, 34}');
    expect(p('i@2')).toBe("Only values in memory can be extended with '@'.");
    expect(p('vals[0]@0')).toBe('Invalid number 0 of repetitions.');
    expect(p('vals[0]@1.5')).toBe('Non-integral right operand for "@" operator.');
  });

  it('refuses to change the recorded state', () => {
    expect(p('i = 3')).toBe(replay);
    expect(p('i += 1')).toBe(replay);
    expect(p('i++')).toBe(replay);
    expect(p('--i')).toBe(replay);
    expect(p('vals[0] <<= 2')).toBe(replay);
  });

  it('refuses huge objects as gdb\'s max-value-size does, without reading them', () => {
    const ctx = fakeContext();
    expect(p('vals[0]@20000', ctx)).toBe('value requires 80000 bytes, which is more than max-value-size');
    expect(ctx.reads).toBe(0);
  });

  it('never throws', () => {
    const ctx = fakeContext();
    for (const text of ['', ')', '((((', '$$$$', "'", '@', 'sizeof', '(int', '{int', 'x.y.z', '*&*&p', '$1@2']) {
      expect(() => evaluate(text, ctx, new ValueHistory())).not.toThrow();
    }
    expect(parse('a ? b : c ? d : e').ok).toBe(true);
  });
});
