import type { BuiltinTypeName, DeclSpecs, EnumDef, Expr, FieldDecl, MethodDecl, StructDef, TypeNode, UnsupportedMember } from './ast.js';
import { atConstructor, atDestructor, parseConstructor, parseMethod, UNSUPPORTED_MEMBER_KEYWORDS } from './parse-members.js';
import type { SourceLoc } from './token.js';
import type { Parser } from './parse-core.js';
import { parseAssign, parseCondExpr, parseExpr, parseQualifiedName } from './parse-expr.js';
import { parseDeclarator } from './parse-declarator.js';
import { atAttribute, parseAttributes, skipAttributes } from './parse-attr.js';

/*
 * Declaration specifiers (`static __device__ const unsigned long long`, `struct S {..}`,
 * `cg::thread_block_tile<32>`) and struct/union/enum bodies.
 */

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The result of reading declaration specifiers. */
export interface SpecResult {
  readonly specs: DeclSpecs;
  /** The base type, or null when no type specifier was written. */
  readonly base: TypeNode | null;
  /** A struct/union/enum defined inside the specifiers, and whether it has a name. */
  readonly tagDef: StructDef | EnumDef | null;
  /** A C++-only member specifier (virtual, friend, explicit, mutable) was seen. */
  readonly cxxMember: boolean;
  readonly loc: SourceLoc;
}

/** Where specifiers are being read: storage classes are only meaningful on declarations. */
export type SpecContext = 'decl' | 'param' | 'type' | 'member';

const STORAGE: Readonly<Record<string, Exclude<keyof DeclSpecs, 'launchBounds' | 'align'>>> = {
  __global__: 'global', __device__: 'device', __host__: 'host', __shared__: 'shared', __constant__: 'constant',
  __managed__: 'managed', extern: 'extern', static: 'static', inline: 'inline', __inline__: 'inline', __inline: 'inline',
  __forceinline__: 'inline', __noinline__: 'inline', constexpr: 'constexpr', typedef: 'typedef',
};

const DROPPED: ReadonlySet<string> = new Set(['register', 'thread_local', '__thread', 'restrict', '__restrict__', '__restrict', 'consteval', 'constinit']);

/** Reads declaration specifiers and builds the base type (normalising builtin keyword combinations). */
export function parseDeclSpecs(p: Parser, ctx: SpecContext): SpecResult {
  const loc = p.tok.loc;
  const specs: Mutable<DeclSpecs> = {};
  let base: TypeNode | null = null;
  let tagDef: StructDef | EnumDef | null = null;
  let word: string | null = null; // void bool char int float double
  let longs = 0;
  let short = false;
  let signed: boolean | null = null;
  let typeLoc: SourceLoc | null = null;
  let isConst = false;
  let isVolatile = false;
  let cxxMember = false;
  const hasType = (): boolean => base !== null || word !== null || longs > 0 || short || signed !== null;
  const clash = (what: string): never => p.error(`cannot combine with previous '${what}' declaration specifier`);
  /** Reads attributes among the specifiers, keeping their alignment requests. */
  const takeAttributes = (): void => {
    const aligns = parseAttributes(p);
    if (aligns.length > 0) specs.align = [...(specs.align ?? []), ...aligns];
  };
  for (;;) {
    const t = p.tok;
    if (t.kind !== 'ident') {
      if (!atAttribute(p)) break;
      takeAttributes();
      continue;
    }
    const text = t.text;
    const storage = STORAGE[text];
    if (storage !== undefined && ctx !== 'type') {
      specs[storage] = true;
      p.next();
    } else if (text === '__launch_bounds__' && p.at('(', 1)) {
      // Kept for cudaFuncGetAttributes and the occupancy calculator.
      p.next();
      p.next();
      const args = [parseAssign(p)];
      while (p.at(',')) {
        p.next();
        args.push(parseAssign(p));
      }
      p.expect(')', "expected ')'");
      specs.launchBounds = args;
    } else if (atAttribute(p)) {
      takeAttributes();
    } else if (DROPPED.has(text)) {
      p.next();
    } else if (text === 'const' || text === 'volatile') {
      if (text === 'const') isConst = true;
      else isVolatile = true;
      p.next();
    } else if (['virtual', 'friend', 'explicit', 'mutable'].includes(text) && ctx === 'member') {
      cxxMember = true;
      p.next();
    } else if (['void', 'bool', '_Bool', 'char', 'int', 'float', 'double'].includes(text)) {
      if (base !== null) clash('type');
      if (word !== null) clash(word);
      word = text === '_Bool' ? 'bool' : text;
      typeLoc ??= t.loc;
      p.next();
    } else if (text === 'long' || text === 'short') {
      if (base !== null) clash(text);
      if (text === 'long') longs++;
      else short = true;
      if (longs > 2) p.error("'long long long' is too long");
      typeLoc ??= t.loc;
      p.next();
    } else if (text === 'signed' || text === 'unsigned' || text === '__signed__') {
      if (base !== null || signed !== null) clash(text);
      signed = text !== 'unsigned';
      typeLoc ??= t.loc;
      p.next();
    } else if (hasType()) {
      break;
    } else if (text === 'auto') {
      base = { kind: 'auto', loc: t.loc };
      p.next();
    } else if (text === 'decltype') {
      p.next();
      p.expect('(', "expected '(' after 'decltype'");
      const expr: Expr = p.withGreater(false, () => parseExpr(p));
      p.expect(')', "expected ')'");
      base = { kind: 'decltype', expr, loc: t.loc };
    } else if (text === 'struct' || text === 'union' || text === 'class' || text === 'enum') {
      const r = parseTagSpecifier(p);
      base = r.type;
      tagDef = r.def;
    } else if (text === 'typename') {
      p.next();
      const q = parseQualifiedName(p);
      base = q.templateArgs ? { kind: 'named', name: q.name, templateArgs: q.templateArgs, loc: q.loc } : { kind: 'named', name: q.name, loc: q.loc };
    } else {
      const s = p.scanName(p.pos);
      if (s === null || !p.isTypeName(s.name)) break;
      const q = parseQualifiedName(p);
      base = q.templateArgs ? { kind: 'named', name: q.name, templateArgs: q.templateArgs, loc: q.loc } : { kind: 'named', name: q.name, loc: q.loc };
    }
  }
  if (base === null && hasType()) {
    base = { kind: 'builtin', name: builtinName(p, word, longs, short, signed), loc: typeLoc ?? loc };
  }
  if (base !== null && (isConst || isVolatile)) base = withCv(base, isConst, isVolatile);
  return { specs, base, tagDef, cxxMember, loc };
}

/** Normalises a keyword combination to a BuiltinTypeName. */
function builtinName(p: Parser, word: string | null, longs: number, short: boolean, signed: boolean | null): BuiltinTypeName {
  const u = signed === false;
  const bad = (): never => p.error('invalid combination of type specifiers');
  if (word === 'void' || word === 'bool' || word === 'float') {
    if (longs || short || signed !== null) bad();
    return word;
  }
  if (word === 'double') {
    if (short || signed !== null || longs > 1) bad();
    return longs ? 'long double' : 'double';
  }
  if (word === 'char') {
    if (longs || short) bad();
    return signed === null ? 'char' : u ? 'unsigned char' : 'signed char';
  }
  if (short) {
    if (longs) bad();
    return u ? 'unsigned short' : 'short';
  }
  if (longs === 2) return u ? 'unsigned long long' : 'long long';
  if (longs === 1) return u ? 'unsigned long' : 'long';
  return u ? 'unsigned int' : 'int';
}

/** Adds const/volatile to a base type node. */
function withCv(t: TypeNode, isConst: boolean, isVolatile: boolean): TypeNode {
  const cv = { ...(isConst ? { isConst: true } : {}), ...(isVolatile ? { isVolatile: true } : {}) };
  switch (t.kind) {
    case 'builtin':
    case 'named':
    case 'tagged':
      return { ...t, ...cv };
    case 'auto':
      return isConst ? { ...t, isConst: true } : t;
    default:
      return t;
  }
}

/** Parses a type-id: specifiers plus an abstract declarator (`const float*`, `int (*)[4]`). */
export function parseTypeId(p: Parser): TypeNode {
  const s = parseDeclSpecs(p, 'type');
  if (s.base === null) return p.error(p.isName() ? `unknown type name '${p.tok.text}'` : 'expected a type');
  return parseDeclarator(p, 'abstract', false).apply(s.base);
}

/** Words that begin a declaration and cannot continue one whose type a struct or enum definition just gave. */
const STARTS_DECLARATION = new Set([
  'void', 'bool', 'char', 'int', 'float', 'double', 'long', 'short', 'signed', 'unsigned', 'struct', 'union', 'class', 'enum',
  'typedef', 'template', 'namespace', 'using', '__global__', '__device__', '__host__', '__shared__', '__constant__', '__managed__',
]);

/** `struct S`, `struct S {..}`, `struct {..}`, `enum class E : int {..}`. Struct names become type names (C++). */
function parseTagSpecifier(p: Parser): { type: TypeNode; def: StructDef | EnumDef | null } {
  const kw = p.next();
  const tag = kw.text === 'union' ? 'union' : kw.text === 'enum' ? 'enum' : 'struct';
  const scoped = tag === 'enum' && (p.at('class') || p.at('struct'));
  if (scoped) p.next();
  const aligns = parseAttributes(p);
  let name: string | null = null;
  if (p.isName()) {
    name = p.next().text;
    p.declareType(name);
  }
  let def: StructDef | EnumDef | null = null;
  if (tag === 'enum') {
    const underlying = p.accept(':') ? parseDeclSpecs(p, 'type').base : null;
    if (p.at('{')) {
      const body = parseEnumBody(p, name, kw.loc);
      def = { ...body, ...(scoped ? { scoped } : {}), ...(underlying ? { underlying } : {}) };
    }
  } else if (p.at('{') || p.at(':') || p.at('final')) {
    const body = parseStructBody(p, tag, name, kw.loc);
    // Attributes right after the closing brace belong to the type, as GCC reads them.
    aligns.push(...parseAttributes(p));
    def = aligns.length > 0 ? { ...body, align: aligns } : body;
  }
  if (name === null && def === null) p.error(`declaration of anonymous ${tag} must be a definition`);
  // `struct S {..}` then `int main()` on the next line: a forgotten ';', not a second type.
  if (def !== null && (p.tok.kind === 'eof' || (p.tok.kind === 'ident' && STARTS_DECLARATION.has(p.tok.text)))) p.error(`expected ';' after ${tag === 'enum' ? 'enum' : kw.text}`, p.prevEnd());
  const type: TypeNode = def ? { kind: 'tagged', tag, name, def, loc: kw.loc } : { kind: 'tagged', tag, name, loc: kw.loc };
  return { type, def };
}

/** Parses `{ A, B = 2, }`. */
function parseEnumBody(p: Parser, name: string | null, loc: SourceLoc): EnumDef {
  p.expect('{');
  const items: { name: string; value: Expr | null; loc: SourceLoc }[] = [];
  while (!p.at('}')) {
    if (!p.isName()) p.error('expected identifier');
    const it = p.next();
    skipAttributes(p);
    const value = p.accept('=') ? parseCondExpr(p) : null;
    items.push({ name: it.text, value, loc: it.loc });
    if (!p.accept(',')) break;
  }
  p.expect('}', "expected '}'");
  return { name, items, loc };
}


/** Parses a struct/union body: fields, and member functions, constructors and operators defined in it; other C++-only members are recorded as unsupported. */
function parseStructBody(p: Parser, tag: 'struct' | 'union', name: string | null, loc: SourceLoc): StructDef {
  const unsupportedMembers: UnsupportedMember[] = [];
  const methods: MethodDecl[] = [];
  if (p.accept('final')) {
    /* no effect without inheritance */
  }
  if (p.at(':')) {
    unsupportedMembers.push({ what: 'inheritance', loc: p.tok.loc });
    while (!p.at('{') && p.tok.kind !== 'eof') p.next();
  }
  p.expect('{');
  const fields: FieldDecl[] = [];
  const skip = (what: string, at: SourceLoc): void => {
    unsupportedMembers.push({ what, loc: at });
    p.skipDeclaration();
  };
  while (!p.at('}')) {
    if (p.tok.kind === 'eof') p.error("expected '}'");
    if (p.accept(';')) continue;
    const t = p.tok;
    if (['public', 'private', 'protected'].includes(t.text) && p.at(':', 1)) {
      p.next();
      p.next();
      continue;
    }
    // `__host__ __device__ Complex(float r)`: a constructor may follow execution-space and inline specifiers.
    if (atConstructor(p, name)) {
      const m = parseConstructor(p, name!, unsupportedMembers);
      if (m) methods.push(m);
      continue;
    }
    if (atDestructor(p)) {
      skip('destructors', t.loc);
      continue;
    }
    const keyword = UNSUPPORTED_MEMBER_KEYWORDS.get(t.text);
    if (keyword !== undefined) {
      skip(keyword, t.loc);
      continue;
    }
    const s = parseDeclSpecs(p, 'member');
    if (s.base === null) p.error(p.isName() ? `unknown type name '${p.tok.text}'` : 'expected member name or \';\' after declaration specifiers');
    if (s.cxxMember || s.specs.static) {
      skip(s.specs.static ? 'static members' : UNSUPPORTED_MEMBER_KEYWORDS.get(t.text) ?? 'this member specifier', t.loc);
      continue;
    }
    if (p.at(';')) {
      // `struct Inner {..};` or an anonymous union member: no field to record.
      if (s.tagDef !== null) unsupportedMembers.push({ what: 'nested struct and union definitions', loc: t.loc });
      p.next();
      continue;
    }
    let done = false;
    for (;;) {
      const d = parseDeclarator(p, 'named', false);
      const type = d.apply(s.base);
      if (type.kind === 'function') {
        const m = parseMethod(p, s.specs, s.base, d, unsupportedMembers);
        if (m) methods.push(m);
        done = true;
        break;
      }
      if (p.at('=') || p.at('{')) {
        // Default member initialisers, which FieldDecl cannot carry.
        skip('default member initializers', d.nameLoc ?? t.loc);
        done = true;
        break;
      }
      const bitWidth = p.accept(':') ? parseCondExpr(p) : undefined;
      const align = [...(s.specs.align ?? []), ...d.align];
      const f: FieldDecl = { name: d.name ?? '', type, loc: d.nameLoc ?? t.loc, ...(align.length > 0 ? { align } : {}) };
      fields.push(bitWidth ? { ...f, bitWidth } : f);
      if (!p.accept(',')) break;
    }
    if (!done) p.expectSemi("expected ';' at end of declaration list");
  }
  p.expect('}', "expected '}'");
  return { tag, name, fields, unsupportedMembers, ...(methods.length > 0 ? { methods } : {}), loc };
}
