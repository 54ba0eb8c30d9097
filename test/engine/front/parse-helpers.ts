import { lex } from '../../../src/engine/front/lex.js';
import { parse } from '../../../src/engine/front/parse.js';
import type { Expr, FunctionDecl, Stmt, TopDecl, TranslationUnit } from '../../../src/engine/front/ast.js';

/** The built-in type names a caller would pass (a representative subset of check.ts's list). */
export const TYPE_NAMES: ReadonlySet<string> = new Set([
  'size_t', 'dim3', 'uint3', 'int3', 'int2', 'float2', 'float3', 'float4', 'int4', 'cudaError_t', 'cudaStream_t', 'cudaEvent_t',
  'cudaDeviceProp', 'cudaMemcpyKind', 'int32_t', 'uint32_t', 'int64_t', 'uint64_t', 'FILE', 'std::size_t',
  'cooperative_groups::thread_block', 'cooperative_groups::thread_group', 'cooperative_groups::thread_block_tile',
  'cooperative_groups::grid_group', 'cooperative_groups::coalesced_group',
  'cg::thread_block', 'cg::thread_block_tile', 'cg::grid_group', 'cg::coalesced_group',
]);

/** Lexes and parses `src`, throwing with the diagnostic if either fails. */
export function parseOk(src: string): TranslationUnit {
  const toks = lex(src, 't.cu');
  if (!toks.ok) throw new Error(`lex: ${toks.diags[0]?.message}`);
  const r = parse(toks.value, 't.cu', { typeNames: TYPE_NAMES });
  if (!r.ok) {
    const d = r.diags[0];
    throw new Error(`parse: ${d?.loc.line}:${d?.loc.col}: ${d?.message}`);
  }
  return r.value;
}

/** Lexes and parses `src`, expecting failure; returns "line:col: message". */
export function parseErr(src: string): string {
  const toks = lex(src, 't.cu');
  if (!toks.ok) throw new Error(`lex: ${toks.diags[0]?.message}`);
  const r = parse(toks.value, 't.cu', { typeNames: TYPE_NAMES });
  if (r.ok) throw new Error('expected a parse error');
  const d = r.diags[0];
  return `${d?.loc.line}:${d?.loc.col}: ${d?.message}`;
}

/** The first top-level declaration. */
export function top(src: string): TopDecl {
  return parseOk(src).decls[0] as TopDecl;
}

/** Parses `src` as the body of a function and returns its statements. */
export function stmts(body: string): readonly Stmt[] {
  const f = parseOk(`void f() {\n${body}\n}`).decls[0] as FunctionDecl;
  return (f.body as Stmt & { kind: 'block' }).body;
}

/** Parses `src` as an expression statement and returns the expression. */
export function expr(src: string): Expr {
  const s = stmts(`${src};`)[0] as Stmt;
  if (s.kind !== 'expr') throw new Error(`not an expression statement: ${s.kind}`);
  return s.expr;
}

/** Renders an expression as a fully parenthesised string, to check precedence compactly. */
export function show(e: Expr): string {
  switch (e.kind) {
    case 'int': return e.text;
    case 'float': return e.text;
    case 'char': return `'${String.fromCharCode(e.value)}'`;
    case 'string': return JSON.stringify(e.value);
    case 'bool': return String(e.value);
    case 'nullptr': return 'nullptr';
    case 'ident': return e.templateArgs ? `${e.name}<${e.templateArgs.map((a) => (a.kind === 'expr' ? show(a.expr) : `T:${typeStr(a.type)}`)).join(',')}>` : e.name;
    case 'unary': return e.op.startsWith('post') ? `(${show(e.operand)}${e.op.slice(4)})` : `(${e.op.replace('pre', '')}${show(e.operand)})`;
    case 'binary': return `(${show(e.left)} ${e.op} ${show(e.right)})`;
    case 'assign': return `(${show(e.target)} ${e.op} ${show(e.value)})`;
    case 'cond': return `(${show(e.cond)} ? ${show(e.then)} : ${show(e.else)})`;
    case 'call': return `${show(e.callee)}(${e.args.map(show).join(', ')})`;
    case 'launch': return `${show(e.callee)}<<<${e.config.map(show).join(', ')}>>>(${e.args.map(show).join(', ')})`;
    case 'index': return `${show(e.base)}[${show(e.index)}]`;
    case 'member': return `${show(e.base)}${e.arrow ? '->' : '.'}${e.name}`;
    case 'cast': return `${e.style}_cast<${typeStr(e.type)}>(${show(e.operand)})`;
    case 'construct': return `${typeStr(e.type)}${e.braces ? '{' : '('}${e.args.map(show).join(', ')}${e.braces ? '}' : ')'}`;
    case 'sizeofType': return `sizeof(${typeStr(e.type)})`;
    case 'sizeofExpr': return `sizeof ${show(e.expr)}`;
    case 'alignof': return `alignof(${typeStr(e.type)})`;
    case 'offsetof': return `offsetof(${typeStr(e.type)}, ${e.path.map((x) => (typeof x === 'string' ? `.${x}` : `[${show(x)}]`)).join('')})`;
    case 'initList': return `{${e.items.map((i) => (i.designator ? `.${i.designator}=` : '') + show(i.value)).join(', ')}}`;
    case 'new': return `new ${typeStr(e.type)}${e.count ? `[${show(e.count)}]` : ''}${e.args ? `(${e.args.map(show).join(', ')})` : ''}`;
    case 'delete': return `delete${e.array ? '[]' : ''} ${show(e.operand)}`;
    case 'unsupported': return `?${e.what}`;
  }
}

/** Renders a type as English-ish prefix notation: `ptr(const int)`, `arr4(ptr(int))`. */
export function typeStr(t: import('../../../src/engine/front/ast.js').TypeNode): string {
  const cv = (x: { isConst?: boolean; isVolatile?: boolean }): string => `${x.isConst ? 'const ' : ''}${x.isVolatile ? 'volatile ' : ''}`;
  switch (t.kind) {
    case 'builtin': return cv(t) + t.name;
    case 'named': return cv(t) + t.name + (t.templateArgs ? `<${t.templateArgs.map((a) => (a.kind === 'expr' ? show(a.expr) : typeStr(a.type))).join(',')}>` : '');
    case 'tagged': return `${cv(t)}${t.tag} ${t.name ?? '<anon>'}${t.def ? '{}' : ''}`;
    case 'pointer': return `${t.isConst ? 'const ' : ''}${t.isRestrict ? 'restrict ' : ''}ptr(${typeStr(t.to)})`;
    case 'array': return `arr${t.size ? show(t.size) : ''}(${typeStr(t.of)})`;
    case 'reference': return `${t.rvalue ? 'rref' : 'ref'}(${typeStr(t.to)})`;
    case 'function': return `fn(${t.params.map((p) => typeStr(p.type)).join(', ')}${t.variadic ? ', ...' : ''}) -> ${typeStr(t.ret)}`;
    case 'auto': return `${t.isConst ? 'const ' : ''}auto`;
    case 'decltype': return `decltype(${show(t.expr)})`;
  }
}
