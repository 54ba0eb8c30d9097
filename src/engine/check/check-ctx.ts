import type { SourceLoc } from '../front/token.js';
import type { Diagnostic } from '../front/diag.js';
import { DiagError, errorAt, fail, unsupported } from '../front/diag.js';
import type { Expr, FunctionDecl, TypeNode } from '../front/ast.js';
import type { ExecSpace, IExpr, IFunction, StaticReloc, VarStorage, VarSym } from './ir.js';
import type { CType } from './types.js';
import { boolType, charType, doubleType, floatType, intType, llongType, longType, scharType, shortType, typeName, uintType, ullongType, ulongType, ucharType, ushortType, voidType } from './types.js';
import { builtinConstants, builtinTypedefs, fileType } from './builtins-types.js';
import { cgNamespaceMembers, resolveCgType } from './cg-types.js';
import { builtinFunctions, type BuiltinSig } from './builtins.js';
import { iosNameError, iostreamMembers, type IosSym } from './iostream-names.js';
import type { Value } from './check-conv.js';
import { evalConst, isInteger } from './check-conv.js';
import { newHostShadowState } from './host-shadow.js';
import { newDynamicInitState } from './dynamic-init.js';

/*
 * The checker's state: scopes and symbols, the function being checked, and the
 * program being built. Expression/statement checking live in the other check-*.ts files.
 */

export type MutFn = { -readonly [K in keyof IFunction]: IFunction[K] };

/** A declared function name: one entry per overload (or per template). */
export interface FuncEntry {
  readonly name: string;
  readonly space: ExecSpace;
  decl: FunctionDecl;
  /** Non-templates: the IFunction (created at the first declaration). */
  readonly fn: MutFn | null;
  readonly params: readonly CType[];
  readonly refParams: readonly boolean[];
  readonly ret: CType;
  readonly template: FunctionDecl['template'];
  /** Template instantiations by mangled name. */
  readonly instances: Map<string, MutFn>;
  /** The scope a template's body is checked in. */
  readonly scope: Scope;
}

export type BuiltinVarName = 'threadIdx' | 'blockIdx' | 'blockDim' | 'gridDim' | 'warpSize';

/** What a name denotes. */
export type Sym =
  /** A variable; `ref`: a C++ reference, whose VarSym holds the referent's address. `constValue`: a const integer with a constant initializer. */
  | { readonly k: 'var'; readonly v: VarSym; readonly ref: boolean; readonly constValue?: Value }
  | { readonly k: 'type'; readonly t: CType }
  | { readonly k: 'const'; readonly value: Value; readonly type: CType }
  | { readonly k: 'funcs'; readonly list: FuncEntry[] }
  | { readonly k: 'builtins'; readonly list: readonly BuiltinSig[] }
  | { readonly k: 'ns'; readonly ns: Namespace }
  | { readonly k: 'builtinVar'; readonly name: BuiltinVarName }
  /** A cooperative_groups member other than a plain type (functions, thread_block_tile, grid_group), or a name the namespace lacks: check/cg.ts gives it meaning. */
  | { readonly k: 'cg'; readonly name: string }
  /** A name of the stream library (<iostream>, <iomanip>): check/iostream.ts gives std::cout and the manipulators meaning in `<<` chains. */
  | IosSym;

export interface Namespace {
  readonly name: string;
  readonly members: Map<string, Sym>;
  readonly usings: Namespace[];
  readonly parent: Namespace | null;
  /** std:: falls back to the built-ins (std::min, std::sqrt...); cooperative_groups hands unknown names to check/cg.ts. */
  readonly library?: 'std' | 'cg';
}

export interface Scope {
  readonly syms: Map<string, Sym>;
  readonly parent: Scope | null;
  readonly ns: Namespace | null;
}

/** Per-function checking state. */
export interface FnCtx {
  readonly fn: MutFn;
  readonly space: ExecSpace;
  readonly ret: CType;
  readonly retRef: boolean;
  loops: number;
  switches: number;
}

/** The checker: symbol tables plus what has been built so far. */
export class Checker {
  nextVar = 1;
  nextFn = 1;
  readonly functions: IFunction[] = [];
  readonly globals: VarSym[] = [];
  /** Host-side shadows of device variables that host code names (host-shadow.ts). */
  readonly hostShadow = newHostShadowState();
  /** Host globals initialised before main, and the temporaries of namespace-scope initialisers (dynamic-init.ts). */
  readonly dynamicInit = newDynamicInitState();
  readonly warnings: Diagnostic[] = [];
  /** Errors (with their notes) after which checking went on, so one run reports every misuse as nvcc does; the unit fails at the end. */
  readonly errors: Diagnostic[] = [];
  readonly global: Namespace;
  scope: Scope;
  fn: FnCtx | null = null;
  /** `file`: the unit's name, for assert's message; `headers`: the built-in headers it included (TranslationUnit.headers), for names only a header declares. */
  /** `arch`: the __CUDA_ARCH__ of the device pass (900 for sm_90), which decides what CUDA's headers declare. */
  constructor(readonly file: string, readonly sources: ReadonlyMap<string, string>, readonly headers: ReadonlySet<string>, readonly arch = 900) {
    this.global = { name: '', members: new Map(), usings: [], parent: null };
    const std: Namespace = { name: 'std', members: new Map(iostreamMembers(headers)), usings: [], parent: this.global, library: 'std' };
    const cg: Namespace = { name: 'cooperative_groups', members: new Map(cgNamespaceMembers()), usings: [], parent: this.global, library: 'cg' };
    this.global.members.set('std', { k: 'ns', ns: std });
    this.global.members.set('cooperative_groups', { k: 'ns', ns: cg });
    this.scope = { syms: this.global.members, parent: null, ns: this.global };
  }

  /** Adds a warning. */
  warn(loc: SourceLoc, message: string): void {
    this.warnings.push({ severity: 'warning', message, loc });
  }

  /** Errors of the assembler stage: reported only when the front end found none, as nvcc never runs ptxas then. */
  readonly assemblerErrors: Diagnostic[] = [];

  /** Records an error ptxas would give (with notes at the same place); checking continues. */
  assemblerError(loc: SourceLoc, message: string, ...notes: string[]): void {
    this.assemblerErrors.push({ severity: 'error', message, loc }, ...notes.map((n): Diagnostic => ({ severity: 'note', message: n, loc })));
  }

  /** Records an error (and optional notes at the same place) and lets checking continue. */
  error(loc: SourceLoc, message: string, ...notes: string[]): void {
    this.errors.push({ severity: 'error', message, loc }, ...notes.map((n): Diagnostic => ({ severity: 'note', message: n, loc })));
  }

  /** Creates a variable (`more`: VarSym's init bytes, parameter flag, requested alignment, reference flag); locals are recorded in the current function's frame list. */
  newVar(name: string, type: CType, storage: VarStorage, loc: SourceLoc, more: { readonly init?: Uint8Array | null; readonly isParam?: boolean; readonly align?: number; readonly ref?: boolean; readonly relocs?: readonly StaticReloc[] } = {}): VarSym {
    const { init = null, isParam = false, align = 0, ref = false, relocs } = more;
    const v: VarSym = { id: this.nextVar++, name, type, storage, loc, init, isParam, align, ref, ...(relocs?.length ? { relocs } : {}) };
    if (storage === 'auto' && !isParam) (this.fn?.fn.locals ?? this.dynamicInit.locals).push(v);
    else if (storage !== 'auto') this.globals.push(v);
    return v;
  }

  /** Opens a block scope. */
  push(): void {
    this.scope = { syms: new Map(), parent: this.scope, ns: null };
  }

  /** Closes the innermost block scope. */
  pop(): void {
    this.scope = this.scope.parent!;
  }

  /** Declares a name in the innermost scope, rejecting redefinitions. */
  declare(name: string, sym: Sym, loc: SourceLoc): void {
    const old = this.scope.syms.get(name);
    if (old && !(old.k === 'funcs' && sym.k === 'funcs')) fail(loc, `redefinition of '${name}'`);
    this.scope.syms.set(name, sym);
  }

  /** The namespace enclosing the current scope. */
  currentNs(): Namespace {
    for (let s: Scope | null = this.scope; s; s = s.parent) if (s.ns) return s.ns;
    return this.global;
  }

  /** Looks a (possibly qualified) name up as C++ does, falling back to the predeclared built-ins. */
  lookup(name: string): Sym | null {
    // A qualified name is first looked for as declared: an enumerator named through its enum (`Color::Red`) is.
    const qualified = name.includes('::');
    for (let s: Scope | null = this.scope; s; s = s.parent) {
      const hit = s.syms.get(name) ?? (s.ns && !qualified ? fromUsings(s.ns, name) : undefined);
      if (hit) return hit;
    }
    return qualified ? this.lookupQualified(name) : builtinSym(name);
  }

  /** `a::b::c`, `::x`. */
  private lookupQualified(name: string): Sym | null {
    const parts = name.split('::');
    let ns: Namespace | null;
    if (parts[0] === '') ns = this.global;
    else {
      const first = this.lookup(parts[0]!);
      if (!first || first.k !== 'ns') return null;
      ns = first.ns;
    }
    for (let i = 1; i < parts.length; i++) {
      const p = parts[i]!;
      const hit: Sym | undefined = ns.members.get(p) ?? fromUsings(ns, p);
      const last = i === parts.length - 1;
      if (!hit) {
        if (last && ns.library === 'std') return builtinSym(p);
        if (last && ns.library === 'cg') return { k: 'cg', name: p };
        if (last && ns === this.global) return builtinSym(p);
        return null;
      }
      if (last) return hit;
      // `std::ios::sync_with_stdio`, `std::ios_base::fixed`: named whole, as unsupported.
      if (hit.k === 'ios') return { k: 'ios', name: parts.slice(1).join('::') };
      if (hit.k !== 'ns') return null;
      ns = hit.ns;
    }
    return null;
  }

  /** Resolves a type's syntax to a CType; references come back as `ref: true` on the referent type. */
  resolveType(t: TypeNode, evalSize: (e: Expr) => IExpr): { type: CType; ref: boolean } {
    if (t.kind === 'reference') return { type: this.resolveType(t.to, evalSize).type, ref: true };
    return { type: this.typeOf(t, evalSize), ref: false };
  }

  /** Resolves a non-reference type. */
  typeOf(t: TypeNode, evalSize: (e: Expr) => IExpr): CType {
    // Volatile rides along only for the debugger's type names (gdb prints `volatile int`).
    const cv = (c: CType, isConst?: boolean, isVolatile = 'isVolatile' in t && t.isVolatile === true): CType =>
      isConst || isVolatile ? ({ ...c, ...(isConst ? { isConst: true } : {}), ...(isVolatile ? { isVolatile: true } : {}) } as CType) : c;
    switch (t.kind) {
      case 'builtin':
        // x86's 80-bit long double would print other digits than a double holding its value: named, never approximated.
        if (t.name === 'long double') unsupported(t.loc, "'long double' (x86 80-bit extended precision)");
        return cv(BUILTIN_TYPES[t.name] ?? intType, t.isConst);
      case 'named': {
        const s = this.lookup(t.name);
        if (s?.k === 'cg') return cv(resolveCgType(this, s.name, t, (a) => this.typeOf(a, evalSize), evalSize), t.isConst);
        if (s?.k === 'ios') iosNameError(s.name, t.loc);
        if (t.templateArgs) unsupported(t.loc, 'class templates');
        if (!s || s.k !== 'type') fail(t.loc, `unknown type name '${t.name}'`);
        return cv(s.t, t.isConst);
      }
      case 'tagged': {
        if (t.def) return cv(this.defineTag(t.def, t.tag === 'enum'), t.isConst);
        const s = t.name === null ? null : this.lookup(`${t.tag} ${t.name}`) ?? this.lookup(t.name);
        if (!s || s.k !== 'type') {
          if (t.tag === 'enum') fail(t.loc, `ISO C++ forbids forward references to 'enum' types`);
          // An incomplete struct only usable through pointers.
          return cv({ kind: 'struct', info: { name: `${t.tag} ${t.name}`, isUnion: t.tag === 'union', fields: [], size: 0, align: 1 } }, t.isConst);
        }
        return cv(s.t, t.isConst);
      }
      case 'pointer':
        return { kind: 'pointer', to: this.typeOf(t.to, evalSize), ...(t.isConst ? { isConst: true } : {}), ...(t.isVolatile ? { isVolatile: true } : {}), ...(t.isRestrict ? { isRestrict: true } : {}) };
      case 'reference':
        fail(t.loc, 'references are only supported as variables, parameters and return types');
      // falls out via fail
      case 'array': {
        const of = this.typeOf(t.of, evalSize);
        if (t.size === null) return { kind: 'array', of, length: null };
        const e = evalSize(t.size);
        if (!isInteger(e.type)) fail(t.size.loc, `size of array has non-integer type '${typeName(e.type)}'`);
        const v = evalConst(e);
        if (v === null) nonConstantSize(this, t.size);
        if (BigInt(v) < 0n) fail(t.size.loc, `array size is negative`);
        return { kind: 'array', of, length: Number(v) };
      }
      case 'function':
        return { kind: 'function', ret: this.typeOf(t.ret, evalSize), params: t.params.map((p) => this.typeOf(p.type, evalSize)), variadic: t.variadic };
      case 'auto':
        fail(t.loc, `'auto' not allowed here`);
      // falls out via fail
      case 'decltype':
        return evalSize(t.expr).type;
    }
  }

  /** Hook set by check.ts: defines a struct/union/enum met inside a type. */
  defineTag: (def: NonNullable<Extract<TypeNode, { kind: 'tagged' }>['def']>, isEnum: boolean) => CType = () => voidType;
}

/**
 * Rejects an array size that is no constant. nvcc rejects it in device code and at namespace scope
 * with EDG's error and note; a host function's is GNU C++'s variable-length array, which Warpscope names as unsupported.
 */
function nonConstantSize(c: Checker, size: Expr): never {
  if (c.fn?.space === 'host') unsupported(size.loc, 'variable-length arrays');
  // EDG's note names the first variable whose value the size needs (`a[n * 2]`: n), where it is written.
  const culprit = nonConstantVar(c, size);
  const notes: Diagnostic[] = [];
  if (culprit) {
    const { v, loc } = culprit;
    notes.push({ severity: 'note', message: `the value of ${v.isParam ? 'parameter' : 'variable'} "${v.name}" (declared at line ${v.loc.line}) cannot be used as a constant`, loc });
  }
  throw new DiagError(errorAt(size.loc, 'expression must have a constant value'), notes);
}

/** The first variable named in `node` (an expression's syntax) that has no constant value, and where it is named. */
function nonConstantVar(c: Checker, node: unknown): { v: VarSym; loc: SourceLoc } | null {
  if (typeof node !== 'object' || node === null) return null;
  if ('kind' in node && node.kind === 'ident' && 'name' in node && typeof node.name === 'string' && 'loc' in node) {
    const sym = c.lookup(node.name);
    return sym?.k === 'var' && sym.constValue === undefined ? { v: sym.v, loc: node.loc as SourceLoc } : null;
  }
  for (const child of Object.values(node)) {
    const hit = nonConstantVar(c, child);
    if (hit) return hit;
  }
  return null;
}

function fromUsings(ns: Namespace, name: string): Sym | undefined {
  for (const u of ns.usings) {
    const hit = u.members.get(name);
    if (hit) return hit;
  }
  return undefined;
}

const STDIO: Record<string, number> = { stdout: 1, stderr: 2 };

/** The predeclared meaning of a name, if any. */
function builtinSym(name: string): Sym | null {
  const t = builtinTypedefs.get(name);
  if (t) return { k: 'type', t };
  const c = builtinConstants.get(name);
  if (c) return { k: 'const', value: c.value, type: c.type };
  const f = builtinFunctions.get(name);
  if (f) return { k: 'builtins', list: f };
  if (name === 'threadIdx' || name === 'blockIdx' || name === 'blockDim' || name === 'gridDim' || name === 'warpSize') return { k: 'builtinVar', name };
  if (name in STDIO) return { k: 'const', value: STDIO[name]!, type: { kind: 'pointer', to: fileType } };
  // NULL as glibc's C++ headers define it (__null): an integer zero of pointer width that is a null pointer constant.
  if (name === 'NULL') return { k: 'const', value: 0n, type: longType };
  return null;
}

const BUILTIN_TYPES: Record<string, CType> = {
  void: voidType, bool: boolType, char: charType, 'signed char': scharType, 'unsigned char': ucharType, short: shortType, 'unsigned short': ushortType,
  int: intType, 'unsigned int': uintType, long: longType, 'unsigned long': ulongType, 'long long': llongType, 'unsigned long long': ullongType,
  float: floatType, double: doubleType,
};

/** Makes an IR constant. */
export function mkConst(type: CType, value: Value, loc: SourceLoc): IExpr {
  return { k: 'const', type, value: type.kind === 'int' && type.bits === 64 ? BigInt(value) : typeof value === 'bigint' ? Number(value) : value, loc };
}
