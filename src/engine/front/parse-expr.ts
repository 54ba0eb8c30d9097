import type { AssignOp, BinaryOp, Expr, InitItem, TemplateArg, TypeNode } from './ast.js';
import type { SourceLoc, Token } from './token.js';
import { RESERVED, TYPE_KEYWORDS, type Parser } from './parse-core.js';
import { charLiteral, floatLiteral, intLiteral, stringLiteral } from './parse-lit.js';
import { parseDeclSpecs, parseTypeId } from './parse-type.js';

/*
 * Expressions by precedence climbing, with C++ precedence and associativity.
 * Node locations are the first token of the expression, except binary and
 * assignment nodes, which carry their operator's location as clang does.
 */

const BINARY_PREC: Readonly<Record<string, number>> = {
  '*': 12, '/': 12, '%': 12, '+': 11, '-': 11, '<<': 10, '>>': 10,
  '<': 9, '>': 9, '<=': 9, '>=': 9, '==': 8, '!=': 8, '&': 7, '^': 6, '|': 5, '&&': 4, '||': 3,
};

const ASSIGN_OPS: ReadonlySet<string> = new Set(['=', '*=', '/=', '%=', '+=', '-=', '<<=', '>>=', '&=', '^=', '|=']);

const CXX_CASTS: Readonly<Record<string, 'static' | 'reinterpret' | 'const' | 'dynamic'>> = {
  static_cast: 'static', reinterpret_cast: 'reinterpret', const_cast: 'const', dynamic_cast: 'dynamic',
};

/** Parses a full expression, comma operator included. */
export function parseExpr(p: Parser): Expr {
  let left = parseAssign(p);
  while (p.at(',')) {
    const op = p.next();
    const right = parseAssign(p);
    left = { kind: 'binary', op: ',', left, right, loc: op.loc };
  }
  return left;
}

/** Parses an assignment-expression (no top-level comma): initializers, arguments. */
export function parseAssign(p: Parser): Expr {
  const start = p.tok;
  if (p.at('throw')) {
    p.next();
    if (!p.at(';') && !p.at(')') && !p.at(',')) parseAssign(p);
    return { kind: 'unsupported', what: 'exception handling', loc: start.loc };
  }
  const left = parseBinary(p, 3);
  if (p.at('?')) {
    p.next();
    const then = p.withGreater(false, () => parseExpr(p));
    p.expect(':', "expected ':'");
    const other = parseAssign(p);
    return { kind: 'cond', cond: left, then, else: other, loc: start.loc };
  }
  const t = p.tok;
  if (t.kind === 'punct' && ASSIGN_OPS.has(t.text)) {
    p.next();
    const value = parseAssign(p);
    return { kind: 'assign', op: t.text as AssignOp, target: left, value, loc: t.loc };
  }
  return left;
}

/** Parses a conditional-expression: array sizes, case labels, enumerator values, template arguments. */
export function parseCondExpr(p: Parser): Expr {
  const start = p.tok;
  const left = parseBinary(p, 3);
  if (!p.at('?')) return left;
  p.next();
  const then = p.withGreater(false, () => parseExpr(p));
  p.expect(':', "expected ':'");
  return { kind: 'cond', cond: left, then, else: parseCondExpr(p), loc: start.loc };
}

/** The binary operator at the cursor and how many tokens spell it (a split '>>' takes two). */
function binaryOpAt(p: Parser): { op: BinaryOp; prec: number; width: number } | null {
  const t = p.tok;
  if (t.kind !== 'punct') return null;
  if (t.text === '>') {
    if (p.noGreater) return null;
    if (p.isGlued(p.pos + 1)) return { op: '>>', prec: 10, width: 2 };
  }
  const prec = BINARY_PREC[t.text];
  return prec === undefined ? null : { op: t.text as BinaryOp, prec, width: 1 };
}

/** Precedence climbing over the binary operators at or above `minPrec` (all left-associative). */
export function parseBinary(p: Parser, minPrec: number): Expr {
  let left = parseUnary(p);
  for (;;) {
    const op = binaryOpAt(p);
    if (op === null || op.prec < minPrec) return left;
    const opTok = p.next();
    if (op.width === 2) p.next();
    const right = parseBinary(p, op.prec + 1);
    left = { kind: 'binary', op: op.op, left, right, loc: opTok.loc };
  }
}

/** Parses a cast-expression: prefix operators, casts, sizeof/alignof, new/delete, then postfix. */
export function parseUnary(p: Parser): Expr {
  const t = p.tok;
  const loc = t.loc;
  if (t.kind === 'punct') {
    switch (t.text) {
      case '++':
      case '--':
        p.next();
        return { kind: 'unary', op: t.text === '++' ? 'pre++' : 'pre--', operand: parseUnary(p), loc };
      case '-': case '+': case '!': case '~': case '*': case '&':
        p.next();
        return { kind: 'unary', op: t.text, operand: parseUnary(p), loc };
      case '(':
        if (p.isTypeStartAt(p.pos + 1)) return parseCCast(p);
        break;
      case '::':
        if (p.at('new', 1) || p.at('delete', 1)) {
          p.next();
          return parseUnary(p);
        }
        break;
    }
  } else if (t.kind === 'ident') {
    switch (t.text) {
      case 'sizeof':
        p.next();
        if (p.at('...')) p.error('variadic templates are not supported by Warpscope');
        if (p.at('(') && p.isTypeStartAt(p.pos + 1)) {
          p.next();
          const type = parseTypeId(p);
          p.expect(')', "expected ')'");
          return { kind: 'sizeofType', type, loc };
        }
        return { kind: 'sizeofExpr', expr: parseUnary(p), loc };
      case 'alignof': case '_Alignof': case '__alignof__': {
        p.next();
        p.expect('(', "expected '(' after 'alignof'");
        const type = parseTypeId(p);
        p.expect(')', "expected ')'");
        return { kind: 'alignof', type, loc };
      }
      case 'new':
        return parseNew(p);
      case 'delete': {
        p.next();
        let array = false;
        if (p.at('[') && p.at(']', 1)) {
          p.next();
          p.next();
          array = true;
        }
        return { kind: 'delete', operand: parseUnary(p), array, loc };
      }
    }
  }
  return parsePostfix(p, parsePrimary(p), loc);
}

/** `(T)x`, or the C compound literal `(T){...}` read as a braced construction. */
function parseCCast(p: Parser): Expr {
  const open = p.next();
  const type = p.withGreater(false, () => parseTypeId(p));
  p.expect(')', "expected ')'");
  if (p.at('{')) {
    const list = parseInitList(p);
    const args = list.kind === 'initList' ? list.items.map((i) => i.value) : [];
    return parsePostfix(p, { kind: 'construct', type, args, braces: true, loc: open.loc }, open.loc);
  }
  return { kind: 'cast', type, operand: parseUnary(p), style: 'c', loc: open.loc };
}

/** `new T`, `new T[n]`, `new T(args)`, `new T{args}`. */
function parseNew(p: Parser): Expr {
  const loc = p.next().loc;
  if (p.at('(') && !p.isTypeStartAt(p.pos + 1)) {
    p.skipBalanced();
    parseNewBody(p, loc);
    return { kind: 'unsupported', what: 'placement new', loc };
  }
  return parseNewBody(p, loc);
}

function parseNewBody(p: Parser, loc: SourceLoc): Expr {
  let type: TypeNode;
  if (p.at('(')) {
    p.next();
    type = parseTypeId(p);
    p.expect(')', "expected ')'");
  } else {
    const specs = parseDeclSpecs(p, 'type');
    if (specs.base === null) p.error('expected a type');
    type = specs.base;
    while (p.at('*')) {
      const star = p.next();
      let isConst = false;
      while (p.at('const') || p.at('volatile')) if (p.next().text === 'const') isConst = true;
      type = isConst ? { kind: 'pointer', to: type, isConst, loc: star.loc } : { kind: 'pointer', to: type, loc: star.loc };
    }
  }
  let count: Expr | null = null;
  if (p.at('[')) {
    p.next();
    count = p.withGreater(false, () => parseExpr(p));
    p.expect(']', "expected ']'");
    const dims: { size: Expr; loc: SourceLoc }[] = [];
    while (p.at('[')) {
      const b = p.next();
      dims.push({ size: parseCondExpr(p), loc: b.loc });
      p.expect(']', "expected ']'");
    }
    for (let i = dims.length - 1; i >= 0; i--) {
      const d = dims[i] as { size: Expr; loc: SourceLoc };
      type = { kind: 'array', of: type, size: d.size, loc: d.loc };
    }
  }
  let args: Expr[] | null = null;
  if (p.at('(')) args = parseCallArgs(p);
  else if (p.at('{')) {
    const list = parseInitList(p);
    args = list.kind === 'initList' ? list.items.map((i) => i.value) : [];
  }
  return { kind: 'new', type, count, args, loc };
}

/** Parses `( args )` and returns the arguments. */
export function parseCallArgs(p: Parser): Expr[] {
  p.expect('(', "expected '('");
  return p.withGreater(false, () => {
    const args: Expr[] = [];
    if (!p.at(')')) {
      for (;;) {
        args.push(p.at('{') ? parseInitList(p) : parseAssign(p));
        if (!p.accept(',')) break;
      }
    }
    p.expect(')', "expected ')'");
    return args;
  });
}

/** Parses a braced initializer list `{a, .x = b, {c}}` (trailing comma allowed). */
export function parseInitList(p: Parser): Expr {
  const open = p.expect('{');
  return p.withGreater(false, () => {
    const items: InitItem[] = [];
    while (!p.at('}')) {
      const itemLoc = p.tok.loc;
      if (p.at('[')) {
        // C99 array designators have no C++ equivalent and no AST field.
        p.skipBalanced();
        p.expect('=', "expected '='");
        parseInitValue(p);
        items.push({ value: { kind: 'unsupported', what: 'array designator', loc: itemLoc } });
      } else if (p.at('.') && p.peek(1).kind === 'ident') {
        p.next();
        const name = p.next().text;
        p.expect('=', "expected '='");
        items.push({ designator: name, value: parseInitValue(p) });
      } else {
        items.push({ value: parseInitValue(p) });
      }
      if (!p.accept(',')) break;
    }
    p.expect('}', "expected '}'");
    return { kind: 'initList', items, loc: open.loc };
  });
}

function parseInitValue(p: Parser): Expr {
  return p.at('{') ? parseInitList(p) : parseAssign(p);
}

/** Applies postfix operators: [], (), <<<>>>(), ., ->, ++, --. */
function parsePostfix(p: Parser, base: Expr, loc: SourceLoc): Expr {
  for (;;) {
    const t = p.tok;
    if (t.kind !== 'punct') return base;
    switch (t.text) {
      case '[': {
        p.next();
        const index = p.withGreater(false, () => parseExpr(p));
        p.expect(']', "expected ']'");
        base = { kind: 'index', base, index, loc };
        break;
      }
      case '(':
        base = { kind: 'call', callee: base, args: parseCallArgs(p), loc };
        break;
      case '<<<': {
        p.next();
        const config = p.withGreater(false, () => {
          const c: Expr[] = [parseAssign(p)];
          while (p.accept(',')) c.push(parseAssign(p));
          return c;
        });
        p.expect('>>>', "expected '>>>'");
        if (config.length < 2) p.error('too few execution configuration arguments to kernel function call', t.loc);
        if (config.length > 4) p.error('too many execution configuration arguments to kernel function call', t.loc);
        if (!p.at('(')) p.error("expected '('");
        base = { kind: 'launch', callee: base, config, args: parseCallArgs(p), loc };
        break;
      }
      case '.':
      case '->': {
        p.next();
        p.accept('template');
        if (p.at('~')) p.error('destructors are not supported by Warpscope');
        if (!p.isName()) p.error('expected unqualified-id');
        base = { kind: 'member', base, name: p.next().text, arrow: t.text === '->', loc };
        break;
      }
      case '++':
      case '--':
        p.next();
        base = { kind: 'unary', op: t.text === '++' ? 'post++' : 'post--', operand: base, loc };
        break;
      default:
        return base;
    }
  }
}

/** Parses `<args>`; `strict` limits expression arguments to shift-level operands (for names not known to be templates). */
export function parseTemplateArgs(p: Parser, strict: boolean): TemplateArg[] {
  p.expect('<', "expected '<'");
  return p.withGreater(true, () => {
    const args: TemplateArg[] = [];
    if (!p.at('>')) {
      for (;;) {
        if (p.isTypeStartAt(p.pos)) args.push({ kind: 'type', type: parseTypeId(p) });
        else args.push({ kind: 'expr', expr: strict ? parseBinary(p, 10) : parseCondExpr(p) });
        if (!p.accept(',')) break;
      }
    }
    p.expect('>', "expected '>'");
    return args;
  });
}

/**
 * Parses a possibly qualified name with template arguments. `name<...>` is read as
 * template arguments when the name is a known type or template, or (speculatively)
 * when the matching '>' is followed by '(', '::' or '<<<'; otherwise '<' is less-than.
 */
export function parseQualifiedName(p: Parser): { name: string; templateArgs?: TemplateArg[]; loc: SourceLoc } {
  const loc = p.tok.loc;
  let name = '';
  if (p.accept('::')) name = '::';
  for (;;) {
    if (!p.isName()) p.error('expected unqualified-id');
    name += p.next().text;
    if (p.at('<')) {
      const known = p.isTypeName(name) || p.isTemplateName(name);
      const from = p.pos;
      const outerNoGreater = p.noGreater;
      const args = p.speculate(() => {
        const a = parseTemplateArgs(p, !known);
        // Inside another argument list, `g<int>` may also be followed by that list's ',' or '>'.
        const nested = outerNoGreater && (p.at('>') || p.at(','));
        if (!known && !nested && !p.at('(') && !p.at('::') && !p.at('<<<')) p.error('not template arguments');
        return a;
      });
      if (args !== null) {
        if (p.at('::') && p.isName(1)) {
          name += p.textOf(from, p.pos);
          p.next();
          name += '::';
          continue;
        }
        return { name, templateArgs: args, loc };
      }
    }
    if (p.at('::') && (p.isName(1) || p.at('operator', 1))) {
      p.next();
      name += '::';
      continue;
    }
    return { name, loc };
  }
}

/** Parses a primary expression. */
function parsePrimary(p: Parser): Expr {
  const t = p.tok;
  switch (t.kind) {
    case 'int':
      p.next();
      return intLiteral(t);
    case 'float':
      p.next();
      return floatLiteral(t);
    case 'char':
      p.next();
      return charLiteral(t);
    case 'string': {
      const parts: Token[] = [];
      while (p.tok.kind === 'string') parts.push(p.next());
      return stringLiteral(parts);
    }
    case 'punct':
      if (t.text === '(') {
        p.next();
        const e = p.withGreater(false, () => parseExpr(p));
        p.expect(')', "expected ')'");
        return e;
      }
      if (t.text === '{') return parseInitList(p);
      if (t.text === '[') return skipLambda(p);
      if (t.text === '::') return parseNameExpr(p);
      return p.error('expected expression');
    case 'ident':
      break;
    default:
      return p.error('expected expression');
  }
  const loc = t.loc;
  switch (t.text) {
    case 'true':
    case 'false':
      p.next();
      return { kind: 'bool', value: t.text === 'true', loc };
    case 'nullptr':
      p.next();
      return { kind: 'nullptr', loc };
    case 'this':
      p.next();
      return { kind: 'ident', name: 'this', loc };
    case 'operator':
      p.skipStatement();
      return { kind: 'unsupported', what: 'operator overloading', loc };
    case 'typeid':
      p.next();
      p.skipBalanced();
      return { kind: 'unsupported', what: 'typeid', loc };
  }
  const cxx = CXX_CASTS[t.text];
  if (cxx !== undefined) {
    p.next();
    p.expect('<', "expected '<'");
    const type = p.withGreater(true, () => parseTypeId(p));
    p.expect('>', "expected '>'");
    p.expect('(', "expected '('");
    const operand = p.withGreater(false, () => parseExpr(p));
    p.expect(')', "expected ')'");
    return { kind: 'cast', type, operand, style: cxx, loc };
  }
  if (TYPE_KEYWORDS.has(t.text) || t.text === 'typename' || t.text === 'decltype') {
    const specs = parseDeclSpecs(p, 'type');
    if (specs.base === null) return p.error('expected expression', loc);
    return parseConstruct(p, specs.base, loc);
  }
  if (RESERVED.has(t.text)) return p.error('expected expression');
  return parseNameExpr(p);
}

/** A name in an expression: a variable/function, or a type used as `T(args)` / `T{args}`. */
function parseNameExpr(p: Parser): Expr {
  const q = parseQualifiedName(p);
  if (p.isTypeName(q.name)) {
    const type: TypeNode = q.templateArgs
      ? { kind: 'named', name: q.name, templateArgs: q.templateArgs, loc: q.loc }
      : { kind: 'named', name: q.name, loc: q.loc };
    return parseConstruct(p, type, q.loc);
  }
  return q.templateArgs ? { kind: 'ident', name: q.name, templateArgs: q.templateArgs, loc: q.loc } : { kind: 'ident', name: q.name, loc: q.loc };
}

/** `T(args)` or `T{args}` after a type in expression position. */
function parseConstruct(p: Parser, type: TypeNode, loc: SourceLoc): Expr {
  if (p.at('(')) return { kind: 'construct', type, args: parseCallArgs(p), braces: false, loc };
  if (p.at('{')) {
    const list = parseInitList(p);
    const args = list.kind === 'initList' ? list.items.map((i) => i.value) : [];
    return { kind: 'construct', type, args, braces: true, loc };
  }
  return p.error("expected '(' for function-style cast or type construction");
}

/** Skips a lambda `[captures](params) specifiers { body }` and reports it as unsupported. */
function skipLambda(p: Parser): Expr {
  const loc = p.tok.loc;
  p.skipBalanced();
  if (p.at('(')) p.skipBalanced();
  while (!p.at('{') && p.tok.kind !== 'eof') {
    if (p.at('(')) p.skipBalanced();
    else p.next();
  }
  if (p.at('{')) p.skipBalanced();
  return { kind: 'unsupported', what: 'lambda expression', loc };
}
