import type { SourceLoc } from './token.js';

/*
 * The syntax tree the parser produces. It records what was written, resolved into
 * C's declarator structure (so `int *a[4]` is already "array of 4 pointers to int"),
 * but with no name lookup and no types computed: that is check.ts's job.
 */

/** cv-qualifiers and CUDA/C++ specifiers that may sit on a declaration. */
export interface DeclSpecs {
  readonly global?: boolean; // __global__
  readonly device?: boolean; // __device__
  readonly host?: boolean; // __host__
  readonly shared?: boolean; // __shared__
  readonly constant?: boolean; // __constant__
  readonly managed?: boolean; // __managed__
  readonly extern?: boolean;
  readonly static?: boolean;
  readonly inline?: boolean; // inline, __inline__, __forceinline__, __noinline__
  readonly constexpr?: boolean;
  readonly typedef?: boolean;
  /** `__launch_bounds__(maxThreads[, minBlocks[, maxBlocksPerCluster]])`: its arguments, unevaluated. */
  readonly launchBounds?: readonly Expr[];
  /** Alignment requests (`__align__(n)`, `alignas(..)`, `__attribute__((aligned(n)))`) as constant expressions; the strictest applies. */
  readonly align?: readonly Expr[];
}

/** Type syntax. `const`/`volatile` sit on the level they qualify. */
export type TypeNode =
  | { readonly kind: 'builtin'; readonly name: BuiltinTypeName; readonly isConst?: boolean; readonly isVolatile?: boolean; readonly loc: SourceLoc }
  /** A name that must denote a type: typedef, struct/enum tag used without keyword in C++, template parameter, `dim3`, `cg::thread_block`. Qualified names keep `::`. */
  | { readonly kind: 'named'; readonly name: string; readonly templateArgs?: readonly TemplateArg[]; readonly isConst?: boolean; readonly isVolatile?: boolean; readonly loc: SourceLoc }
  /** `struct S` / `union U` / `enum E` used by tag, possibly with an inline definition. */
  | { readonly kind: 'tagged'; readonly tag: 'struct' | 'union' | 'enum'; readonly name: string | null; readonly def?: StructDef | EnumDef; readonly isConst?: boolean; readonly isVolatile?: boolean; readonly loc: SourceLoc }
  | { readonly kind: 'pointer'; readonly to: TypeNode; readonly isConst?: boolean; readonly isVolatile?: boolean; readonly isRestrict?: boolean; readonly loc: SourceLoc }
  /** `size` is null for `int a[]` (completed by an initializer, or an extern/parameter array). */
  | { readonly kind: 'array'; readonly of: TypeNode; readonly size: Expr | null; readonly loc: SourceLoc }
  | { readonly kind: 'reference'; readonly to: TypeNode; readonly rvalue?: boolean; readonly loc: SourceLoc }
  | { readonly kind: 'function'; readonly ret: TypeNode; readonly params: readonly Param[]; readonly variadic: boolean; readonly loc: SourceLoc }
  /** `auto` and `decltype(expr)`. */
  | { readonly kind: 'auto'; readonly isConst?: boolean; readonly loc: SourceLoc }
  | { readonly kind: 'decltype'; readonly expr: Expr; readonly loc: SourceLoc };

/** Built-in type keywords, normalised: `unsigned` -> 'unsigned int', `long int` -> 'long', `signed` -> 'int', `long long int` -> 'long long'. */
export type BuiltinTypeName =
  | 'void'
  | 'bool'
  | 'char'
  | 'signed char'
  | 'unsigned char'
  | 'short'
  | 'unsigned short'
  | 'int'
  | 'unsigned int'
  | 'long'
  | 'unsigned long'
  | 'long long'
  | 'unsigned long long'
  | 'float'
  | 'double'
  | 'long double';

export type TemplateArg = { readonly kind: 'type'; readonly type: TypeNode } | { readonly kind: 'expr'; readonly expr: Expr };

export interface Param {
  readonly name: string | null;
  readonly type: TypeNode;
  readonly defaultValue?: Expr;
  readonly loc: SourceLoc;
}

export interface StructDef {
  readonly tag: 'struct' | 'union';
  readonly name: string | null;
  readonly fields: readonly FieldDecl[];
  /** Member functions, constructors and operators defined in the body (check/check-methods.ts lowers them to functions taking `this`). */
  readonly methods?: readonly MethodDecl[];
  /** Members Warpscope does not support (virtual functions, destructors, static members...), reported at their location. */
  readonly unsupportedMembers: readonly UnsupportedMember[];
  /** Alignment requests on the type itself (`struct __align__(16) S {..}`). */
  readonly align?: readonly Expr[];
  readonly loc: SourceLoc;
}

export interface UnsupportedMember {
  /** What it is, as the diagnostic names it: 'virtual functions', 'destructors'... */
  readonly what: string;
  readonly loc: SourceLoc;
}

/** A member function defined inside its struct: `fn.name` is the member's name (the struct's own for a constructor), `fn.params` exclude `this`. */
export interface MethodDecl {
  readonly fn: FunctionDecl;
  readonly role: 'method' | 'ctor';
  /** `f() const`: `this` points to a const object. */
  readonly isConst: boolean;
  /** A constructor's member initialiser list, `: re(r), im{i}`. */
  readonly inits: readonly MemberInit[];
}

/** One `member(args)` / `member{args}` of a constructor's initialiser list. */
export interface MemberInit {
  readonly name: string;
  readonly args: readonly Expr[];
  readonly braces: boolean;
  readonly loc: SourceLoc;
}

export interface FieldDecl {
  readonly name: string;
  readonly type: TypeNode;
  readonly bitWidth?: Expr;
  /** Alignment requests on the member (`alignas(16) float x;`). */
  readonly align?: readonly Expr[];
  readonly loc: SourceLoc;
}

export interface EnumDef {
  readonly name: string | null;
  readonly items: readonly { readonly name: string; readonly value: Expr | null; readonly loc: SourceLoc }[];
  /** `enum class` / `enum struct`: enumerators are named through the enum (`E::A`). */
  readonly scoped?: boolean;
  /** `enum E : unsigned char`: the fixed underlying type. */
  readonly underlying?: TypeNode;
  readonly loc: SourceLoc;
}

export type UnaryOp = '-' | '+' | '!' | '~' | '*' | '&' | 'pre++' | 'pre--' | 'post++' | 'post--';
export type BinaryOp =
  | '*' | '/' | '%' | '+' | '-' | '<<' | '>>'
  | '<' | '>' | '<=' | '>=' | '==' | '!='
  | '&' | '^' | '|' | '&&' | '||' | ',';
export type AssignOp = '=' | '*=' | '/=' | '%=' | '+=' | '-=' | '<<=' | '>>=' | '&=' | '^=' | '|=';

/** Expressions, exactly as written (parentheses dropped, precedence applied). */
export type Expr =
  /** Integer literal: `value` is the literal's value; `suffix` is normalised lower-case ('', 'u', 'l', 'ul', 'll', 'ull'); `radix` matters for C's literal typing rules. */
  | { readonly kind: 'int'; readonly value: bigint; readonly suffix: string; readonly radix: 8 | 10 | 16 | 2; readonly text: string; readonly loc: SourceLoc }
  /** Floating literal: `isFloat` for an f/F suffix; `value` is the literal parsed to the nearest double (check.ts rounds float literals from `text`). */
  | { readonly kind: 'float'; readonly value: number; readonly isFloat: boolean; readonly text: string; readonly loc: SourceLoc }
  | { readonly kind: 'char'; readonly value: number; readonly loc: SourceLoc }
  /** Adjacent string literals merged; `value` holds bytes (UTF-8 encoded, one char code 0..255 each), escapes decoded, no terminating NUL. */
  | { readonly kind: 'string'; readonly value: string; readonly loc: SourceLoc }
  | { readonly kind: 'bool'; readonly value: boolean; readonly loc: SourceLoc }
  | { readonly kind: 'nullptr'; readonly loc: SourceLoc }
  /** A name, possibly qualified (`cg::this_thread_block`, `::x`, `std::min`), possibly with explicit template arguments (`max<int>`). */
  | { readonly kind: 'ident'; readonly name: string; readonly templateArgs?: readonly TemplateArg[]; readonly loc: SourceLoc }
  | { readonly kind: 'unary'; readonly op: UnaryOp; readonly operand: Expr; readonly loc: SourceLoc }
  | { readonly kind: 'binary'; readonly op: BinaryOp; readonly left: Expr; readonly right: Expr; readonly loc: SourceLoc }
  | { readonly kind: 'assign'; readonly op: AssignOp; readonly target: Expr; readonly value: Expr; readonly loc: SourceLoc }
  | { readonly kind: 'cond'; readonly cond: Expr; readonly then: Expr; readonly else: Expr; readonly loc: SourceLoc }
  | { readonly kind: 'call'; readonly callee: Expr; readonly args: readonly Expr[]; readonly loc: SourceLoc }
  /** `k<<<grid, block, shared, stream>>>(args)`; `config` has 2 to 4 expressions. */
  | { readonly kind: 'launch'; readonly callee: Expr; readonly config: readonly Expr[]; readonly args: readonly Expr[]; readonly loc: SourceLoc }
  | { readonly kind: 'index'; readonly base: Expr; readonly index: Expr; readonly loc: SourceLoc }
  /** `nameLoc`: where the member's name is (diagnostics about the member point there). */
  | { readonly kind: 'member'; readonly base: Expr; readonly name: string; readonly arrow: boolean; readonly loc: SourceLoc; readonly nameLoc?: SourceLoc }
  /** `(T)x`, `static_cast<T>(x)`, `reinterpret_cast`, `const_cast`. */
  | { readonly kind: 'cast'; readonly type: TypeNode; readonly operand: Expr; readonly style: 'c' | 'static' | 'reinterpret' | 'const' | 'dynamic'; readonly loc: SourceLoc }
  /** `T(args)` or `T{args}` where T is a type: functional cast / construction, e.g. `dim3(16, 16)`, `float(i)`, `int{3}`. */
  | { readonly kind: 'construct'; readonly type: TypeNode; readonly args: readonly Expr[]; readonly braces: boolean; readonly loc: SourceLoc }
  | { readonly kind: 'sizeofType'; readonly type: TypeNode; readonly loc: SourceLoc }
  | { readonly kind: 'sizeofExpr'; readonly expr: Expr; readonly loc: SourceLoc }
  | { readonly kind: 'alignof'; readonly type: TypeNode; readonly loc: SourceLoc }
  /** `offsetof(T, a.b[2])` (stddef.h's macro for `__builtin_offsetof`): member names and array indices from T. */
  | { readonly kind: 'offsetof'; readonly type: TypeNode; readonly path: readonly (string | Expr)[]; readonly loc: SourceLoc }
  /** A braced list `{a, b, {c}}` in an initializer or argument position; designators `.x = 1` are recorded. */
  | { readonly kind: 'initList'; readonly items: readonly InitItem[]; readonly loc: SourceLoc }
  /** `new T`, `new T[n]`, `new T(args)`. */
  | { readonly kind: 'new'; readonly type: TypeNode; readonly count: Expr | null; readonly args: readonly Expr[] | null; readonly loc: SourceLoc }
  | { readonly kind: 'delete'; readonly operand: Expr; readonly array: boolean; readonly loc: SourceLoc }
  /** A lambda or other construct the parser recognised but Warpscope does not run: check.ts reports it as unsupported. */
  | { readonly kind: 'unsupported'; readonly what: string; readonly loc: SourceLoc };

export interface InitItem {
  readonly designator?: string;
  readonly value: Expr;
}

/** One declared variable in a declaration statement (`int a = 1, *b;` gives two). */
export interface VarDecl {
  readonly name: string;
  readonly type: TypeNode;
  readonly specs: DeclSpecs;
  /** `= expr`, `= {..}` (an initList), `(args)` constructor-style (`dim3 g(4, 4)`) or `{args}`. */
  readonly init: Expr | null;
  readonly initStyle: 'none' | 'assign' | 'paren' | 'brace';
  readonly parenArgs?: readonly Expr[];
  readonly loc: SourceLoc;
}

export type Stmt =
  | { readonly kind: 'decl'; readonly decls: readonly VarDecl[]; readonly loc: SourceLoc }
  /** A local typedef/struct/enum/using declaration inside a function body. */
  | { readonly kind: 'localDecl'; readonly decl: TopDecl; readonly loc: SourceLoc }
  | { readonly kind: 'expr'; readonly expr: Expr; readonly loc: SourceLoc }
  | { readonly kind: 'block'; readonly body: readonly Stmt[]; readonly loc: SourceLoc; readonly endLoc: SourceLoc }
  /** `isConstexpr`: `if constexpr`, whose discarded branch a template instantiation leaves unchecked. */
  | { readonly kind: 'if'; readonly cond: Expr; readonly then: Stmt; readonly else: Stmt | null; readonly isConstexpr?: boolean; readonly loc: SourceLoc }
  /** `init` is a decl or expr statement (or null); `cond`/`step` may be null. */
  | { readonly kind: 'for'; readonly init: Stmt | null; readonly cond: Expr | null; readonly step: Expr | null; readonly body: Stmt; readonly loc: SourceLoc }
  /** `for (decl : range) body`: `decl` has no initializer; each element initialises it in turn. */
  | { readonly kind: 'rangeFor'; readonly decl: VarDecl; readonly range: Expr; readonly body: Stmt; readonly loc: SourceLoc }
  | { readonly kind: 'while'; readonly cond: Expr; readonly body: Stmt; readonly loc: SourceLoc }
  | { readonly kind: 'do'; readonly body: Stmt; readonly cond: Expr; readonly loc: SourceLoc }
  | { readonly kind: 'switch'; readonly cond: Expr; readonly body: Stmt; readonly loc: SourceLoc }
  /** Labels inside a switch body appear as statements of their own, before the statement they label. */
  | { readonly kind: 'case'; readonly value: Expr; readonly loc: SourceLoc }
  | { readonly kind: 'default'; readonly loc: SourceLoc }
  | { readonly kind: 'break'; readonly loc: SourceLoc }
  | { readonly kind: 'continue'; readonly loc: SourceLoc }
  | { readonly kind: 'return'; readonly value: Expr | null; readonly loc: SourceLoc }
  | { readonly kind: 'empty'; readonly loc: SourceLoc }
  /** goto, labels, asm, try/throw: parsed far enough to report as unsupported. */
  | { readonly kind: 'unsupported'; readonly what: string; readonly loc: SourceLoc };

export interface TemplateParam {
  readonly kind: 'type' | 'value';
  readonly name: string;
  /** For value parameters: `int N`, `unsigned int blockSize`. */
  readonly type?: TypeNode;
  readonly defaultArg?: TemplateArg;
  readonly loc: SourceLoc;
}

export interface FunctionDecl {
  readonly kind: 'function';
  readonly name: string;
  readonly specs: DeclSpecs;
  readonly ret: TypeNode;
  readonly params: readonly Param[];
  readonly variadic: boolean;
  /** Null for a prototype. */
  readonly body: (Stmt & { kind: 'block' }) | null;
  readonly template: readonly TemplateParam[] | null;
  /** `extern "C"` linkage, kept for completeness. */
  readonly externC?: boolean;
  /** Set by mergePasses (passes.ts) when nvcc's two passes differ: this declaration belongs to that pass only, and may sit beside one of the same signature from the other pass. */
  readonly pass?: 'host' | 'device';
  readonly loc: SourceLoc;
}

export type TopDecl =
  | FunctionDecl
  | { readonly kind: 'vars'; readonly decls: readonly VarDecl[]; readonly loc: SourceLoc }
  /** A struct/union/enum definition standing alone: `struct P { int x; };` */
  | { readonly kind: 'tagDef'; readonly def: StructDef | EnumDef; readonly isEnum: boolean; readonly loc: SourceLoc }
  | { readonly kind: 'typedef'; readonly name: string; readonly type: TypeNode; readonly loc: SourceLoc }
  | { readonly kind: 'namespace'; readonly name: string | null; readonly decls: readonly TopDecl[]; readonly loc: SourceLoc }
  /** `namespace cg = cooperative_groups;` */
  | { readonly kind: 'namespaceAlias'; readonly name: string; readonly target: string; readonly loc: SourceLoc }
  /** `using namespace std;` */
  | { readonly kind: 'usingNamespace'; readonly name: string; readonly loc: SourceLoc }
  /** `using T = int;` / `using std::min;` */
  | { readonly kind: 'usingAlias'; readonly name: string; readonly type: TypeNode; readonly loc: SourceLoc }
  | { readonly kind: 'usingDecl'; readonly name: string; readonly loc: SourceLoc }
  /** static_assert(cond, "msg") */
  | { readonly kind: 'staticAssert'; readonly cond: Expr; readonly message: string | null; readonly loc: SourceLoc }
  /** class templates, operator overloads, classes with methods: reported by check.ts as unsupported. */
  | { readonly kind: 'unsupported'; readonly what: string; readonly loc: SourceLoc };

/** A whole translation unit after preprocessing. */
export interface TranslationUnit {
  readonly file: string;
  readonly decls: readonly TopDecl[];
  /** The built-in headers the preprocessor included (Preprocessed.builtinHeaders), attached after parsing; absent means none. */
  readonly headers?: ReadonlySet<string>;
}
