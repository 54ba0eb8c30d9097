import { describe, expect, it } from 'vitest';
import { ValueHistory, evaluate, isTrue, lvalueOf, parsePrint, valueAsNumber } from '../../../src/debug/expr/index.js';
import { qualifiedText } from '../../../src/debug/expr/ctypes.js';
import { intType, floatType } from '../../../src/engine/check/types.js';
import { FDATA, GLOBAL, fakeContext } from './fake-context.js';

/** Evaluates in a fresh fake context, failing the test on an error. */
function value(text: string) {
  const r = evaluate(text, fakeContext(), new ValueHistory());
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe('parsePrint', () => {
  it('splits the format from the expression', () => {
    expect(parsePrint('/x arr[0]@4')).toEqual({ ok: true, fmt: 'x', expr: 'arr[0]@4' });
    expect(parsePrint('  i + 1 ')).toEqual({ ok: true, fmt: null, expr: 'i + 1' });
    expect(parsePrint('/x')).toEqual({ ok: true, fmt: 'x', expr: '' });
    expect(parsePrint('')).toEqual({ ok: true, fmt: null, expr: '' });
    expect(parsePrint('/rx i')).toEqual({ ok: true, fmt: 'x', expr: 'i' });
  });

  it('rejects what gdb rejects', () => {
    expect(parsePrint('/q 1')).toEqual({ ok: false, error: 'Undefined output format "q".' });
    expect(parsePrint('/2x 1')).toEqual({ ok: false, error: 'Item count other than 1 is meaningless in "print" command.' });
    expect(parsePrint('/w 1')).toEqual({ ok: false, error: 'Size letters are meaningless in "print" command.' });
    expect(parsePrint('/i 1')).toEqual({ ok: false, error: 'Format letter "i" is meaningless in "print" command.' });
  });
});

describe('values for the session', () => {
  it('gives Evaluated values with type, little-endian bytes, place and space', () => {
    const v = value('vals[1]');
    expect(v.type).toEqual(intType);
    expect([...v.bytes]).toEqual([6, 0, 0, 0]);
    expect(v.place).toEqual({ kind: 'memory', space: 'global', address: GLOBAL + 4 });
    const ptr = value('&sdata[2]');
    expect(ptr.space).toBe('shared');
    expect(qualifiedText(ptr.type, null, ptr.space)).toBe('@shared int *');
    expect(value('x').place).toEqual({ kind: 'register', name: 'x' });
    expect(value('i + 1').place).toBeNull();
  });

  it('isTrue follows C: nonzero scalars, non-null pointers', () => {
    expect(isTrue(value('i == 5'))).toBe(true);
    expect(isTrue(value('i - 5'))).toBe(false);
    expect(isTrue(value('0.0'))).toBe(false);
    expect(isTrue(value('-0.0'))).toBe(false);
    expect(isTrue(value('0.5'))).toBe(true);
    expect(isTrue(value('fdata[5]'))).toBe(true);
    expect(isTrue(value('nullc'))).toBe(false);
    expect(isTrue(value('p'))).toBe(true);
    expect(isTrue(value('threadIdx.x == 1 && blockIdx.x == 2'))).toBe(true);
  });

  it('valueAsNumber turns values into numbers and addresses', () => {
    expect(valueAsNumber(value('neg'))).toBe(-1);
    expect(valueAsNumber(value('x'))).toBeCloseTo(34.3333321, 6);
    expect(valueAsNumber(value('p'))).toBe(FDATA);
    expect(valueAsNumber(value('vals'))).toBe(GLOBAL);
    expect(valueAsNumber(value('pt'))).toBeNull();
  });

  it('lvalueOf names the place to watch without reading it', () => {
    const ctx = fakeContext();
    expect(lvalueOf('vals[2]', ctx)).toEqual({ ok: true, place: { kind: 'memory', space: 'global', address: GLOBAL + 8 }, type: intType, size: 4 });
    expect(lvalueOf('big', ctx)).toMatchObject({ ok: true, size: 1200 });
    expect(lvalueOf('p[1]', ctx)).toEqual({ ok: true, place: { kind: 'memory', space: 'generic', address: FDATA + 4 }, type: floatType, size: 4 });
    expect(lvalueOf('*(@shared int *) 8', ctx)).toMatchObject({ ok: true, place: { kind: 'memory', space: 'shared', address: 8 } });
    expect(lvalueOf('x', ctx)).toMatchObject({ ok: true, place: { kind: 'register', name: 'x' } });
    const reads = ctx.reads;
    expect(lvalueOf('big[0]@300', ctx)).toMatchObject({ ok: true, size: 1200 });
    expect(ctx.reads).toBe(reads);
    expect(lvalueOf('5', ctx)).toEqual({ ok: false, error: 'Cannot watch constant value `5\'.' });
    expect(lvalueOf('i + 1', ctx)).toEqual({ ok: false, error: 'Cannot watch `i + 1\': it is not an lvalue.' });
    expect(lvalueOf('nosuch', ctx)).toEqual({ ok: false, error: 'No symbol "nosuch" in current context.' });
  });

  it('reads only what an expression needs', () => {
    const ctx = fakeContext();
    const r = evaluate('big[150] + big[151]', ctx, new ValueHistory());
    expect(r.ok && valueAsNumber(r.value)).toBe(301);
    expect(ctx.reads).toBe(2);
  });
});
