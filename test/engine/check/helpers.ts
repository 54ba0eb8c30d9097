import { preprocess } from '../../../src/engine/front/preprocess.js';
import { parse } from '../../../src/engine/front/parse.js';
import { check, builtinTypeNames } from '../../../src/engine/check/check.js';
import type { IExpr, IFunction, IProgram, IStmt } from '../../../src/engine/check/ir.js';

/** Preprocesses, parses and checks `src` as t.cu; throws on any error. */
export function checkOk(src: string): IProgram {
  const r = run(src);
  if (!r.ok) throw new Error(r.diags.map((d) => `${d.loc.line}:${d.loc.col}: ${d.message}`).join('\n'));
  return r.value;
}

/** Checks `src` expecting failure; returns "line:col: message" of the error. */
export function checkErr(src: string): string {
  const r = run(src);
  if (r.ok) throw new Error('expected a check error');
  const d = r.diags.find((x) => x.severity === 'error')!;
  return `${d.loc.line}:${d.loc.col}: ${d.message}`;
}

/** Warnings of a program that checks. */
export function checkWarnings(src: string): string[] {
  const r = run(src);
  if (!r.ok) throw new Error(r.diags.map((d) => d.message).join('\n'));
  return r.warnings.map((d) => `${d.loc.line}:${d.loc.col}: ${d.message}`);
}

function run(src: string) {
  const pp = preprocess(src, 't.cu', { readFile: () => null });
  if (!pp.ok) throw new Error(`pp: ${pp.diags[0]?.message}`);
  const p = parse(pp.value.tokens, 't.cu', { typeNames: builtinTypeNames });
  if (!p.ok) throw new Error(`parse: ${p.diags[0]?.loc.line}:${p.diags[0]?.loc.col}: ${p.diags[0]?.message}`);
  return check(p.value, pp.value.includedFiles);
}

/** The function named `name`. */
export function fn(p: IProgram, name: string): IFunction {
  const f = p.functions.find((x) => x.name === name);
  if (!f) throw new Error(`no function ${name}: ${p.functions.map((x) => x.name).join(', ')}`);
  return f;
}

/** The expression of the last expression statement / init value / return in a function's body. */
export function lastExpr(f: IFunction): IExpr {
  const body = f.body!.body;
  for (let i = body.length - 1; i >= 0; i--) {
    const s: IStmt = body[i]!;
    if (s.k === 'expr') return s.e;
    if (s.k === 'init' && s.value) return s.value;
    if (s.k === 'return' && s.value) return s.value;
  }
  throw new Error('no expression');
}

/** Type name of the value of `expr` as checked inside `void f(<decls>) { <expr>; }`. */
export function typeOfExpr(decls: string, expr: string): string {
  const p = checkOk(`void f(${decls}) { ${expr}; }`);
  return tn(lastExpr(fn(p, 'f')).type);
}

import { typeName, type CType } from '../../../src/engine/check/types.js';
/** typeName re-exported for tests. */
export function tn(t: CType): string {
  return typeName(t);
}
