import type { AssignOp, BinaryOp, Expr, InitItem, TypeNode } from './ast.js';
import type { SourceLoc } from './token.js';
import type { Parser } from './parse-core.js';
import { parseDeclSpecs, parseTypeId } from './parse-type.js';
import { dependentTemplate, parsePrimary } from './parse-primary.js';

export { parseQualifiedName, parseTemplateArgs } from './parse-primary.js';

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
      case '__builtin_offsetof':
        return parseOffsetof(p);
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
        if (p.at('template') && p.isName(1) && p.at('<', 2)) dependentTemplate(p, p.tok.loc);
        p.accept('template');
        if (p.at('~')) p.error('destructors are not supported by Warpscope');
        if (!p.isName()) p.error('expected unqualified-id');
        const nameTok = p.next();
        base = { kind: 'member', base, name: nameTok.text, arrow: t.text === '->', loc, nameLoc: nameTok.loc };
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

/** `__builtin_offsetof(T, member designator)`: a member name followed by `.name` and `[index]` steps. */
function parseOffsetof(p: Parser): Expr {
  const loc = p.next().loc;
  p.expect('(', "expected '(' after 'offsetof'");
  const type = parseTypeId(p);
  p.expect(',', "expected ','");
  if (!p.isName()) p.error('expected identifier');
  const path: (string | Expr)[] = [p.next().text];
  for (;;) {
    if (p.accept('.')) {
      if (!p.isName()) p.error('expected identifier');
      path.push(p.next().text);
    } else if (p.accept('[')) {
      path.push(parseExpr(p));
      p.expect(']', "expected ']'");
    } else break;
  }
  p.expect(')', "expected ')'");
  return { kind: 'offsetof', type, path, loc };
}
