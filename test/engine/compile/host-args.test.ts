import { describe, expect, it } from 'vitest';
import { compileProgram } from '../../../src/engine/compile/index.js';
import { Memory } from '../../../src/engine/memory/index.js';
import { intType } from '../../../src/engine/check/types.js';
import type { IExpr, IStmt } from '../../../src/engine/check/ir.js';
import type { HostEnv, Scalar } from '../../../src/engine/exec/env.js';
import { ar, c, call, cmp, fnc, ifs, intr, L, program, rd, ret, v } from '../exec/ir-helpers.js';

/** Runs main() with a host env whose `rand` counts 1, 2, 3, ... and which records `printf`'s arguments. */
function runHost(body: IStmt[], extra: ReturnType<typeof fnc>[] = []): Scalar[][] {
  const main = fnc('main', 'host', [], [], body, intType);
  const prog = { ...program([main, ...extra]), main };
  let n = 0;
  const printed: Scalar[][] = [];
  const env: HostEnv = {
    intrinsic: (key, args) => (key === 'rand' ? ++n : (printed.push([...args]), 0)),
    launch: () => { throw new Error('no launches'); },
  };
  const g = compileProgram(prog).runMain(env, ['a.out'], new Memory());
  for (let r = g.next(); !r.done; r = g.next());
  return printed;
}

const rand = (): IExpr => intr('rand', [], intType);
const stmt = (e: IExpr): IStmt => ({ k: 'expr', e, loc: L });

describe('host call arguments', () => {
  it('evaluates a built-in call\'s arguments right to left, as gcc does', () => {
    expect(runHost([stmt(intr('printf', [c(0), rand(), rand(), rand()], intType))])).toEqual([[0, 3, 2, 1]]);
  });

  it('evaluates a user function\'s arguments right to left', () => {
    const a = v('a', intType, 'auto', true), b = v('b', intType, 'auto', true);
    const f = fnc('f', 'host', [a, b], [], [ret(ar('-', ar('*', rd(a), c(10)), rd(b)))], intType);
    expect(runHost([stmt(intr('printf', [c(0), call(f, [rand(), rand()])], intType))], [f])).toEqual([[0, 20 - 1]]);
  });

  it('runs a built-in call on the left of a comma whose arguments hold a user call', () => {
    const a = v('a', intType, 'auto', true);
    const f = fnc('f', 'host', [a], [], [ret(ar('*', rd(a), c(2)))], intType);
    const comma: IExpr = { k: 'comma', left: intr('printf', [c(0), call(f, [c(5)])], intType), right: c(7), type: intType, loc: L };
    expect(runHost([stmt(comma)], [f])).toEqual([[0, 10]]);
  });

  it('keeps short-circuiting a call that sits behind && (its arguments are not hoisted)', () => {
    const cond: IExpr = { k: 'logical', op: '&&', left: cmp('==', c(1), c(0)), right: intr('printf', [c(0), rand(), rand()], intType), type: intType, loc: L };
    expect(runHost([ifs(cond, stmt(c(0))), stmt(intr('printf', [c(9), rand()], intType))])).toEqual([[9, 1]]);
  });
});
