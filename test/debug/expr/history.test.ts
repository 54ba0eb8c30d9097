import { describe, expect, it } from 'vitest';
import { ValueHistory, printCommand } from '../../../src/debug/expr/index.js';
import { fakeContext } from './fake-context.js';
import { p } from './helpers.js';
import { intType } from '../../../src/engine/check/types.js';

describe('value history', () => {
  it('numbers print results and resolves $, $$, $N and $$N', () => {
    const ctx = fakeContext();
    const h = new ValueHistory();
    const run = (args: string): string => {
      const r = printCommand(args, ctx, h);
      return r.ok ? r.text : r.error;
    };
    expect(run('')).toBe('The history is empty.');
    expect(run('$')).toBe('The history is empty.');
    expect(run('i')).toBe('$1 = 5');
    expect(run('$$')).toBe('History does not go back to $$1.');
    expect(run('vals')).toBe('$2 = {25, 6, 34, 91}');
    expect(run('$1 * 10')).toBe('$3 = 50');
    expect(run('$')).toBe('$4 = 50');
    expect(run('$$3')).toBe('$5 = 5');
    expect(run('$$')).toBe('$6 = 50');
    expect(run('$2[3]')).toBe('$7 = 91');
    expect(run('$9')).toBe('History has not yet reached $9.');
    expect(run('$$20')).toBe('History does not go back to $$20.');
    expect(run('/x')).toBe('$8 = 0x5b');
    expect(run('')).toBe('$9 = 91');
    expect(run('&$2')).toBe('$10 = (@global int (*)[4]) 0x7fffd0000000');
    expect(run('$2[0]@2')).toBe('$11 = {25, 6}');
    expect(h.size).toBe(11);
    expect(h.get(1)).toMatchObject({ ok: true });
    expect(h.get(12)).toEqual({ ok: false, error: 'History has not yet reached $12.' });
  });

  it('prints convenience variables as void (a replay cannot set them)', () => {
    expect(p('$foo')).toBe('void');
    expect(p('$5')).toBe('History has not yet reached $5.');
  });

  it('gives the convenience variables the debugger sets their values ($bpnum)', () => {
    const h = new ValueHistory();
    h.setConvenience('bpnum', { type: intType, bytes: new Uint8Array(Int32Array.of(3).buffer), place: null, space: 'generic' });
    const r = printCommand('$bpnum + 1', fakeContext(), h);
    expect(r.ok ? r.text : r.error).toBe('$1 = 4');
    expect(h.convenience('other')).toBeNull();
  });
});
