import type { Expr, TemplateArg, TypeNode } from './ast.js';
import type { SourceLoc, Token } from './token.js';
import { RESERVED, TYPE_KEYWORDS, type Parser } from './parse-core.js';
import { charLiteral, floatLiteral, intLiteral, stringLiteral } from './parse-lit.js';
import { parseDeclSpecs, parseTypeId } from './parse-type.js';
import { parseBinary, parseCallArgs, parseCondExpr, parseExpr, parseInitList } from './parse-expr.js';

/*
 * Primary expressions and names: literals, parenthesised expressions, C++ casts,
 * (qualified) names with the template-argument-vs-less-than decision, and
 * functional casts `T(args)` when a name denotes a type.
 */

const CXX_CASTS: Readonly<Record<string, 'static' | 'reinterpret' | 'const' | 'dynamic'>> = {
  static_cast: 'static', reinterpret_cast: 'reinterpret', const_cast: 'const', dynamic_cast: 'dynamic',
};

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
    if (p.at('::') && p.at('template', 1)) dependentTemplate(p, p.peek(1).loc);
    if (p.at('::') && (p.isName(1) || p.at('operator', 1))) {
      p.next();
      name += '::';
      continue;
    }
    return { name, loc };
  }
}

/** Fails at `T::template f<U>` or `x.template f<U>`: a member template of a dependent type, which Warpscope cannot have (member templates are unsupported). */
export function dependentTemplate(p: Parser, loc: SourceLoc): never {
  return p.error("dependent member template names ('template' after '::', '.' or '->') are not supported by Warpscope", loc);
}

/** Parses a primary expression. */
export function parsePrimary(p: Parser): Expr {
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
  if (p.tok.kind === 'punct' && !['(', '{', '->', '[', '<'].includes(p.tok.text)) return p.error('expected body of lambda expression');
  if (p.at('(')) p.skipBalanced();
  // Specifiers and a trailing return type may stand before the body, but never a statement's end: `[i] = 3;`
  // (a half-typed subscript) must fail here, not skip the rest of the file looking for a '{'.
  while (!p.at('{') && !p.at(';') && !p.at('}') && p.tok.kind !== 'eof') {
    if (p.at('(')) p.skipBalanced();
    else p.next();
  }
  if (!p.at('{')) return p.error('expected body of lambda expression');
  p.skipBalanced();
  return { kind: 'unsupported', what: 'lambda expression', loc };
}
