import { describe, expect, it } from 'vitest';
import { compileProgram } from '../../../src/engine/compile/index.js';
import type { DeviceEnv, LaunchOutcome } from '../../../src/engine/exec/index.js';
import { Memory } from '../../../src/engine/memory/index.js';
import type { IFunction } from '../../../src/engine/check/ir.js';
import { intType, pointerTo } from '../../../src/engine/check/types.js';
import { ar, blk, brk, c, call, cmp, cont, fnc, idx, ifs, init, intr, ld, loop, program, rd, ret, setm, setv, tid, v, inc } from './ir-helpers.js';

const ip = pointerTo(intType);

function run(fns: IFunction[], kernel: IFunction, n: number, threads: number, extra: Partial<DeviceEnv> = {}, grid = 1): { out: number[]; outcome: LaunchOutcome; prints: string[] } {
  const prog = program(fns);
  const cp = compileProgram(prog);
  const memory = new Memory();
  const buf = memory.allocGlobal(4 * n)!;
  for (let i = 0; i < n; i++) memory.store(buf + 4 * i, intType, i);
  const prints: string[] = [];
  const env: DeviceEnv = { memory, printf: (t) => prints.push(t), stderr: (t) => prints.push(t), maxSteps: 100000, residentBlocks: 132 * 32, ...extra };
  const g = cp.kernelInfo(kernel).runGrid({ grid: { x: grid, y: 1, z: 1 }, block: { x: threads, y: 1, z: 1 }, sharedBytes: 0 }, [buf], env);
  let r = g.next();
  while (!r.done) r = g.next();
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(memory.load(buf + 4 * i, intType) as number);
  return { out, outcome: r.value, prints };
}

describe('warp execution', () => {
  it('reads all lanes before any lane stores within one statement (a[i] = a[i-1] + a[i])', () => {
    const p = v('a', ip, 'auto', true);
    const i = ar('+', tid, c(1));
    const k = fnc('k', 'global', [p], [], [setm(idx(rd(p), i), ar('+', ld(idx(rd(p), ar('-', i, c(1)))), ld(idx(rd(p), i))))]);
    const { out } = run([k], k, 33, 32);
    expect(out.slice(0, 5)).toEqual([0, 1, 3, 5, 7]);
  });

  it('runs divergent if/else sides with their lanes and reconverges', () => {
    const p = v('a', ip, 'auto', true);
    const x = v('x');
    const k = fnc('k', 'global', [p], [x], [
      init(x, c(0)),
      ifs(cmp('<', tid, c(3)), setv(x, c(10)), setv(x, c(20))),
      setm(idx(rd(p), tid), ar('+', rd(x), tid)),
    ]);
    expect(run([k], k, 6, 6).out).toEqual([10, 11, 12, 23, 24, 25]);
  });

  it('handles per-lane break and continue in loops', () => {
    // for (i = 0; ; i++) { if (i == tid) break; if (i & 1) continue; a[tid] += 1 }
    const p = v('a', ip, 'auto', true);
    const i = v('i');
    const body = blk(ifs(cmp('==', rd(i), tid), brk), ifs(ar('&', rd(i), c(1)), cont), setm(idx(rd(p), tid), ar('+', ld(idx(rd(p), tid)), c(100))));
    const k = fnc('k', 'global', [p], [i], [setm(idx(rd(p), tid), c(0)), loop(init(i, c(0)), null, inc(i), body)]);
    expect(run([k], k, 6, 6).out).toEqual([0, 100, 100, 200, 200, 300]);
  });

  it('supports recursion in device functions with per-lane returns', () => {
    const n = v('n', intType, 'auto', true);
    const fib = fnc('fib', 'device', [n], [], [], intType);
    fib.body = blk(ifs(cmp('<', rd(n), c(2)), ret(rd(n))), ret(ar('+', call(fib, [ar('-', rd(n), c(1))]), call(fib, [ar('-', rd(n), c(2))]))));
    const p = v('a', ip, 'auto', true);
    const k = fnc('k', 'global', [p], [], [setm(idx(rd(p), tid), call(fib, [tid]))]);
    expect(run([fib, k], k, 10, 10).out).toEqual([0, 1, 1, 2, 3, 5, 8, 13, 21, 34]);
  });

  it('shares __shared__ memory across warps through __syncthreads', () => {
    const p = v('a', ip, 'auto', true);
    const sh = v('s', { kind: 'array', of: intType, length: 64 }, 'shared');
    const base = { k: 'varAddr', v: sh, type: ip, loc: sh.loc } as const;
    const k = fnc('k', 'global', [p], [sh], [
      setm(idx(base, tid), ar('*', tid, c(2)), 'shared'),
      { k: 'expr', e: intr('__syncthreads', []), loc: sh.loc },
      setm(idx(rd(p), tid), ld(idx(base, ar('-', c(63), tid)), intType, 'shared')),
    ]);
    const { out } = run([k], k, 64, 64);
    expect(out[0]).toBe(126);
    expect(out[63]).toBe(0);
  });

  describe('barriers count threads (sm_70+)', () => {
    const p = v('a', ip, 'auto', true);
    const l7 = { file: 't.cu', line: 7, col: 1 };
    const sync = { k: 'expr', e: { ...intr('__syncthreads', []), loc: l7 }, loc: l7 } as const;

    it('deadlocks promptly when part of a warp skips a barrier, naming who waits and who never arrives (warp 1, all lanes skipping, simply exits)', () => {
      const k = fnc('k', 'global', [p], [], [ifs(cmp('<', tid, c(8)), sync)]);
      const r = run([k], k, 64, 64);
      expect(r.outcome).toMatchObject({ kind: 'barrier-deadlock', loc: { line: 7 } });
      expect(r.outcome.kind === 'barrier-deadlock' && r.outcome.detail).toBe('threads (0..7,0,0) of block (0,0,0) wait at line 7; threads (8..31,0,0) never arrive');
    });

    it('deadlocks when the end threads skip barriers inside a loop (avgfilter CASE 10)', () => {
      // for (j = 0; j < 3; j++) if (i > 0 && i < 255) { __syncthreads(); }
      const j = v('j');
      const inner = ifs(cmp('>', tid, c(0)), ifs(cmp('<', tid, c(255)), sync));
      const k = fnc('k', 'global', [p], [j], [loop(init(j, c(0)), cmp('<', rd(j), c(3)), inc(j), inner)]);
      const r = run([k], k, 256, 256);
      expect(r.outcome.kind === 'barrier-deadlock' && r.outcome.detail).toBe('threads (1..254,0,0) of block (0,0,0) wait at line 7; threads (0,0,0) and (255,0,0) never arrive');
      expect(r.prints).toEqual([]);
    });

    it('releases when whole warps skip the barrier by exiting early', () => {
      // if (i >= 40) return; __syncthreads(); a[i] = 1  (lanes 40..63 of warp 1 return)
      const k = fnc('k', 'global', [p], [], [ifs(cmp('>=', tid, c(40)), ret()), sync, setm(idx(rd(p), tid), c(1))]);
      const r = run([k], k, 64, 64);
      expect(r.outcome.kind).toBe('ok');
      expect(r.out.slice(38, 42)).toEqual([1, 1, 40, 41]);
    });

    it('releases when all live threads wait, even at different barriers', () => {
      const l9 = { file: 't.cu', line: 9, col: 1 };
      const sync9 = { k: 'expr', e: { ...intr('__syncthreads', []), loc: l9 }, loc: l9 } as const;
      const k = fnc('k', 'global', [p], [], [ifs(cmp('<', tid, c(32)), sync, sync9), setm(idx(rd(p), tid), c(5))]);
      const r = run([k], k, 64, 64);
      expect(r.outcome.kind).toBe('ok');
      expect(r.out[63]).toBe(5);
    });

    it('reports the waiting threads when another warp loops forever', () => {
      const spin = loop(null, null, null, blk());
      // warp 1 runs first and parks; warp 0 then spins
      const k2 = fnc('k2', 'global', [p], [], [ifs(cmp('>=', tid, c(32)), sync, spin)]);
      const r2 = run([k2], k2, 64, 64);
      expect(r2.outcome).toMatchObject({ kind: 'barrier-deadlock', loc: { line: 7 } });
      expect(r2.outcome.kind === 'barrier-deadlock' && r2.outcome.detail).toBe('threads (32..63,0,0) of block (0,0,0) wait at line 7; threads (0..31,0,0) never arrive');
    });
  });

  it('runs the warps of a block lowest first (the order an H100 serves their atomics in)', () => {
    // if (threadIdx.x % 32 == 0) a[atomicAdd(&a[0], 1) + 1] = threadIdx.x / 32;  with a[0] = 0
    const p = v('a', ip, 'auto', true);
    const slot = ar('+', intr('atomicAdd:i32', [rd(p), c(1)], intType), c(1));
    const k = fnc('k', 'global', [p], [], [
      ifs(cmp('==', ar('%', tid, c(32)), c(0)), setm(idx(rd(p), slot), ar('/', tid, c(32)))),
    ]);
    const r = run([k], k, 4, 80);
    expect(r.out).toEqual([3, 0, 1, 2]);
  });

  it('starts every block from the launch\'s parameter values although warps are reused across blocks', () => {
    // a = a + 1; a[tid + 4 * blockIdx.x] = blockIdx.x + 10  — block 1 must start from the original a again
    const p = v('a', ip, 'auto', true);
    const bid: Parameters<typeof ar>[1] = { k: 'builtin', name: 'blockIdx.x', type: intType, loc: p.loc };
    const k = fnc('k', 'global', [p], [], [
      { k: 'expr', e: { k: 'assign', target: { k: 'var', v: p }, value: { k: 'ptrAdd', ptr: rd(p), index: c(1), scale: 4, type: ip, loc: p.loc }, type: ip, loc: p.loc }, loc: p.loc },
      setm(idx(rd(p), ar('+', tid, ar('*', bid, c(4)))), ar('+', bid, c(10))),
    ]);
    const r = run([k], k, 9, 4, {}, 2);
    expect(r.out).toEqual([0, 10, 10, 10, 10, 11, 11, 11, 11]);
  });

  it('faults with the thread that made an illegal access', () => {
    const p = v('a', ip, 'auto', true);
    const k = fnc('k', 'global', [p], [], [ifs(cmp('==', tid, c(5)), setm(idx(rd(p), c(1 << 20)), c(1)))]);
    const r = run([k], k, 4, 32);
    expect(r.outcome).toMatchObject({ kind: 'fault', code: 700, thread: { x: 5, y: 0, z: 0 } });
  });

  it('applies atomics lane by lane and device integer division by zero gives all ones', () => {
    const p = v('a', ip, 'auto', true);
    const k = fnc('k', 'global', [p], [], [
      { k: 'expr', e: intr('atomicAdd:i32', [rd(p), c(1)], intType), loc: p.loc },
      ifs(cmp('==', tid, c(0)), setm(idx(rd(p), c(1)), ar('/', c(7), c(0)))),
    ]);
    const r = run([k], k, 2, 40);
    expect(r.out).toEqual([40, -1]);
  });
});
