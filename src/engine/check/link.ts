import type { Diagnostic } from '../front/diag.js';
import type { SourceLoc } from '../front/token.js';
import type { IFunction, IProgram, VarSym } from './ir.js';
import { isDeclaredOnly } from './check-decl.js';

/*
 * nvcc's link step, as far as it can fail on one file: a function that is declared, never
 * defined and still called or launched, or an `extern` variable never defined and still used,
 * leaves the program unbuilt (ld: "undefined reference", ptxas: "Unresolved extern function"),
 * so nothing of it runs. Found here, it is one compiler
 * error at the first call, rather than a failure at run time where a queued kernel only runs at
 * the next synchronising call, far from its launch.
 */

/** The first call or launch, in source order, of a function with no body, or use of an extern variable never defined; null when there is none. */
export function undefinedReference(program: IProgram): Diagnostic | null {
  const refs: { message: string; loc: SourceLoc }[] = [];
  const seen = new Set<object>();
  const visit = (node: unknown, at: SourceLoc | undefined): void => {
    if (typeof node !== 'object' || node === null || ArrayBuffer.isView(node) || seen.has(node)) return;
    seen.add(node);
    const n = node as { k?: unknown; fn?: IFunction; kernel?: IFunction; v?: VarSym; loc?: SourceLoc };
    // An assignment's target carries no place of its own: it is its statement's.
    const loc = n.loc ?? at;
    // Other functions are reached through the program's list, not through the calls into them.
    const callee = n.k === 'call' ? n.fn : n.k === 'launch' ? n.kernel : undefined;
    if (callee !== undefined && callee.body === null && loc !== undefined) refs.push({ message: `undefined reference to '${callee.name}' (the function is declared but never defined)`, loc });
    if ((n.k === 'var' || n.k === 'varAddr') && n.v !== undefined && isDeclaredOnly(n.v) && loc !== undefined)
      refs.push({ message: `undefined reference to '${n.v.name}' (the variable is declared extern but never defined)`, loc });
    for (const [key, value] of Object.entries(node)) if (key !== 'fn' && key !== 'kernel' && key !== 'v') visit(value, loc);
  };
  for (const f of program.functions) if (f.body !== null) visit(f.body, f.loc);
  const first = refs.reduce<(typeof refs)[number] | null>((a, r) => (a === null || before(r.loc, a.loc) ? r : a), null);
  return first && { severity: 'error', message: first.message, loc: first.loc };
}

function before(a: SourceLoc, b: SourceLoc): boolean {
  if (a.file !== b.file) return a.file < b.file;
  return a.line < b.line || (a.line === b.line && a.col < b.col);
}
