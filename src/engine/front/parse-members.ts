import type { DeclSpecs, Expr, FunctionDecl, MemberInit, MethodDecl, Stmt, TypeNode, UnsupportedMember } from './ast.js';

type Block = Stmt & { kind: 'block' };
import type { SourceLoc } from './token.js';
import type { Parser } from './parse-core.js';
import type { Declarator } from './parse-declarator.js';
import { parseDeclarator } from './parse-declarator.js';
import { parseCallArgs, parseInitList } from './parse-expr.js';
import { parseBlock } from './parse-stmt.js';

/*
 * Member functions, constructors and operators defined inside a struct body. Each becomes a
 * MethodDecl; the checker (check/check-methods.ts) makes it a function taking `this`. What
 * Warpscope does not support is recorded with its name so the checker reports it in place.
 */

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Specifiers that may precede a constructor's name. */
export const CTOR_PREFIX: ReadonlySet<string> = new Set(['__host__', '__device__', '__forceinline__', '__noinline__', 'inline', '__inline__', 'explicit', 'constexpr']);

/** What a member declaration starting with this keyword is, when Warpscope does not support it. */
export const UNSUPPORTED_MEMBER_KEYWORDS: ReadonlyMap<string, string> = new Map([
  ['template', 'member templates'],
  ['using', 'member using-declarations'],
  ['typedef', 'member typedefs'],
  ['friend', 'friend declarations'],
  ['operator', 'conversion operators'],
  ['static_assert', 'static_assert in a class'],
  ['static', 'static members'],
  ['virtual', 'virtual functions'],
  ['mutable', 'mutable members'],
]);

/** True at a constructor of `structName`: `[specifiers] Name (`. */
export function atConstructor(p: Parser, structName: string | null): boolean {
  let k = 0;
  while (CTOR_PREFIX.has(p.peek(k).text)) k++;
  return structName !== null && p.peek(k).text === structName && p.at('(', k + 1);
}

/** True at a destructor: `[specifiers] ~Name`. */
export function atDestructor(p: Parser): boolean {
  let k = 0;
  while (CTOR_PREFIX.has(p.peek(k).text)) k++;
  return p.at('~', k);
}

/** Parses a constructor definition; an unsupported form (declared only, deleted) is recorded instead. */
export function parseConstructor(p: Parser, structName: string, unsupported: UnsupportedMember[]): MethodDecl | null {
  const start = p.tok.loc;
  const specs: Mutable<DeclSpecs> = {};
  while (CTOR_PREFIX.has(p.tok.text)) {
    const w = p.next().text;
    if (w === '__host__') specs.host = true;
    else if (w === '__device__') specs.device = true;
    else if (w === 'constexpr') specs.constexpr = true;
    else if (w !== 'explicit') specs.inline = true;
  }
  const d = parseDeclarator(p, 'named', false);
  const type = d.apply(voidNode(start));
  if (type.kind !== 'function') return p.error('expected a constructor');
  const inits: MemberInit[] = [];
  if (p.accept(':')) {
    do {
      if (!p.isName()) p.error('expected class member or base class name');
      const n = p.next();
      const braces = p.at('{');
      let args: Expr[];
      if (braces) {
        const list = parseInitList(p);
        args = list.kind === 'initList' ? list.items.map((i) => i.value) : [];
      } else args = parseCallArgs(p);
      inits.push({ name: n.text, args, braces, loc: n.loc });
    } while (p.accept(','));
  }
  const fn: FunctionDecl = { kind: 'function', name: structName, specs, ret: type.ret, params: type.params, variadic: type.variadic, body: null, template: null, loc: d.nameLoc ?? start };
  const body = definitionBody(p, d, 'constructors', unsupported);
  return body ? { fn: { ...fn, body }, role: 'ctor', isConst: false, inits } : null;
}

/** Parses a member function (an operator included) whose specifiers and declarator were read; null when recorded as unsupported. */
export function parseMethod(p: Parser, specs: DeclSpecs, base: TypeNode, d: Declarator, unsupported: UnsupportedMember[]): MethodDecl | null {
  const type = d.apply(base);
  if (type.kind !== 'function') return p.error('expected a member function');
  const loc = d.nameLoc ?? base.loc;
  const fn: FunctionDecl = { kind: 'function', name: d.name ?? '', specs, ret: type.ret, params: type.params, variadic: type.variadic, body: null, template: null, loc };
  const body = definitionBody(p, d, 'member functions', unsupported);
  return body ? { fn: { ...fn, body }, role: 'method', isConst: d.constMethod === true, inits: [] } : null;
}

/** The body after a member's declarator; `= default` is an empty one, other forms are recorded as unsupported and skipped. */
function definitionBody(p: Parser, d: Declarator, what: string, unsupported: UnsupportedMember[]): Block | null {
  const loc = d.nameLoc ?? p.tok.loc;
  if (p.at('{')) {
    p.pushScope();
    try {
      return parseBlock(p);
    } finally {
      p.popScope();
    }
  }
  if (p.at('=') && p.at('default', 1) && what === 'constructors') {
    const open = p.next().loc;
    p.next();
    p.expectSemi("expected ';' at end of declaration list");
    return { kind: 'block', body: [], loc: open, endLoc: open };
  }
  unsupported.push({ what: p.at('=') ? `defaulted or deleted ${what}` : `defining ${what} outside their class`, loc });
  p.skipDeclaration();
  return null;
}

function voidNode(loc: SourceLoc): TypeNode {
  return { kind: 'builtin', name: 'void', loc };
}
