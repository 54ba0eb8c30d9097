import { preprocess } from './front/preprocess.js';
import type { Preprocessed, PreprocessOptions } from './front/preprocess.js';
import { parse } from './front/parse.js';
import { mergePasses, sameTokens } from './front/passes.js';
import { check, builtinTypeNames, qualifiedOnlyTypeNames } from './check/check.js';
import { undefinedReference } from './check/link.js';
import { sharedOverflow } from './check/shared-limit.js';
import type { Diagnostic, Result } from './front/diag.js';
import type { TranslationUnit } from './front/ast.js';
import type { IProgram } from './check/ir.js';
import type { SourceHost } from './api.js';

/*
 * The front half of the pipeline: source text -> tokens -> AST -> checked program.
 * Each pass returns its diagnostics as values; the first pass that fails stops it.
 *
 * As nvcc does, the file is preprocessed twice: the host pass without __CUDA_ARCH__
 * and the device pass with __CUDA_ARCH__ = 900 (sm_90, the H100). When both give
 * the same tokens (no __CUDA_ARCH__ test changed anything) one parse serves both;
 * otherwise both are parsed and merged (front/passes.ts) so device code sees the
 * device pass and host code the host pass.
 */

/** The value nvcc gives __CUDA_ARCH__ in its device pass for sm_90, the default GPU (the H100). */
export const CUDA_ARCH = 900;

/** A checked program, or the diagnostics that stopped it, with every source text read (for printing source lines). */
export type CompileOutcome = { readonly ok: true; readonly program: IProgram; readonly warnings: readonly Diagnostic[]; readonly sources: ReadonlyMap<string, string> } | { readonly ok: false; readonly diags: readonly Diagnostic[]; readonly sources: ReadonlyMap<string, string> };

/** Preprocesses (twice, as nvcc does), parses and checks `file` for a GPU of compute capability `arch` (__CUDA_ARCH__). */
export function compileSource(file: string, host: SourceHost, arch = CUDA_ARCH): CompileOutcome {
  // A byte order mark some editors write is no part of the program (nvcc skips it too); dropped, it leaves line 1's columns as an editor shows them.
  const readFile = (p: string): string | null => withoutBom(host.readFile(p));
  const text = readFile(file);
  const sources = new Map<string, string>();
  if (text === null) return { ok: false, diags: [{ severity: 'error', message: `no such file or directory: '${file}'`, loc: { file, line: 0, col: 0 } }], sources };
  sources.set(file, text);
  const [hostPass, devicePass] = passes(readFile, arch);
  const hostPP = preprocess(text, file, hostPass);
  if (!hostPP.ok) return { ok: false, diags: hostPP.diags, sources };
  for (const [name, src] of hostPP.value.includedFiles) sources.set(name, src);
  const warnings: Diagnostic[] = [...hostPP.warnings];
  const devPP = preprocess(text, file, devicePass);
  if (!devPP.ok) return { ok: false, diags: [...warnings, ...devPP.diags], sources };
  for (const [name, src] of devPP.value.includedFiles) sources.set(name, src);
  addNew(warnings, devPP.warnings);
  let unit: TranslationUnit;
  if (sameTokens(hostPP.value.tokens, devPP.value.tokens)) {
    const parsed = parseTokens(hostPP.value, file, warnings);
    if (!parsed.ok) return { ok: false, diags: [...warnings, ...parsed.diags], sources };
    unit = parsed.value;
  } else {
    const h = parseTokens(hostPP.value, file, warnings);
    if (!h.ok) return { ok: false, diags: [...warnings, ...h.diags], sources };
    const d = parseTokens(devPP.value, file, warnings);
    if (!d.ok) return { ok: false, diags: [...warnings, ...d.diags], sources };
    unit = mergePasses(h.value, d.value);
  }
  // Either pass may include a header under an #if on __CUDA_ARCH__; a library name is visible if either did.
  unit = { ...unit, headers: new Set([...hostPP.value.builtinHeaders, ...devPP.value.builtinHeaders]) };
  const checked: Result<IProgram> = check(unit, sources, arch);
  if (!checked.ok) return { ok: false, diags: [...warnings, ...checked.diags], sources };
  warnings.push(...checked.warnings);
  // nvcc compiles such a file but its link step fails: there is nothing to run.
  if (checked.value.main === null) return { ok: false, diags: [...warnings, { severity: 'error', message: "undefined reference to 'main' (the program defines no main function)", loc: { file, line: 1, col: 1 } }], sources };
  const unbuildable = undefinedReference(checked.value) ?? sharedOverflow(checked.value);
  if (unbuildable !== null) return { ok: false, diags: [...warnings, unbuildable], sources };
  return { ok: true, program: checked.value, warnings, sources };
}

/** nvcc's two preprocessor passes: the host's, then the device's with __CUDA_ARCH__ defined. */
function passes(readFile: (p: string) => string | null, arch: number): [PreprocessOptions, PreprocessOptions] {
  return [{ readFile }, { readFile, defines: new Map([['__CUDA_ARCH__', String(arch)]]) }];
}

/**
 * Reads what compiling `file` reads, through `host`, by preprocessing it only: a thread that
 * compiles it elsewhere, and cannot call `host`, is given those files. Errors are left for that
 * compilation to report.
 */
export function readSources(file: string, host: SourceHost, arch = CUDA_ARCH): void {
  const readFile = (p: string): string | null => withoutBom(host.readFile(p));
  const text = readFile(file);
  if (text === null) return;
  for (const pass of passes(readFile, arch)) preprocess(text, file, pass);
}

/** `text` without a leading UTF-8 byte order mark (U+FEFF once decoded). */
function withoutBom(text: string | null): string | null {
  return text !== null && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function parseTokens(pp: Preprocessed, file: string, warnings: Diagnostic[]): Result<TranslationUnit> {
  const unit = parse(pp.tokens, file, { typeNames: builtinTypeNames, qualifiedOnlyTypeNames });
  if (unit.ok) addNew(warnings, unit.warnings);
  return unit;
}

/** Appends the diagnostics not already present: both passes warn about the same #warning once. */
function addNew(into: Diagnostic[], more: readonly Diagnostic[]): void {
  const key = (d: Diagnostic): string => `${d.loc.file}:${d.loc.line}:${d.loc.col}:${d.message}`;
  const have = new Set(into.map(key));
  for (const d of more) if (!have.has(key(d))) into.push(d);
}
