import type { Expr, Param, TypeNode } from './ast.js';
import type { SourceLoc } from './token.js';
import type { Parser } from './parse-core.js';
import { parseAssign, parseCallArgs, parseExpr } from './parse-expr.js';
import { parseDeclSpecs, parseTypeId } from './parse-type.js';
import { parseAttributes, skipAttributes } from './parse-attr.js';
import { parseTemplateArgs } from './parse-primary.js';

/*
 * C declarators: `*const p`, `a[2][3]`, `(*fp)(int)`, `&r`. A declarator is read
 * inside-out as C defines it and returned as a function that wraps the base type,
 * so `int *a[4]` becomes array(4, pointer(int)).
 */

/** A parsed declarator: the declared name and how it derives its type from the base type. */
export interface Declarator {
  readonly name: string | null;
  readonly nameLoc: SourceLoc | null;
  /** Builds the declared type from the specifiers' base type. */
  readonly apply: (base: TypeNode) => TypeNode;
  /** `T x(args)`: constructor-style initialiser arguments, read in place of a parameter list. */
  readonly parenArgs: readonly Expr[] | null;
  readonly parenLoc: SourceLoc | null;
  /** Alignment requests written after the name or its array bounds (`float s[4] __attribute__((aligned(16)))`). */
  readonly align: readonly Expr[];
  /** A member function's trailing `const` (`float norm() const`). */
  readonly constMethod?: boolean;
}

/** 'named' requires a name, 'abstract' forbids one, 'either' (parameters) allows both. */
export type DeclaratorMode = 'named' | 'abstract' | 'either';

type PtrOp = { kind: 'ptr'; isConst: boolean; isVolatile: boolean; isRestrict: boolean; loc: SourceLoc } | { kind: 'ref'; rvalue: boolean; loc: SourceLoc };
type Suffix =
  | { kind: 'array'; size: Expr | null; loc: SourceLoc }
  | { kind: 'func'; params: Param[]; variadic: boolean; trailing: TypeNode | null; loc: SourceLoc };

/** Parses a declarator; `allowParenInit` lets `name(expr, ..)` be read as a constructor-style initialiser. */
export function parseDeclarator(p: Parser, mode: DeclaratorMode, allowParenInit: boolean): Declarator {
  const ptrs: PtrOp[] = [];
  for (;;) {
    skipAttributes(p);
    if (p.at('*')) {
      const loc = p.next().loc;
      let isConst = false;
      let isVolatile = false;
      let isRestrict = false;
      for (;;) {
        skipAttributes(p);
        if (p.at('const')) isConst = true;
        else if (p.at('volatile')) isVolatile = true;
        else if (p.at('__restrict__') || p.at('restrict') || p.at('__restrict')) isRestrict = true;
        else break;
        p.next();
      }
      ptrs.push({ kind: 'ptr', isConst, isVolatile, isRestrict, loc });
    } else if (p.at('&') || p.at('&&')) {
      const t = p.next();
      ptrs.push({ kind: 'ref', rvalue: t.text === '&&', loc: t.loc });
    } else break;
  }
  let inner: Declarator | null = null;
  let name: string | null = null;
  let nameLoc: SourceLoc | null = null;
  if (p.at('(') && isNestedDeclarator(p, mode)) {
    p.next();
    inner = parseDeclarator(p, mode, false);
    p.expect(')', "expected ')'");
  } else if (mode !== 'abstract' && p.at('operator')) {
    nameLoc = p.next().loc;
    name = 'operator';
    // `operator()` names the call operator; in `operator-()` the parentheses are the parameters.
    while (!p.at('(') || (name === 'operator' && p.at(')', 1))) {
      if (p.tok.kind === 'eof') p.error('expected expression');
      name += p.next().text;
    }
  } else if (mode !== 'abstract' && (p.isName() || (p.at('::') && p.isName(1)))) {
    nameLoc = p.tok.loc;
    name = p.accept('::') ? '::' : '';
    name += p.next().text;
    while (p.at('::') && (p.isName(1) || p.at('operator', 1) || p.at('~', 1))) {
      p.next();
      name += `::${p.next().text}`;
    }
  } else if (mode === 'named') {
    p.error('expected unqualified-id');
  }
  const align = parseAttributes(p);
  const suffixes: Suffix[] = [];
  let parenArgs: Expr[] | null = null;
  let parenLoc: SourceLoc | null = null;
  let constMethod = false;
  for (;;) {
    if (p.at('[')) {
      const loc = p.next().loc;
      const size = p.at(']') ? null : p.withGreater(false, () => parseExpr(p));
      p.expect(']', "expected ']'");
      suffixes.push({ kind: 'array', size, loc });
    } else if (p.at('(')) {
      if (allowParenInit && name !== null && inner === null && suffixes.length === 0 && looksLikeParenInit(p)) {
        parenLoc = p.tok.loc;
        parenArgs = parseCallArgs(p);
        break;
      }
      const loc = p.tok.loc;
      const { params, variadic } = parseParams(p);
      // Trailing qualifiers of member functions and exception specs carry nothing we use.
      for (;;) {
        skipAttributes(p);
        if (p.at('const')) constMethod = true;
        if (p.at('const') || p.at('volatile') || p.at('override') || p.at('final') || p.at('&') || p.at('&&')) p.next();
        else if (p.at('noexcept') || p.at('throw')) {
          p.next();
          if (p.at('(')) p.skipBalanced();
        } else break;
      }
      let trailing: TypeNode | null = null;
      if (p.accept('->')) trailing = parseTypeId(p);
      suffixes.push({ kind: 'func', params, variadic, trailing, loc });
    } else break;
  }
  align.push(...parseAttributes(p));
  const apply = (base: TypeNode): TypeNode => {
    let t = base;
    for (const op of ptrs) {
      if (op.kind === 'ptr') {
        const q = { ...(op.isConst ? { isConst: true } : {}), ...(op.isVolatile ? { isVolatile: true } : {}), ...(op.isRestrict ? { isRestrict: true } : {}) };
        t = { kind: 'pointer', to: t, ...q, loc: op.loc };
      } else {
        t = op.rvalue ? { kind: 'reference', to: t, rvalue: true, loc: op.loc } : { kind: 'reference', to: t, loc: op.loc };
      }
    }
    for (let i = suffixes.length - 1; i >= 0; i--) {
      const s = suffixes[i] as Suffix;
      t = s.kind === 'array' ? { kind: 'array', of: t, size: s.size, loc: s.loc } : { kind: 'function', ret: s.trailing ?? t, params: s.params, variadic: s.variadic, loc: s.loc };
    }
    return inner ? inner.apply(t) : t;
  };
  if (inner) return { name: inner.name, nameLoc: inner.nameLoc, apply, parenArgs, parenLoc, align: [...inner.align, ...align] };
  return { name, nameLoc, apply, parenArgs, parenLoc, align, ...(constMethod ? { constMethod } : {}) };
}

/** At '(' before any name: a parenthesised declarator `(*fp)` rather than a parameter list. */
function isNestedDeclarator(p: Parser, mode: DeclaratorMode): boolean {
  if (p.at('*', 1) || p.at('&', 1) || p.at('&&', 1) || p.at('^', 1)) return true;
  if (mode === 'abstract') return false;
  if (mode === 'named') return true;
  // Parameters: `int (x)` names x; `int (int)` is an unnamed function parameter.
  return p.isName(1) && !p.isTypeStartAt(p.pos + 1);
}

/** After `T name`, does '(' open constructor arguments (`dim3 g(4, 4)`) rather than parameters? */
function looksLikeParenInit(p: Parser): boolean {
  if (p.at(')', 1) || p.at('...', 1)) return false;
  if (p.isTypeStartAt(p.pos + 1)) return false;
  if (p.at('void', 1) || p.at('static', 1) || p.at('__restrict__', 1)) return false;
  // `f(Foo x)` with Foo unknown: a parameter list, so the parameter parser can say "unknown type name".
  if (p.isName(1) && p.isName(2)) return false;
  return usingOnlyTypeAt(p, p.pos + 1) === null;
}

/** `plus<int> op` at token index `i` after `using namespace cooperative_groups`: the short name when a qualified-only type is declaring something there. */
function usingOnlyTypeAt(p: Parser, i: number): string | null {
  const t = p.tokAt(i);
  if (t.kind !== 'ident' || p.usingOnlyType(t.text) === null || !p.isPunctAt(i + 1, '<')) return null;
  const save = p.pos;
  p.pos = i + 1;
  const ok = p.speculate(() => {
    parseTemplateArgs(p, true);
    return p.isName();
  });
  p.pos = save;
  return ok === true ? t.text : null;
}

/** Parses `(params)` of a function declarator. */
export function parseParams(p: Parser): { params: Param[]; variadic: boolean } {
  p.expect('(', "expected '('");
  return p.withGreater(false, () => {
    const params: Param[] = [];
    let variadic = false;
    if (p.at('void') && p.at(')', 1)) p.next();
    while (!p.at(')')) {
      if (p.accept('...')) {
        variadic = true;
        break;
      }
      const start = p.tok.loc;
      // A functor named through a using-directive is a type here only (see Parser.usingOnlyType).
      const only = usingOnlyTypeAt(p, p.pos);
      const s = only !== null ? p.withTypeName(only, () => parseDeclSpecs(p, 'param')) : parseDeclSpecs(p, 'param');
      if (s.base === null) {
        if (p.isName()) p.error(`unknown type name '${p.tok.text}'`);
        p.error('expected parameter declarator');
      }
      const d = parseDeclarator(p, 'either', false);
      const type = d.apply(s.base);
      const param: Param = { name: d.name, type, loc: d.nameLoc ?? start };
      params.push(p.accept('=') ? { ...param, defaultValue: parseAssign(p) } : param);
      if (!p.accept(',')) break;
    }
    p.expect(')', "expected ')'");
    return { params, variadic };
  });
}
