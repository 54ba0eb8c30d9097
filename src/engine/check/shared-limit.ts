import type { Diagnostic } from '../front/diag.js';
import type { IFunction, IProgram, VarSym } from './ir.js';
import { sizeOf } from './types.js';
import { alignOfVar, roundUp } from './layout.js';

/*
 * ptxas refuses a kernel whose static __shared__ variables (its own and those of the device
 * functions it calls) exceed 48 KiB on every GPU ("Entry function uses too much shared data
 * (0x10000 bytes, 0xc000 max)"): such a program never builds, so it must not run here with
 * only a launch error that a program which checks no errors never sees. Dynamic shared memory
 * (extern __shared__) is sized at launch and checked there.
 */

/** The most static shared memory one kernel may declare, on every GPU nvcc builds for. */
export const MAX_STATIC_SHARED = 0xc000;

/** The first kernel, in program order, whose static shared variables exceed MAX_STATIC_SHARED; null when none does. */
export function sharedOverflow(program: IProgram): Diagnostic | null {
  for (const k of program.functions) {
    if (k.space !== 'global' || k.body === null) continue;
    const bytes = staticSharedBytes(k);
    if (bytes > MAX_STATIC_SHARED) {
      const hex = (n: number): string => `0x${n.toString(16)}`;
      return { severity: 'error', message: `kernel '${k.name}' uses too much shared data (${hex(bytes)} bytes, ${hex(MAX_STATIC_SHARED)} max)`, loc: k.loc };
    }
  }
  return null;
}

/** The bytes of the static shared variables `kernel` reaches, laid out in the order first met, each at its alignment. */
function staticSharedBytes(kernel: IFunction): number {
  const vars = new Set<VarSym>();
  const fns = new Set<IFunction>([kernel]);
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || ArrayBuffer.isView(node) || seen.has(node)) return;
    seen.add(node);
    const n = node as { k?: unknown; fn?: IFunction; v?: VarSym };
    if (n.k === 'call' && n.fn !== undefined && !fns.has(n.fn)) {
      fns.add(n.fn);
      if (n.fn.body !== null) visit(n.fn.body);
    }
    if ((n.k === 'var' || n.k === 'varAddr') && n.v?.storage === 'shared') vars.add(n.v);
    for (const [key, value] of Object.entries(node)) if (key !== 'fn' && key !== 'kernel' && key !== 'type') visit(value);
  };
  visit(kernel.body);
  // As the compiler lays them out: every __shared__ local of a reached function, used or not.
  for (const f of fns) for (const v of f.locals) if (v.storage === 'shared') vars.add(v);
  let off = 0;
  for (const v of vars) off = roundUp(off, alignOfVar(v)) + sizeOf(v.type);
  return off;
}
