import { preprocess } from './front/preprocess.js';
import { parse } from './front/parse.js';
import { check, builtinTypeNames } from './check/check.js';
import type { Diagnostic, Result } from './front/diag.js';
import type { IProgram } from './check/ir.js';
import type { SourceHost } from './api.js';

/*
 * The front half of the pipeline: source text -> tokens -> AST -> checked program.
 * Each pass returns its diagnostics as values; the first pass that fails stops it.
 */

/** A checked program, or the diagnostics that stopped it, with every source text read (for printing source lines). */
export type CompileOutcome = { readonly ok: true; readonly program: IProgram; readonly warnings: readonly Diagnostic[]; readonly sources: ReadonlyMap<string, string> } | { readonly ok: false; readonly diags: readonly Diagnostic[]; readonly sources: ReadonlyMap<string, string> };

/** Preprocesses, parses and checks `file`. */
export function compileSource(file: string, host: SourceHost): CompileOutcome {
  const text = host.readFile(file);
  const sources = new Map<string, string>();
  if (text === null) return { ok: false, diags: [{ severity: 'error', message: `no such file or directory: '${file}'`, loc: { file, line: 0, col: 0 } }], sources };
  sources.set(file, text);
  const pp = preprocess(text, file, { readFile: (p) => host.readFile(p) });
  if (!pp.ok) return { ok: false, diags: pp.diags, sources };
  for (const [name, src] of pp.value.includedFiles) sources.set(name, src);
  const warnings: Diagnostic[] = [...pp.warnings];
  const unit = parse(pp.value.tokens, file, { typeNames: builtinTypeNames });
  if (!unit.ok) return { ok: false, diags: [...warnings, ...unit.diags], sources };
  warnings.push(...unit.warnings);
  const checked: Result<IProgram> = check(unit.value, sources);
  if (!checked.ok) return { ok: false, diags: [...warnings, ...checked.diags], sources };
  warnings.push(...checked.warnings);
  return { ok: true, program: checked.value, warnings, sources };
}
