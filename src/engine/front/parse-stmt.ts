import type { Expr, Stmt, TopDecl, VarDecl } from './ast.js';
import type { SourceLoc } from './token.js';
import { parseDeclSpecs } from './parse-type.js';
import { parseDeclarator } from './parse-declarator.js';
import { DECL_KEYWORDS, TYPE_KEYWORDS, type Parser } from './parse-core.js';
import { parseCondExpr, parseExpr, parseInitList, parseTemplateArgs } from './parse-expr.js';
import { parseDeclaration, unknownTypeError } from './parse-decl.js';
import { parseTopLevel } from './parse.js';

/*
 * Statements. Whether a statement is a declaration is decided from the first
 * tokens: a specifier keyword or a name that denotes a type starts one.
 */

type Block = Stmt & { kind: 'block' };

/** Parses `{ ... }` in a new typedef scope; endLoc is the closing brace. */
export function parseBlock(p: Parser): Block {
  const open = p.expect('{', "expected '{'");
  p.pushScope();
  try {
    const body: Stmt[] = [];
    while (!p.at('}')) {
      if (p.tok.kind === 'eof') p.error("expected '}'");
      body.push(...parseBlockItem(p));
    }
    const close = p.next();
    return { kind: 'block', body, loc: open.loc, endLoc: close.loc };
  } finally {
    p.popScope();
  }
}

/** Parses a statement in a position that takes exactly one (if/loop bodies). */
export function parseStatement(p: Parser): Stmt {
  const items = parseBlockItem(p);
  if (items.length === 1) return items[0] as Stmt;
  const loc = (items[0] as Stmt).loc;
  return { kind: 'block', body: items, loc, endLoc: loc };
}

/** True when the tokens at the cursor begin a declaration rather than an expression. */
export function isDeclStart(p: Parser): boolean {
  const t = p.tok;
  if (t.kind !== 'ident' && !p.at('::')) return false;
  if (t.kind === 'ident' && (DECL_KEYWORDS.has(t.text) || TYPE_KEYWORDS.has(t.text))) {
    // `int(x)` / `float{y}` in expression position are functional casts.
    if (TYPE_KEYWORDS.has(t.text) && p.at('{', 1)) return false;
    if (TYPE_KEYWORDS.has(t.text) && p.at('(', 1)) return p.at('*', 2) || p.at('&', 2) || parenDeclarator(p, p.pos + 1);
    return true;
  }
  const s = p.scanName(p.pos);
  if (s === null || !p.isTypeName(s.name)) return false;
  // `T(args)` is a functional cast, except `T (*fp)(..)` which declares a pointer and
  // `T (y);` / `T (y) = v;` which C++ reads as declaring y.
  if (p.isPunctAt(s.end, '(')) return p.isPunctAt(s.end + 1, '*') || p.isPunctAt(s.end + 1, '&') || parenDeclarator(p, s.end);
  return !p.isPunctAt(s.end, '{') && !p.isPunctAt(s.end, '.') && !p.isPunctAt(s.end, '->');
}

/** `( name )` followed by `;`, `=`, `,` or `[` at token index `i`: a parenthesised declarator. */
function parenDeclarator(p: Parser, i: number): boolean {
  const t = p.tokAt(i + 1);
  if (t.kind !== 'ident' || p.isTypeName(t.text) || !p.isPunctAt(i + 2, ')')) return false;
  return p.isPunctAt(i + 3, ';') || p.isPunctAt(i + 3, '=') || p.isPunctAt(i + 3, ',') || p.isPunctAt(i + 3, '[');
}

/** A name that is not a type followed by another name (or `name<..> name`): the first name was meant as a type. */
function looksLikeUnknownType(p: Parser): boolean {
  const s = p.scanName(p.pos);
  if (s === null) return false;
  const after = p.tokAt(s.end);
  if (after.kind === 'ident' && p.isName(s.end - p.pos)) return true;
  // `a * b;` and `a & b;` stay expressions: the parser knows every type name but not the
  // variables, so a name that is not a type may well be a variable (the checker then
  // reports an undeclared one).
  if (!p.isPunctAt(s.end, '<')) return false;
  const save = p.pos;
  p.pos = s.end;
  const ok = p.speculate(() => {
    parseTemplateArgs(p, true);
    return p.isName() && (p.at(';', 1) || p.at('=', 1) || p.at(',', 1) || p.at('(', 1) || p.at('[', 1) || p.at('{', 1));
  });
  p.pos = save;
  return ok === true;
}

/** Converts declarations to statements: variables become 'decl', everything else 'localDecl'. */
function declsToStmts(decls: readonly TopDecl[]): Stmt[] {
  return decls.map((d): Stmt => (d.kind === 'vars' ? { kind: 'decl', decls: d.decls, loc: d.loc } : { kind: 'localDecl', decl: d, loc: d.loc }));
}

/** Parses one block item; a declaration with a named struct definition yields two statements. */
export function parseBlockItem(p: Parser): Stmt[] {
  const t = p.tok;
  const loc = t.loc;
  if (p.at('{')) return [parseBlock(p)];
  if (p.accept(';')) return [{ kind: 'empty', loc }];
  if (t.kind === 'ident') {
    const s = parseKeywordStatement(p);
    if (s !== null) return [s];
    if (['typedef', 'using', 'static_assert', 'namespace'].includes(t.text)) {
      const decls: TopDecl[] = [];
      parseTopLevel(p, decls, false);
      return decls.map((d): Stmt => ({ kind: 'localDecl', decl: d, loc: d.loc }));
    }
    if (p.isName() && p.at(':', 1)) {
      const name = p.next().text;
      p.next();
      return [{ kind: 'unsupported', what: `label '${name}' (a goto target)`, loc }];
    }
  }
  if (isDeclStart(p)) return declsToStmts(parseDeclaration(p, 'local', null, false));
  if (p.isName() || p.at('::')) {
    if (looksLikeUnknownType(p)) {
      // `plus<int> op;` after `using namespace cooperative_groups`: the functor's short name is a type for
      // this declaration only, so variables and functions named plus/less/greater elsewhere stay identifiers.
      const s = p.scanName(p.pos);
      if (s !== null && p.usingOnlyType(s.name) !== null) return declsToStmts(p.withTypeName(s.name, () => parseDeclaration(p, 'local', null, false)));
      unknownTypeError(p);
    }
  }
  const expr = parseExpr(p);
  p.expectSemi("expected ';' after expression");
  return [{ kind: 'expr', expr, loc }];
}

/** `( expr )` after if/while/switch. */
function parseParenCond(p: Parser, kw: string): Expr {
  p.expect('(', `expected '(' after '${kw}'`);
  if (isDeclStart(p)) p.error('declarations in conditions are not supported by Warpscope');
  const cond = p.withGreater(false, () => parseExpr(p));
  p.expect(')', "expected ')'");
  return cond;
}

/** Statements introduced by a keyword; null when the current word is not one of them. */
function parseKeywordStatement(p: Parser): Stmt | null {
  const t = p.tok;
  const loc = t.loc;
  switch (t.text) {
    case 'if': {
      p.next();
      const isConstexpr = p.accept('constexpr');
      const cond = parseParenCond(p, 'if');
      const then = parseStatement(p);
      const other = p.accept('else') ? parseStatement(p) : null;
      return isConstexpr ? { kind: 'if', cond, then, else: other, isConstexpr, loc } : { kind: 'if', cond, then, else: other, loc };
    }
    case 'while': {
      p.next();
      const cond = parseParenCond(p, 'while');
      return { kind: 'while', cond, body: parseStatement(p), loc };
    }
    case 'do': {
      p.next();
      const body = parseStatement(p);
      p.expect('while', "expected 'while' in do/while loop");
      const cond = parseParenCond(p, 'while');
      p.expectSemi("expected ';' after do/while statement");
      return { kind: 'do', body, cond, loc };
    }
    case 'for':
      return parseFor(p);
    case 'switch': {
      p.next();
      const cond = parseParenCond(p, 'switch');
      return { kind: 'switch', cond, body: parseStatement(p), loc };
    }
    case 'case': {
      p.next();
      const value = parseCondExpr(p);
      p.expect(':', "expected ':' after 'case'");
      return { kind: 'case', value, loc };
    }
    case 'default':
      p.next();
      p.expect(':', "expected ':' after 'default'");
      return { kind: 'default', loc };
    case 'break':
    case 'continue':
      p.next();
      p.expectSemi(`expected ';' after ${t.text} statement`);
      return { kind: t.text, loc };
    case 'return': {
      p.next();
      let value: Expr | null = null;
      if (!p.at(';')) value = p.at('{') ? parseInitList(p) : parseExpr(p);
      p.expectSemi("expected ';' after return statement");
      return { kind: 'return', value, loc };
    }
    case 'goto': {
      const target = p.peek(1).kind === 'ident' ? ` ${p.peek(1).text}` : '';
      p.skipStatement();
      return { kind: 'unsupported', what: `goto statement 'goto${target}'`, loc };
    }
    case 'throw':
      p.skipStatement();
      return { kind: 'unsupported', what: 'exception handling', loc };
    case 'try':
      p.next();
      if (p.at('{')) p.skipBalanced();
      while (p.accept('catch')) {
        if (p.at('(')) p.skipBalanced();
        if (p.at('{')) p.skipBalanced();
      }
      return { kind: 'unsupported', what: 'exception handling', loc };
    case 'asm':
    case '__asm__':
    case '__asm':
      p.next();
      while (p.at('volatile') || p.at('__volatile__') || p.at('goto') || p.at('inline')) p.next();
      if (p.at('(')) p.skipBalanced();
      p.expectSemi("expected ';' after asm statement");
      return { kind: 'unsupported', what: 'inline assembly', loc };
    default:
      return null;
  }
}

/** True when a ':' at depth 0 comes before ';' inside the for header: a range-based for. */
function isRangeFor(p: Parser): boolean {
  let depth = 0;
  let ternaries = 0;
  for (let i = p.pos; ; i++) {
    const t = p.tokAt(i);
    if (t.kind === 'eof') return false;
    if (t.kind !== 'punct') continue;
    if (t.text === '(' || t.text === '[' || t.text === '{') depth++;
    else if (t.text === ')' || t.text === ']' || t.text === '}') {
      if (--depth < 0) return false;
    } else if (depth === 0 && t.text === ';') return false;
    else if (depth === 0 && t.text === '?') ternaries++;
    else if (depth === 0 && t.text === ':') {
      if (ternaries === 0) return true;
      ternaries--;
    }
  }
}

/** `for (T x : range) body`, after its '(': one declarator without initializer, then the range. */
function parseRangeFor(p: Parser, loc: SourceLoc): Stmt {
  p.pushScope();
  try {
    const start = p.tok;
    const s = parseDeclSpecs(p, 'decl');
    if (s.base === null) return p.error('expected a declaration in a range-based for loop');
    const d = parseDeclarator(p, 'named', false);
    const decl: VarDecl = { name: d.name ?? '', type: d.apply(s.base), specs: s.specs, init: null, initStyle: 'none', loc: d.nameLoc ?? start.loc };
    p.expect(':', "expected ':' in range-based for loop");
    const range = p.withGreater(false, () => (p.at('{') ? parseInitList(p) : parseExpr(p)));
    p.expect(')', "expected ')'");
    return { kind: 'rangeFor', decl, range, body: parseStatement(p), loc };
  } finally {
    p.popScope();
  }
}

/** `for (init; cond; step) body`; the init's declarations are scoped to the loop. */
function parseFor(p: Parser): Stmt {
  const loc = p.next().loc;
  p.expect('(', "expected '(' after 'for'");
  if (isRangeFor(p)) return parseRangeFor(p, loc);
  p.pushScope();
  try {
    let init: Stmt | null = null;
    if (p.accept(';')) init = null;
    else if (isDeclStart(p)) {
      const stmts = declsToStmts(parseDeclaration(p, 'local', null, false));
      init = stmts.find((s) => s.kind === 'decl') ?? stmts[0] ?? null;
    } else {
      const start = p.tok.loc;
      const e = p.withGreater(false, () => parseExpr(p));
      init = { kind: 'expr', expr: e, loc: start };
      p.expectSemi("expected ';' in 'for' statement specifier");
    }
    const cond = p.at(';') ? null : p.withGreater(false, () => parseExpr(p));
    p.expectSemi("expected ';' in 'for' statement specifier");
    const step = p.at(')') ? null : p.withGreater(false, () => parseExpr(p));
    p.expect(')', "expected ')'");
    const body = parseStatement(p);
    return { kind: 'for', init, cond, step, body, loc };
  } finally {
    p.popScope();
  }
}
