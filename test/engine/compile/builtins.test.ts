import { describe, expect, it } from 'vitest';
import { builtinFunctions } from '../../../src/engine/check/builtins.js';
import type { IExpr } from '../../../src/engine/check/ir.js';
import { isWide, type CType } from '../../../src/engine/check/types.js';
import { compileProgram } from '../../../src/engine/compile/index.js';
import { MATH } from '../../../src/engine/compile/devmath.js';
import { fnc, intr, L, program } from '../exec/ir-helpers.js';

/** Every builtins.ts signature callable from device code, by key (one signature each); the legacy votes never reach code generation (the checker rewrites or rejects them). */
function deviceKeys(): Map<string, { params: CType[]; ret: CType }> {
  const keys = new Map<string, { params: CType[]; ret: CType }>();
  for (const sigs of builtinFunctions.values())
    for (const s of sigs) {
      if (s.space === 'host' || s.legacyOf || keys.has(s.key)) continue;
      keys.set(s.key, { params: s.params.filter((p): p is CType => typeof p !== 'string'), ret: s.ret });
    }
  return keys;
}

const zero = (t: CType): IExpr => ({ k: 'const', value: isWide(t) ? 0n : 0, type: t, loc: L });

describe('device built-ins', () => {
  it('has an implementation for every device-callable key of builtins.ts', () => {
    const missing: string[] = [];
    const keys = deviceKeys();
    expect(keys.size).toBeGreaterThan(150);
    for (const [key, sig] of keys) {
      const k = fnc('k', 'global', [], [], [{ k: 'expr', e: intr(key, sig.params.map(zero), sig.ret), loc: L }]);
      const src = compileProgram(program([k])).source;
      if (src.includes('RT.unimplemented')) missing.push(key);
    }
    expect(missing).toEqual([]);
  });

  it('computes the non-ported math functions to double accuracy', () => {
    const m = MATH;
    expect(m['__mul24']!(0x00ffffff, 2)).toBe(-2);
    expect(m['__umul24']!(0x01000003, 5)).toBe(15);
    expect(m['__mulhi']!(-2, 0x40000000)).toBe(-1);
    expect(m['__umulhi']!(0xffffffff, 0xffffffff)).toBe(0xfffffffe);
    expect(m['tgamma']!(5)).toBe(24);
    expect(m['tgamma']!(0.5)).toBeCloseTo(Math.sqrt(Math.PI), 14);
    expect(m['lgamma']!(100)).toBeCloseTo(359.1342053695754, 11);
    expect(m['erf']!(0.5)).toBeCloseTo(0.5204998778130465, 15);
    expect(m['erf']!(2)).toBeCloseTo(0.9953222650189527, 15);
    expect(m['erfc']!(3) / 2.209049699858544e-5).toBeCloseTo(1, 13);
    expect(m['remainder']!(5.5, 2)).toBe(-0.5);
    expect(m['remainder']!(4.5, 3)).toBe(-1.5);
    expect(m['remainder']!(7.5, 3)).toBe(1.5);
    expect(m['fdim']!(1, 3)).toBe(0);
    expect(m['copysign']!(2, -0)).toBe(-2);
    expect(m['nearbyint']!(2.5)).toBe(2);
  });
});
