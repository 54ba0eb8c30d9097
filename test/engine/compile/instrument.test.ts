import { describe, expect, it } from 'vitest';
import { compileProgram, type Observer } from '../../../src/engine/compile/index.js';
import { Memory } from '../../../src/engine/memory/index.js';
import { intType, pointerTo } from '../../../src/engine/check/types.js';
import { c, fnc, idx, program, rd, setm, tid, v } from '../exec/ir-helpers.js';

describe('instrumentation', () => {
  it('reports statements and memory accesses and can suspend with step', () => {
    const p = v('a', pointerTo(intType), 'auto', true);
    const k = fnc('k', 'global', [p], [], [setm(idx(rd(p), tid), c(5), 'global')]);
    const cp = compileProgram(program([k]), { instrument: true });
    const memory = new Memory();
    const buf = memory.allocGlobal(64)!;
    const stmts: number[] = [];
    const stores: number[] = [];
    const observer: Observer = {
      statement: (_w, mask) => (stmts.push(mask), true),
      access: (kind, _s, addr) => void (kind === 'store' && stores.push(addr)),
    };
    const g = cp.kernelInfo(k).runGrid({ grid: { x: 1, y: 1, z: 1 }, block: { x: 4, y: 1, z: 1 }, sharedBytes: 0 }, [buf], { memory, printf: () => {}, stderr: () => {}, maxSteps: 1000, observer });
    const first = g.next();
    expect(first.value).toMatchObject({ kind: 'step' });
    let r = g.next();
    while (!r.done) r = g.next();
    expect(r.value).toEqual({ kind: 'ok' });
    expect(stmts).toEqual([0b1111]);
    expect(stores).toEqual([buf, buf + 4, buf + 8, buf + 12]);
  });

  it('compiles without instrumentation to code with no observer calls', () => {
    const p = v('a', pointerTo(intType), 'auto', true);
    const k = fnc('k', 'global', [p], [], [setm(idx(rd(p), tid), c(5), 'global')]);
    expect(compileProgram(program([k])).source).not.toMatch(/O\.statement|obsAccess\('/);
  });
});
