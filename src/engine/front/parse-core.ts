import type { SourceLoc, Token } from './token.js';
import { DiagError, fail } from './diag.js';

/*
 * The parser's shared state: a token cursor with backtracking, the scoped set of
 * names that denote types (C's grammar cannot be parsed without it), namespace
 * aliases and the names known to be templates.
 */

/** What the caller knows before parsing. */
export interface ParseOptions {
  /** Names that denote types before any declaration: built-ins such as `dim3`, `size_t`, `cg::thread_block`. */
  readonly typeNames: ReadonlySet<string>;
  /** Type names a using-directive does not make visible unqualified: `cooperative_groups::less` and the other functors, whose short names are common identifiers. */
  readonly qualifiedOnlyTypeNames?: ReadonlySet<string>;
}

/** Keywords that can never be a plain identifier in an expression or a declarator name. */
export const RESERVED: ReadonlySet<string> = new Set([
  'if', 'else', 'for', 'while', 'do', 'switch', 'case', 'default', 'break', 'continue', 'return', 'goto',
  'struct', 'union', 'enum', 'class', 'typename', 'template', 'namespace', 'using', 'typedef', 'operator',
  'sizeof', 'alignof', '_Alignof', '__alignof__', 'new', 'delete', 'static_cast', 'dynamic_cast', 'reinterpret_cast', 'const_cast',
  'true', 'false', 'nullptr', 'throw', 'try', 'catch', 'static_assert', 'asm', '__asm__', '__asm', 'decltype',
  'void', 'bool', '_Bool', 'char', 'short', 'int', 'long', 'signed', 'unsigned', 'float', 'double', 'auto',
  'const', 'volatile', 'restrict', '__restrict__', '__restrict', 'static', 'extern', 'inline', 'register', 'constexpr',
  '__global__', '__device__', '__host__', '__shared__', '__constant__', '__managed__',
  '__inline__', '__inline', '__forceinline__', '__noinline__', '__launch_bounds__', '__align__', 'alignas', '__attribute__',
  'public', 'private', 'protected', 'virtual', 'friend', 'explicit', 'mutable', 'thread_local',
]);

/** Built-in type keywords (the words that make up a BuiltinTypeName). */
export const TYPE_KEYWORDS: ReadonlySet<string> = new Set(['void', 'bool', '_Bool', 'char', 'short', 'int', 'long', 'signed', 'unsigned', 'float', 'double']);

/** Words that may start a declaration besides type names and type keywords. */
export const DECL_KEYWORDS: ReadonlySet<string> = new Set([
  'const', 'volatile', 'restrict', '__restrict__', '__restrict', 'static', 'extern', 'inline', 'register', 'constexpr', 'typedef',
  '__global__', '__device__', '__host__', '__shared__', '__constant__', '__managed__', '__inline__', '__inline', '__forceinline__',
  '__noinline__', '__launch_bounds__', '__align__', 'alignas', '__attribute__', 'struct', 'union', 'enum', 'class', 'typename',
  'auto', 'decltype', 'thread_local',
]);

/** Whether `t` is the punctuator `text`. */
function isPunct(t: Token | undefined, text: string): boolean {
  return t !== undefined && t.kind === 'punct' && t.text === text;
}

/**
 * Rejoins launch chevrons written with spaces: nvcc takes `k << < g, b >> > ()` (and the other
 * splits of `<<<` and `>>>`) as a launch. An opener spelled `<< <`, `< <<` or `< < <` can mean
 * nothing else, so it becomes one '<<<' token; its closer is the first run of three '>' at the
 * opener's bracket depth (never a shift there: a shift needs an operand between). Closers are only
 * joined after an opener, so `A<B<int> > >` stays three template closers.
 */
function joinChevrons(toks: Token[], glued: boolean[]): void {
  const lt = (i: number): number => (isPunct(toks[i], '<') ? 1 : isPunct(toks[i], '<<') ? 2 : isPunct(toks[i], '<<<') ? 3 : 0);
  const merge = (i: number, n: number, text: string): void => {
    toks.splice(i, n, { ...toks[i]!, text });
    glued.splice(i, n, false);
  };
  for (let i = 0; i < toks.length; i++) {
    let n = 0;
    let width = 0;
    while (width < 3 && lt(i + n) > 0 && width + lt(i + n) <= 3) width += lt(i + n++);
    if (width !== 3) continue;
    if (n > 1) merge(i, n, '<<<');
    let depth = 0;
    for (let j = i + 1; j < toks.length; j++) {
      const t = toks[j]!;
      if (t.kind !== 'punct') continue;
      if (t.text === '(' || t.text === '[' || t.text === '{') depth++;
      else if (t.text === ')' || t.text === ']' || t.text === '}') {
        if (--depth < 0) break;
      } else if (depth === 0 && t.text === '>>>') break;
      else if (depth === 0 && t.text === '>' && isPunct(toks[j + 1], '>') && isPunct(toks[j + 2], '>')) {
        merge(j, 3, '>>>');
        break;
      } else if (t.text === ';') break;
    }
  }
}

/** Token cursor plus the name tables the grammar depends on. */
export class Parser {
  private readonly toks: Token[] = [];
  /** glued[i]: token i is a '>' split off a '>>' (so `a >> b` can still be a shift). */
  private readonly glued: boolean[] = [];
  pos = 0;
  /** True inside a template argument list, where a bare '>' closes the list instead of comparing. */
  noGreater = false;
  private readonly scopes: Set<string>[] = [new Set()];
  private readonly aliases = new Map<string, string>();
  private readonly templates = new Set<string>();
  /** Qualified-only type names a using-directive reached, by short name (`plus` -> `cooperative_groups::plus`). */
  private readonly usingOnly = new Map<string, string>();
  /** Enclosing named namespaces, so `ns::T` resolves after `namespace ns { struct T; }`. */
  readonly nsStack: string[] = [];

  constructor(
    tokens: readonly Token[],
    readonly file: string,
    readonly opts: ParseOptions,
  ) {
    // Split '>>' up front: `a<b<int>>` needs two closers; the expression parser re-joins glued pairs into a shift.
    for (const t of tokens) {
      if (t.kind === 'punct' && t.text === '>>') {
        this.toks.push({ ...t, text: '>' });
        this.glued.push(false);
        this.toks.push({ ...t, text: '>', spaceBefore: false, loc: { ...t.loc, col: t.loc.col + 1 } });
        this.glued.push(true);
      } else {
        this.toks.push(t);
        this.glued.push(false);
      }
    }
    joinChevrons(this.toks, this.glued);
    const last = this.toks[this.toks.length - 1];
    if (last === undefined || last.kind !== 'eof') {
      const loc = last ? last.loc : { file, line: 1, col: 1 };
      this.toks.push({ kind: 'eof', text: '', loc, spaceBefore: true });
      this.glued.push(false);
    }
  }

  /** The token `n` ahead of the cursor (eof past the end). */
  peek(n = 0): Token {
    const i = Math.min(this.pos + n, this.toks.length - 1);
    return this.toks[i] as Token;
  }

  /** The token at absolute index `i` (eof past the end). */
  tokAt(i: number): Token {
    return this.toks[Math.min(i, this.toks.length - 1)] as Token;
  }

  /** The current token. */
  get tok(): Token {
    return this.peek(0);
  }

  /** Consumes and returns the current token. */
  next(): Token {
    const t = this.tok;
    if (this.pos < this.toks.length - 1) this.pos++;
    return t;
  }

  /** True when the token `n` ahead is the punctuator or keyword `text`. */
  at(text: string, n = 0): boolean {
    const t = this.peek(n);
    return (t.kind === 'punct' || t.kind === 'ident') && t.text === text;
  }

  /** True when token index `i` is the second half of a split '>>'. */
  isGlued(i: number): boolean {
    return this.glued[i] === true;
  }

  /** True when the token `n` ahead is an identifier that is not a keyword. */
  isName(n = 0): boolean {
    const t = this.peek(n);
    return t.kind === 'ident' && !RESERVED.has(t.text);
  }

  /** Consumes `text` if it is next. */
  accept(text: string): boolean {
    if (!this.at(text)) return false;
    this.next();
    return true;
  }

  /** Consumes `text` or fails at the current token, as clang does for unbalanced delimiters. */
  expect(text: string, message = `expected '${text}'`): Token {
    if (!this.at(text)) this.error(message);
    return this.next();
  }

  /** Consumes ';' or fails just past the previous token, where clang puts the caret for a missing semicolon. */
  expectSemi(message: string): void {
    if (!this.accept(';')) fail(this.prevEnd(), message);
  }

  /** The position just after the previous token. */
  prevEnd(): SourceLoc {
    if (this.pos === 0) return this.tok.loc;
    const t = this.toks[this.pos - 1] as Token;
    return { ...t.loc, col: t.loc.col + t.text.length };
  }

  /** Fails at `loc` (default: the current token). */
  error(message: string, loc: SourceLoc = this.tok.loc): never {
    return fail(loc, message);
  }

  /** Runs `fn`; if it fails, rewinds the cursor and returns null (the caller tries another reading). */
  speculate<T>(fn: () => T): T | null {
    const pos = this.pos;
    const noGreater = this.noGreater;
    try {
      return fn();
    } catch (e) {
      if (!(e instanceof DiagError)) throw e;
      this.pos = pos;
      this.noGreater = noGreater;
      return null;
    }
  }

  /** Runs `fn` with `noGreater` set as given, restoring it afterwards. */
  withGreater<T>(noGreater: boolean, fn: () => T): T {
    const saved = this.noGreater;
    this.noGreater = noGreater;
    try {
      return fn();
    } finally {
      this.noGreater = saved;
    }
  }

  /** Skips a balanced (), [] or {} group starting at the current token. */
  skipBalanced(): void {
    let depth = 0;
    do {
      const t = this.next();
      if (t.kind === 'eof') this.error(`expected '}'`);
      if (t.kind === 'punct') {
        if (t.text === '(' || t.text === '[' || t.text === '{') depth++;
        else if (t.text === ')' || t.text === ']' || t.text === '}') depth--;
      }
    } while (depth > 0);
  }

  /** Skips to the end of a declaration: through ';' or a braced body at depth 0 (and a ';' right after it). */
  skipDeclaration(): void {
    for (;;) {
      const t = this.tok;
      if (t.kind === 'eof') return;
      if (this.at(';')) {
        this.next();
        return;
      }
      if (this.at('{')) {
        this.skipBalanced();
        this.accept(';');
        return;
      }
      if (this.at('(') || this.at('[')) this.skipBalanced();
      else this.next();
    }
  }

  /** Skips through the next ';' at depth 0. */
  skipStatement(): void {
    while (!this.at(';') && this.tok.kind !== 'eof') {
      if (this.at('(') || this.at('[') || this.at('{')) this.skipBalanced();
      else this.next();
    }
    this.accept(';');
  }

  /** Opens a scope for typedef names (block, function, template parameters). */
  pushScope(): void {
    this.scopes.push(new Set());
  }

  /** Closes the innermost scope. */
  popScope(): void {
    this.scopes.pop();
  }

  /** Records that `name` denotes a type in the current scope (and as `ns::name` inside namespaces). */
  declareType(name: string): void {
    const top = this.scopes[this.scopes.length - 1] as Set<string>;
    top.add(name);
    if (this.nsStack.length > 0) top.add(`${this.nsStack.join('::')}::${name}`);
  }

  /** Records that `name` is a template (function or class), so `name<...>` always reads as template arguments. */
  declareTemplate(name: string): void {
    this.templates.add(name);
  }

  /** Records `namespace alias = target;`. */
  addAlias(alias: string, target: string): void {
    this.aliases.set(alias, this.resolve(target));
  }

  /** `using namespace ns;`: the namespace's known type names become visible unqualified. */
  useNamespace(ns: string): void {
    const prefix = `${this.resolve(ns)}::`;
    for (const n of this.opts.typeNames) {
      if (n.startsWith(prefix) && this.opts.qualifiedOnlyTypeNames?.has(n)) this.usingOnly.set(n.slice(prefix.length), n);
      if (this.opts.qualifiedOnlyTypeNames?.has(n)) continue;
      if (n.startsWith(prefix) && !n.slice(prefix.length).includes('::')) this.declareType(n.slice(prefix.length));
    }
  }

  /** The qualified name of a qualified-only type a using-directive reached under the short `name` (`plus`), or null. */
  usingOnlyType(name: string): string | null {
    return this.usingOnly.get(name) ?? null;
  }

  /** Runs `f` with `name` read as a type name (in a scope of its own, gone afterwards). */
  withTypeName<T>(name: string, f: () => T): T {
    this.pushScope();
    this.declareType(name);
    try {
      return f();
    } finally {
      this.popScope();
    }
  }

  /** Expands a leading namespace alias: `cg::thread_block` -> `cooperative_groups::thread_block`. */
  resolve(name: string): string {
    const n = name.startsWith('::') ? name.slice(2) : name;
    const i = n.indexOf('::');
    const head = i < 0 ? n : n.slice(0, i);
    const target = this.aliases.get(head);
    return target === undefined ? n : i < 0 ? target : target + n.slice(i);
  }

  private known(name: string): boolean {
    if (this.opts.typeNames.has(name)) return true;
    for (let i = this.scopes.length - 1; i >= 0; i--) if ((this.scopes[i] as Set<string>).has(name)) return true;
    return false;
  }

  /** True when the (possibly qualified) name denotes a type. */
  isTypeName(name: string): boolean {
    const n = name.startsWith('::') ? name.slice(2) : name;
    if (this.known(n)) return true;
    if (!n.includes('::')) return false;
    const resolved = this.resolve(n);
    if (this.known(resolved)) return true;
    return this.known(resolved.slice(resolved.lastIndexOf('::') + 2));
  }

  /** True when the (possibly qualified) name is a template defined in this source. */
  isTemplateName(name: string): boolean {
    const n = this.resolve(name);
    return this.templates.has(n) || this.templates.has(n.slice(n.lastIndexOf('::') + 2));
  }

  /** Reads a qualified name at token index `i` without consuming it; stops before any template arguments. */
  scanName(i: number): { readonly name: string; readonly end: number } | null {
    let name = '';
    if (this.isPunctAt(i, '::')) {
      name = '::';
      i++;
    }
    const isWord = (j: number): boolean => {
      const t = this.tokAt(j);
      return t.kind === 'ident' && !RESERVED.has(t.text);
    };
    if (!isWord(i)) return null;
    name += this.tokAt(i).text;
    i++;
    while (this.isPunctAt(i, '::') && isWord(i + 1)) {
      name += `::${this.tokAt(i + 1).text}`;
      i += 2;
    }
    return { name, end: i };
  }

  /** True when token index `i` is the punctuator `text`. */
  isPunctAt(i: number, text: string): boolean {
    const t = this.tokAt(i);
    return t.kind === 'punct' && t.text === text;
  }

  /** True when the tokens at index `i` begin a type name (for casts, sizeof, template arguments, parameters). */
  isTypeStartAt(i: number): boolean {
    const t = this.tokAt(i);
    if (t.kind === 'ident') {
      if (TYPE_KEYWORDS.has(t.text)) return true;
      if (['const', 'volatile', 'struct', 'union', 'enum', 'class', 'typename', 'decltype', '__restrict__', 'restrict', 'auto'].includes(t.text)) return true;
    }
    const s = this.scanName(i);
    return s !== null && this.isTypeName(s.name);
  }

  /** Joins the source text of tokens [from, to) (used to spell template arguments inside a qualified name). */
  textOf(from: number, to: number): string {
    let s = '';
    for (let i = from; i < to; i++) {
      const t = this.tokAt(i);
      const prev = i > from ? this.tokAt(i - 1) : null;
      if (prev && prev.kind === 'ident' && t.kind === 'ident') s += ' ';
      s += t.text;
    }
    return s;
  }
}
