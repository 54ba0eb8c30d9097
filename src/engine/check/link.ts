import type { Diagnostic } from '../front/diag.js';
import type { SourceLoc } from '../front/token.js';
import type { IFunction, IProgram } from './ir.js';

/*
 * nvcc's link step, as far as it can fail on one file: a function that is declared, never
 * defined and still called or launched leaves the program unbuilt (ld: "undefined reference",
 * ptxas: "Unresolved extern function"), so nothing of it runs. Found here, it is one compiler
 * error at the first call, rather than a failure at run time where a queued kernel only runs at
 * the next synchronising call, far from its launch.
 */

/** The first call or launch, in source order, of a function with no body; null when every called function is defined. */
export function undefinedReference(program: IProgram): Diagnostic | null {
  const refs: { fn: IFunction; loc: SourceLoc }[] = [];
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || ArrayBuffer.isView(node) || seen.has(node)) return;
    seen.add(node);
    const n = node as { k?: unknown; fn?: IFunction; kernel?: IFunction; loc?: SourceLoc };
    // Other functions are reached through the program's list, not through the calls into them.
    const callee = n.k === 'call' ? n.fn : n.k === 'launch' ? n.kernel : undefined;
    if (callee !== undefined && callee.body === null && n.loc !== undefined) refs.push({ fn: callee, loc: n.loc });
    for (const [key, value] of Object.entries(node)) if (key !== 'fn' && key !== 'kernel') visit(value);
  };
  for (const f of program.functions) if (f.body !== null) visit(f.body);
  const first = refs.reduce<(typeof refs)[number] | null>((a, r) => (a === null || before(r.loc, a.loc) ? r : a), null);
  if (first === null) return null;
  const { fn, loc } = first;
  return { severity: 'error', message: `undefined reference to '${fn.name}' (the function is declared but never defined)`, loc };
}

function before(a: SourceLoc, b: SourceLoc): boolean {
  if (a.file !== b.file) return a.file < b.file;
  return a.line < b.line || (a.line === b.line && a.col < b.col);
}
