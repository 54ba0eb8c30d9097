import type { SourceLoc } from '../front/token.js';
import type { Expr } from '../front/ast.js';
import type { IExpr } from './ir.js';
import type { Checker } from './check-ctx.js';
import { hasEffects } from './check-binary.js';
import { exprText } from './check-text.js';

/*
 * nvcc's warning #174 "expression has no effect" for an operand the comma operator discards
 * although computing it does nothing. The slip it catches is the lecture notes'
 * `k<<<(1, 1), (wb, ha)>>>` and `dim3 b = (16, 16);`: the parentheses make a comma expression,
 * not a dim3, so the launch gets dim3(1) blocks of dim3(ha) threads. There the warning says what
 * was probably meant. Like clang, each discarded operand gets its warning, at its first token.
 */

type Comma = Expr & { kind: 'binary' };

const isComma = (e: Expr): e is Comma => e.kind === 'binary' && e.op === ',';

/** The dim3 each comma expression that becomes one (a launch configuration, a dim3 initialiser) was probably meant to be, by comma node. */
const meant = new WeakMap<Expr, string>();

/** Notes that `e`, when a comma expression, is converted to a dim3: its warnings then suggest the dim3 of its operands. Call before checking `e`. */
export function expectDim3(c: Checker, e: Expr): void {
  if (!isComma(e)) return;
  const hint = `dim3(${operandsText(c, e)})`;
  for (let x: Expr = e; isComma(x); x = x.left) meant.set(x, hint);
}

/** Warns when the comma expression `e` discards an operand without effect; `left` is its checked left operand. */
export function warnDiscarded(c: Checker, e: Comma, left: IExpr): void {
  // `(a, b), c` discards b here (a was the inner comma's to warn about).
  let ast = e.left;
  let ir = left;
  while (isComma(ast) && ir.k === 'comma') {
    ast = ast.right;
    ir = ir.right;
  }
  // A cast to void says the value is unused on purpose.
  if (hasEffects(ir) || ir.type.kind === 'void') return;
  const hint = meant.get(e);
  const message = hint ? `expression has no effect (the comma operator discards it: did you mean ${hint}?)` : 'expression has no effect';
  const loc = startOf(ast);
  // A template's body is checked once per instantiation; the warning is about the source.
  if (c.warnings.some((w) => w.message === message && sameLoc(w.loc, loc))) return;
  c.warn(loc, message);
}

const sameLoc = (a: SourceLoc, b: SourceLoc): boolean => a.file === b.file && a.line === b.line && a.col === b.col;

/** Where an expression's first token is (binary and postfix nodes are located at their operator). */
function startOf(e: Expr): SourceLoc {
  switch (e.kind) {
    case 'binary': return startOf(e.left);
    case 'assign': return startOf(e.target);
    case 'index': case 'member': return startOf(e.base);
    case 'call': case 'launch': return startOf(e.callee);
    case 'unary': return e.op === 'post++' || e.op === 'post--' ? startOf(e.operand) : e.loc;
    default: return e.loc;
  }
}

/**
 * The operands of comma expression `e` as written between its parentheses (`wb,ha`), so a macro
 * name stays a name; reprinted from the AST when the source does not show them on one line.
 */
function operandsText(c: Checker, e: Comma): string {
  const commas: SourceLoc[] = [];
  let first: Expr = e;
  for (; isComma(first); first = first.left) commas.unshift(first.loc);
  const start = startOf(first);
  const line = c.sources.get(start.file)?.split('\n')[start.line - 1];
  const written = line === undefined ? null : untilCloseParen(line, start.col - 1);
  const fromSource = written !== null && commas.every((l) => l.file === start.file && l.line === start.line && l.col - 1 > start.col - 1 && l.col - 1 < start.col - 1 + written.length && line![l.col - 1] === ',');
  if (fromSource) return written!.trim();
  const parts: Expr[] = [];
  let x: Expr = e;
  for (; isComma(x); x = x.left) parts.unshift(x.right);
  parts.unshift(x);
  return parts.map(exprText).join(', ');
}

/** The text of `line` from index `from` up to the `)` that closes the parenthesis open there; null when the line ends first. */
function untilCloseParen(line: string, from: number): string | null {
  let depth = 0;
  let quote = '';
  for (let i = from; i < line.length; i++) {
    const ch = line[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
      continue;
    }
    if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ']' || ch === '}') depth--;
    else if (ch === ')') {
      if (depth === 0) return line.slice(from, i);
      depth--;
    }
  }
  return null;
}
