import type { FunctionInfo } from '../engine/debuginfo/symbols.js';
import type { Symbol } from './expr/context.js';
import { parse, type EvalContext } from './expr/index.js';
import { guard } from './expr/eval.js';
import { resolveNames, typeNamePredicate } from './expr/names.js';
import { StateContext, spaceOfAddress } from './eval-context.js';
import type { Line, ProgramView } from './program-view.js';

/*
 * gdb parses a breakpoint's condition in the block of the breakpoint's location, before the
 * program ever gets there: `break 27 if nosuch == 1` is refused at once with `No symbol
 * "nosuch" in current context.`, whether the program runs or not. This context names what is
 * visible at a location (the function's variables in scope there, the kernel's __shared__
 * variables, statics, CUDA's built-ins in device code) without any machine state.
 */

/** An evaluation context that only resolves names at a source location; it reads nothing (zeros). */
class LocationContext extends StateContext {
  constructor(
    private readonly program: ProgramView,
    private readonly fn: FunctionInfo,
    at: Line,
  ) {
    // No state is ever asked for: lookups answer from the debug information alone.
    super(program, () => {
      throw new Error('a location has no machine state');
    }, fn.space === 'host' ? { kind: 'host' } : { kind: 'device', launch: 0, block: 0, warp: 0, lane: 0 }, 0, { line: at.line, col: at.col });
  }

  override lookup(name: string): Symbol | null {
    const fn = this.fn;
    const j = this.visible(fn, name);
    if (j >= 0) return { type: this.program.typeOf(fn.vars[j]!), place: { kind: 'register', name: `${fn.id}:${j}` } };
    const sh = this.program.info.shared.find((s) => s.kernel === fn.id)?.vars.find((v) => v.name === name);
    if (sh) return { type: this.program.typeOf(sh), place: { kind: 'memory', space: 'shared', address: sh.address } };
    const g = this.program.staticNamed(name, fn.space === 'host');
    return g ? { type: this.program.typeOf(g), place: { kind: 'memory', space: spaceOfAddress(g.address), address: g.address } } : null;
  }

  override builtin(name: string): { x: number; y: number; z: number } | number | null {
    if (this.fn.space === 'host') return null;
    return name === 'warpSize' || name === 'laneid' ? 0 : { x: 0, y: 0, z: 0 };
  }

  override read(_place: unknown, size: number): Uint8Array {
    return new Uint8Array(size);
  }
}

/** gdb's error for the first name in `expr` that nothing visible at `at` (in `fn`) denotes, or a parse error; null when every name resolves. */
export function unknownNameAt(view: ProgramView, fn: FunctionInfo, at: Line, expr: string): string | null {
  return unknownName(new LocationContext(view, fn, at), expr);
}

/** gdb's error for the first name in `expr` that `ctx` cannot resolve (or a parse error); null when every name resolves. */
export function unknownName(ctx: EvalContext, expr: string): string | null {
  const p = parse(expr, { isTypeName: typeNamePredicate(ctx) });
  if (!p.ok) return p.error;
  const r = guard(() => resolveNames(p.expr, ctx));
  return r.ok ? null : r.error;
}
