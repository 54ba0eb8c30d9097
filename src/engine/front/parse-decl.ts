import type { Expr, FunctionDecl, TemplateArg, TemplateParam, TopDecl, TypeNode, VarDecl } from './ast.js';
import type { Parser } from './parse-core.js';
import { parseAssign, parseCondExpr, parseInitList } from './parse-expr.js';
import { parseDeclarator } from './parse-declarator.js';
import { parseDeclSpecs, parseTypeId } from './parse-type.js';
import { parseBlock } from './parse-stmt.js';

/*
 * Declarations shared by file scope and function bodies: specifiers, then
 * init-declarators; a function declarator followed by '{' is a definition.
 */

/** Where a declaration sits: file/namespace scope or inside a function body. */
export type DeclContext = 'top' | 'local';

/** The error for a declaration that starts with a name that is not a type. */
export function unknownTypeError(p: Parser): never {
  const s = p.scanName(p.pos);
  if (s !== null && p.isPunctAt(s.end, '(')) return p.error('C++ requires a type specifier for all declarations');
  if (s !== null && p.isPunctAt(s.end, '<')) {
    const full = p.usingOnlyType(s.name);
    if (full !== null) return p.error(`'${s.name}<...>' named through a using-directive outside a local variable declaration (write '${full}<...>') is not supported by Warpscope`);
    const i = s.name.lastIndexOf('::');
    return p.error(i < 0 ? `no template named '${s.name}'` : `no template named '${s.name.slice(i + 2)}' in namespace '${s.name.slice(0, i)}'`);
  }
  return p.error(`unknown type name '${s ? s.name : p.tok.text}'`);
}

/** Parses one declaration (`int a = 1, *b;`, `typedef ...;`, `struct S {..};`, a function prototype or definition). */
export function parseDeclaration(p: Parser, ctx: DeclContext, template: readonly TemplateParam[] | null, externC: boolean): TopDecl[] {
  const start = p.tok;
  const s = parseDeclSpecs(p, 'decl');
  if (s.base === null) {
    if (p.isName()) unknownTypeError(p);
    return p.error(p.at('(') ? 'C++ requires a type specifier for all declarations' : 'expected unqualified-id');
  }
  const out: TopDecl[] = [];
  let base: TypeNode = s.base;
  if (s.tagDef !== null) {
    const isEnum = !('fields' in s.tagDef);
    if (s.tagDef.name !== null) {
      // A named definition stands alone so each declarator can refer to it by tag without redefining it.
      out.push({ kind: 'tagDef', def: s.tagDef, isEnum, loc: s.tagDef.loc });
      if (base.kind === 'tagged') {
        const { def: _def, ...rest } = base;
        base = rest;
      }
    } else if (p.at(';')) {
      out.push({ kind: 'tagDef', def: s.tagDef, isEnum, loc: s.tagDef.loc });
    }
  }
  if (p.accept(';')) return out;
  const vars: VarDecl[] = [];
  for (;;) {
    const d = parseDeclarator(p, 'named', !s.specs.typedef);
    const name = d.name ?? '';
    const loc = d.nameLoc ?? start.loc;
    const type = d.apply(base);
    if ((name.startsWith('operator') && type.kind !== 'function') || name.includes('::operator')) {
      out.push({ kind: 'unsupported', what: 'operator overloading', loc });
      p.skipDeclaration();
      return out;
    }
    if (s.specs.typedef) {
      p.declareType(name);
      // An aligned typedef changes the alignment of what is declared with it, which types here cannot carry.
      if ((s.specs.align?.length ?? 0) > 0 || d.align.length > 0) out.push({ kind: 'unsupported', what: 'an aligned typedef', loc });
      out.push({ kind: 'typedef', name, type, loc });
    } else if (type.kind === 'function') {
      if (name.includes('::') && !name.startsWith('::')) {
        out.push({ kind: 'unsupported', what: 'defining member functions outside their class', loc });
        p.skipDeclaration();
        return out;
      }
      if (template !== null) p.declareTemplate(name);
      const fn: FunctionDecl = {
        kind: 'function', name, specs: s.specs, ret: type.ret, params: type.params, variadic: type.variadic, body: null, template,
        ...(externC ? { externC: true } : {}), loc,
      };
      if (p.at('{')) {
        if (ctx === 'local') p.error('function definition is not allowed here');
        p.pushScope();
        try {
          out.push({ ...fn, body: parseBlock(p) });
        } finally {
          p.popScope();
        }
        return out;
      }
      if (p.at('=') && (p.at('delete', 1) || p.at('default', 1))) {
        p.next();
        p.next();
      }
      out.push(fn);
    } else {
      vars.push(parseInit(p, name, type, d.align.length > 0 ? { ...s.specs, align: [...(s.specs.align ?? []), ...d.align] } : s.specs, loc, d.parenArgs, d.parenLoc));
    }
    if (!p.accept(',')) break;
  }
  if (vars.length > 0) out.push({ kind: 'vars', decls: vars, loc: start.loc });
  p.expectSemi(ctx === 'top' ? "expected ';' after top level declarator" : "expected ';' at end of declaration");
  return out;
}

/** Reads a variable's initialiser: `= expr`, `= {..}`, `{..}`, or the `(args)` found by the declarator. */
function parseInit(
  p: Parser, name: string, type: TypeNode, specs: VarDecl['specs'], loc: VarDecl['loc'],
  parenArgs: readonly Expr[] | null, parenLoc: VarDecl['loc'] | null,
): VarDecl {
  if (parenArgs !== null) {
    const init: Expr = { kind: 'construct', type, args: parenArgs, braces: false, loc: parenLoc ?? loc };
    return { name, type, specs, init, initStyle: 'paren', parenArgs, loc };
  }
  if (p.accept('=')) {
    const init = p.withGreater(false, () => (p.at('{') ? parseInitList(p) : parseAssign(p)));
    return { name, type, specs, init, initStyle: 'assign', loc };
  }
  if (p.at('{')) return { name, type, specs, init: parseInitList(p), initStyle: 'brace', loc };
  return { name, type, specs, init: null, initStyle: 'none', loc };
}

/** Parses `template <..> declaration`; only function templates are supported, the rest become 'unsupported'. */
export function parseTemplate(p: Parser, externC: boolean): TopDecl[] {
  const kw = p.next();
  if (!p.at('<')) {
    p.skipDeclaration();
    return [{ kind: 'unsupported', what: 'explicit template instantiation', loc: kw.loc }];
  }
  p.next();
  if (p.accept('>')) {
    p.skipDeclaration();
    return [{ kind: 'unsupported', what: 'template specialization', loc: kw.loc }];
  }
  p.pushScope();
  try {
    const params = p.withGreater(true, () => parseTemplateParams(p));
    p.expect('>', "expected '>'");
    if (p.at('struct') || p.at('class') || p.at('union')) {
      if (p.isName(1)) {
        p.declareTemplate(p.peek(1).text);
        // The class name outlives the template-parameter scope.
        p.popScope();
        p.declareType(p.peek(1).text);
        p.pushScope();
      }
      p.skipDeclaration();
      return [{ kind: 'unsupported', what: 'class template', loc: kw.loc }];
    }
    if (p.at('using') || p.at('template')) {
      p.skipDeclaration();
      return [{ kind: 'unsupported', what: p.at('using') ? 'alias template' : 'member template', loc: kw.loc }];
    }
    const decls = parseDeclaration(p, 'top', params, externC);
    if (decls.some((d) => d.kind === 'vars')) return [{ kind: 'unsupported', what: 'variable template', loc: kw.loc }];
    return decls;
  } finally {
    p.popScope();
  }
}

/** `typename T`, `class T = int`, `int N`, `unsigned int blockSize = 256`. Type parameters become type names. */
function parseTemplateParams(p: Parser): TemplateParam[] {
  const params: TemplateParam[] = [];
  for (;;) {
    const loc = p.tok.loc;
    if ((p.at('typename') || p.at('class')) && !p.isTypeStartAt(p.pos + 1)) {
      p.next();
      if (p.at('...')) p.error('variadic templates are not supported by Warpscope');
      const nameTok = p.isName() ? p.next() : null;
      const name = nameTok ? nameTok.text : '';
      if (name) p.declareType(name);
      let defaultArg: TemplateArg | undefined;
      if (p.accept('=')) defaultArg = { kind: 'type', type: parseTypeId(p) };
      const tp: TemplateParam = { kind: 'type', name, loc: nameTok ? nameTok.loc : loc };
      params.push(defaultArg ? { ...tp, defaultArg } : tp);
    } else if (p.at('template')) {
      p.error('template template parameters are not supported by Warpscope');
    } else {
      const s = parseDeclSpecs(p, 'type');
      if (s.base === null) unknownTypeError(p);
      if (p.at('...')) p.error('variadic templates are not supported by Warpscope');
      const d = parseDeclarator(p, 'either', false);
      const type = d.apply(s.base);
      let defaultArg: TemplateArg | undefined;
      if (p.accept('=')) defaultArg = { kind: 'expr', expr: parseCondExpr(p) };
      const tp: TemplateParam = { kind: 'value', name: d.name ?? '', type, loc: d.nameLoc ?? loc };
      params.push(defaultArg ? { ...tp, defaultArg } : tp);
    }
    if (!p.accept(',')) return params;
  }
}
