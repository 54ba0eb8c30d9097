import { DiagError } from '../front/diag.js';
import type { Result } from '../front/diag.js';
import type { TranslationUnit } from '../front/ast.js';
import type { IFunction, IProgram } from './ir.js';
import type { CType } from './types.js';
import { Checker } from './check-ctx.js';
import { declareTop, defineTag } from './check-decl.js';
import { allHostShadows } from './host-shadow.js';
import { dynamicInitFunction } from './dynamic-init.js';

/*
 * The type checker's entry point: turns the parser's AST into the checked IR the
 * warp compiler consumes (see ir.ts). Declarations are processed in source order,
 * as C requires, and each function body is checked where it is defined.
 */

export { builtinTypeNames, qualifiedOnlyTypeNames } from './builtins-types.js';

/** Checks a translation unit; errors come back as diagnostics, never thrown. */
export function check(unit: TranslationUnit, sources: ReadonlyMap<string, string>, arch = 900): Result<IProgram> {
  const c = new Checker(unit.file, sources, unit.headers ?? new Set(), arch);
  c.defineTag = (def, isEnum) => defineTag(c, def, isEnum);
  try {
    for (const d of unit.decls) declareTop(c, d);
  } catch (err) {
    if (err instanceof DiagError) return { ok: false, diags: [...c.warnings, ...c.errors, err.diag, ...err.notes] };
    throw err;
  }
  if (c.errors.length > 0) return { ok: false, diags: [...c.warnings, ...c.errors] };
  // ptxas only sees a program the front end accepted, so its rejections come last.
  if (c.assemblerErrors.length > 0) return { ok: false, diags: [...c.warnings, ...c.assemblerErrors] };
  const main = c.global.members.get('main');
  let mainFn: IFunction | null = null;
  if (main?.k === 'funcs') mainFn = main.list.find((f) => f.fn?.body)?.fn ?? null;
  const namedTypes = new Map<string, CType>();
  for (const [name, sym] of c.scope.syms) if (sym.k === 'type' && !name.includes(' ') && sym.t.kind !== 'struct') namedTypes.set(name, sym.t);
  const hostShadows = allHostShadows(c);
  const init = dynamicInitFunction(c);
  return { ok: true, value: { functions: c.functions, globals: c.globals, main: mainFn, init, sources, namedTypes, hostShadows }, warnings: c.warnings };
}
