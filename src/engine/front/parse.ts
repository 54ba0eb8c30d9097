import type { TopDecl, TranslationUnit } from './ast.js';
import type { Token } from './token.js';
import { DiagError, type Result } from './diag.js';
import { DECL_KEYWORDS, Parser, TYPE_KEYWORDS, type ParseOptions } from './parse-core.js';
import { parseCondExpr, parseQualifiedName } from './parse-expr.js';
import { parseTypeId } from './parse-type.js';
import { parseDeclaration, parseTemplate, unknownTypeError } from './parse-decl.js';
import { stringLiteral } from './parse-lit.js';

/*
 * Entry point of the parser: preprocessed tokens to a TranslationUnit. The parser
 * stops at the first error (no recovery); the checker reports the constructs the
 * parser marked 'unsupported'.
 */

export type { ParseOptions } from './parse-core.js';

/** Parses a whole translation unit; the first syntax error is returned as a failed Result. */
export function parse(tokens: readonly Token[], file: string, options: ParseOptions): Result<TranslationUnit> {
  try {
    const p = new Parser(tokens, file, options);
    const decls: TopDecl[] = [];
    while (p.tok.kind !== 'eof') parseTopLevel(p, decls, false);
    return { ok: true, value: { file, decls }, warnings: [] };
  } catch (e) {
    if (e instanceof DiagError) return { ok: false, diags: [e.diag] };
    throw e;
  }
}

/** Parses declarations until the closing '}' of a namespace or linkage block. */
function parseUntilBrace(p: Parser, out: TopDecl[], externC: boolean): void {
  while (!p.at('}')) {
    if (p.tok.kind === 'eof') p.error("expected '}'");
    parseTopLevel(p, out, externC);
  }
  p.next();
}

/** Parses one file-scope (or namespace-scope) declaration, appending its nodes to `out`. */
export function parseTopLevel(p: Parser, out: TopDecl[], externC: boolean): void {
  const t = p.tok;
  const loc = t.loc;
  if (p.accept(';')) return;
  if (t.kind !== 'ident' && !p.at('::') && !p.at('[')) p.error('expected unqualified-id');
  switch (t.text) {
    case 'inline':
      if (!p.at('namespace', 1)) break;
      p.next();
      parseTopLevel(p, out, externC);
      return;
    case 'namespace': {
      p.next();
      if (p.isName() && p.at('=', 1)) {
        const name = p.next().text;
        p.next();
        const target = parseQualifiedName(p).name;
        p.expectSemi("expected ';' after namespace name");
        p.addAlias(name, target);
        out.push({ kind: 'namespaceAlias', name, target, loc });
        return;
      }
      let name: string | null = null;
      if (p.isName()) {
        name = p.next().text;
        while (p.at('::') && p.isName(1)) {
          p.next();
          name += `::${p.next().text}`;
        }
      }
      p.expect('{', "expected '{'");
      const decls: TopDecl[] = [];
      if (name !== null) p.nsStack.push(name);
      try {
        parseUntilBrace(p, decls, externC);
      } finally {
        if (name !== null) p.nsStack.pop();
      }
      out.push({ kind: 'namespace', name, decls, loc });
      return;
    }
    case 'using': {
      p.next();
      if (p.accept('namespace')) {
        const name = parseQualifiedName(p).name;
        p.expectSemi("expected ';' after namespace name");
        p.useNamespace(name);
        out.push({ kind: 'usingNamespace', name, loc });
        return;
      }
      if (p.isName() && p.at('=', 1)) {
        const name = p.next().text;
        p.next();
        const type = parseTypeId(p);
        p.expectSemi("expected ';' after alias declaration");
        p.declareType(name);
        out.push({ kind: 'usingAlias', name, type, loc });
        return;
      }
      p.accept('typename');
      const name = parseQualifiedName(p).name;
      p.expectSemi("expected ';' after using declaration");
      if (p.isTypeName(name)) p.declareType(name.slice(name.lastIndexOf(':') + 1));
      out.push({ kind: 'usingDecl', name, loc });
      return;
    }
    case 'template':
      out.push(...parseTemplate(p, externC));
      return;
    case 'extern':
      if (p.peek(1).kind !== 'string') break;
      p.next();
      p.next();
      if (p.accept('{')) parseUntilBrace(p, out, true);
      else parseTopLevel(p, out, true);
      return;
    case 'static_assert': {
      p.next();
      p.expect('(', "expected '(' after 'static_assert'");
      const cond = p.withGreater(false, () => parseCondExpr(p));
      let message: string | null = null;
      if (p.accept(',')) {
        const parts: Token[] = [];
        while (p.tok.kind === 'string') parts.push(p.next());
        if (parts.length === 0) p.error('expected string literal');
        message = stringLiteral(parts).value;
      }
      p.expect(')', "expected ')'");
      p.expectSemi("expected ';' after static_assert");
      out.push({ kind: 'staticAssert', cond, message, loc });
      return;
    }
    case 'asm':
    case '__asm__':
    case '__asm':
      p.skipStatement();
      out.push({ kind: 'unsupported', what: 'inline assembly', loc });
      return;
  }
  const isKeyword = t.kind === 'ident' && (DECL_KEYWORDS.has(t.text) || TYPE_KEYWORDS.has(t.text));
  if (!isKeyword && !p.isTypeStartAt(p.pos) && !p.at('[')) {
    if (p.isName() || p.at('::')) unknownTypeError(p);
    p.error('expected unqualified-id');
  }
  out.push(...parseDeclaration(p, 'top', null, externC));
}
