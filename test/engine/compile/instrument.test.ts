import { describe, expect, it } from 'vitest';
import { compileProgram, type Observer } from '../../../src/engine/compile/index.js';
import { Memory } from '../../../src/engine/memory/index.js';
import { intType, pointerTo } from '../../../src/engine/check/types.js';
import { c, fnc, idx, intr, program, rd, setm, tid, v } from '../exec/ir-helpers.js';

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
    const g = cp.kernelInfo(k).runGrid({ grid: { x: 1, y: 1, z: 1 }, block: { x: 4, y: 1, z: 1 }, sharedBytes: 0 }, [buf], { memory, printf: () => {}, stderr: () => {}, maxSteps: 1000, residentBlocks: 132, observer });
    const first = g.next();
    expect(first.value).toMatchObject({ kind: 'step' });
    let r = g.next();
    while (!r.done) r = g.next();
    expect(r.value).toEqual({ kind: 'ok' });
    expect(stmts).toEqual([0b1111]);
    expect(stores).toEqual([buf, buf + 4, buf + 8, buf + 12]);
  });

  it('reports barrier arrivals per warp and the release per waiting warp, with the block of each event', () => {
    const p = v('a', pointerTo(intType), 'auto', true);
    const l7 = { file: 't.cu', line: 7, col: 1 };
    const sync = { k: 'expr', e: { ...intr('__syncthreads', []), loc: l7 }, loc: l7 } as const;
    const k = fnc('k', 'global', [p], [], [sync, setm(idx(rd(p), tid), c(5), 'global')]);
    const cp = compileProgram(program([k]), { instrument: true });
    const memory = new Memory();
    const buf = memory.allocGlobal(4 * 128)!;
    const events: string[] = [];
    const observer: Observer = {
      statement: () => false,
      access: (_k, _s, _a, _n, _v, lane, w) => void (lane === 0 && events.push(`store b${w.bx} w${w.id}`)),
      barrier: (kind, block, warp, mask, loc) => void events.push(`${kind} b${block.x} w${warp} ${(mask >>> 0).toString(16)} l${loc.line}`),
    };
    // 2 blocks of 2 warps (the second warp has 16 lanes): blocks interleave at the barrier.
    const g = cp.kernelInfo(k).runGrid({ grid: { x: 2, y: 1, z: 1 }, block: { x: 48, y: 1, z: 1 }, sharedBytes: 0 }, [buf], { memory, printf: () => {}, stderr: () => {}, maxSteps: 1000, residentBlocks: 132, observer });
    let r = g.next();
    while (!r.done) r = g.next();
    expect(r.value).toEqual({ kind: 'ok' });
    expect(events).toEqual([
      'arrive b0 w0 ffffffff l7', 'arrive b0 w1 ffff l7', 'release b0 w0 ffffffff l7', 'release b0 w1 ffff l7',
      'arrive b1 w0 ffffffff l7', 'arrive b1 w1 ffff l7', 'release b1 w0 ffffffff l7', 'release b1 w1 ffff l7',
      'store b0 w0', 'store b0 w1', 'store b1 w0', 'store b1 w1',
    ]);
  });

  it('compiles without instrumentation to code with no observer calls', () => {
    const p = v('a', pointerTo(intType), 'auto', true);
    const k = fnc('k', 'global', [p], [], [setm(idx(rd(p), tid), c(5), 'global')]);
    expect(compileProgram(program([k])).source).not.toMatch(/O\.statement|obsAccess\('/);
  });
});
