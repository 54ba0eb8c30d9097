import { describe, expect, it } from 'vitest';
import type { IStmt, VarSym } from '../../../src/engine/check/ir.js';
import { intType, pointerTo } from '../../../src/engine/check/types.js';
import { spinLoop } from '../../../src/engine/compile/spin-loops.js';
import { ar, blk, brk, c, cmp, ifs, inc, intr, idx, ld, loop, rd, setm, setv, v } from '../exec/ir-helpers.js';

/*
 * Which loops the compiler probes for spinning: those whose iterations write nothing but
 * registers, and which registers decide whether they end (the rest may change all they like).
 */

const a = v('a', pointerTo(intType), 'auto', true);
const n = v('n');
const i = v('i');
const x = v('x');
const framed = v('f');
const regs = new Set<VarSym>([a, n, i, x]);
const probe = (s: IStmt, host = false) => spinLoop(s as IStmt & { k: 'loop' }, (r) => regs.has(r), host);
const names = (s: IStmt) => probe(s)?.vars.map((r) => r.name).sort();
const flagUnset = cmp('==', ld(rd(a)), c(0));

describe('spin loops', () => {
  it('need no register for a loop that only reads memory, and ignore a counter its exit never reads', () => {
    expect(names(loop(null, flagUnset, null, blk()))).toEqual([]);
    expect(names(loop(null, flagUnset, null, blk({ k: 'expr', e: inc(n), loc: n.loc })))).toEqual([]);
    expect(names(loop(null, null, null, blk()))).toEqual([]);
  });

  it('keep the registers an exit reads, and those that feed them', () => {
    // while (a[i] == 0) { x = x + 1; i = x & 3; }: i decides, x feeds i, n does not matter.
    const body = blk(setv(x, ar('+', rd(x), c(1))), setv(i, ar('&', rd(x), c(3))), { k: 'expr', e: inc(n), loc: n.loc });
    expect(names(loop(null, cmp('==', ld(idx(rd(a), rd(i))), c(0)), null, body))).toEqual(['i', 'x']);
    // A condition inside the body decides too: if (n > 5) break;
    expect(names(loop(null, flagUnset, null, blk({ k: 'expr', e: inc(n), loc: n.loc }, ifs(cmp('>', rd(n), c(5)), brk))))).toEqual(['n']);
  });

  it('are not loops that store, call a built-in with effects, read the clock or keep a variable in memory', () => {
    expect(probe(loop(null, flagUnset, null, blk(setm(idx(rd(a), c(1)), c(1)))))).toBeNull();
    expect(probe(loop(null, flagUnset, null, blk({ k: 'expr', e: intr('atomicAdd', [rd(a), c(1)], intType), loc: a.loc })))).toBeNull();
    expect(probe(loop(null, flagUnset, null, blk({ k: 'expr', e: intr('printf', [c(0)], intType), loc: a.loc })))).toBeNull();
    expect(probe(loop(null, cmp('<', intr('clock', [], intType), c(100)), null, blk()))).toBeNull();
    expect(probe(loop(null, flagUnset, null, blk(setv(framed, c(1)))))).toBeNull();
    expect(probe(loop(null, flagUnset, null, blk({ k: 'expr', e: intr('__syncthreads', []), loc: a.loc })))).toBeNull();
  });

  it('may wait politely, and host loops may call nothing at all', () => {
    const nap = blk({ k: 'expr', e: intr('__nanosleep', [c(100)]), loc: a.loc });
    expect(names(loop(null, flagUnset, null, nap))).toEqual([]);
    expect(probe(loop(null, flagUnset, null, nap), true)).toBeNull();
    expect(probe(loop(null, flagUnset, null, blk()), true)?.vars).toEqual([]);
  });
});
