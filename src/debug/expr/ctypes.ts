import type { EvalContext, Qualifier } from './context.js';
import type { TypeSpec } from './ast.js';
import type { CType } from '../../engine/check/types.js';
import {
  boolType, charType, doubleType, floatType, intType, llongType, longType, scharType, shortType, ucharType, uintType, ullongType, ulongType,
  ushortType, voidType,
} from '../../engine/check/types.js';
import { builtinTypedefs } from '../../engine/check/builtins-types.js';

/*
 * The debugger's view of C types: resolving the types written in casts, and spelling
 * types as gdb's C++ type printer does (`int (*)[4]`, `@shared float *`).
 */

/** The type a cast or sizeof names, or gdb's error. */
export function resolveType(spec: TypeSpec, ctx: EvalContext): CType | string {
  let t: CType | string;
  switch (spec.base.kind) {
    case 'keywords':
      t = keywordType(spec.base.words);
      break;
    case 'named':
      t = spec.base.name === 'uint' ? uintType : (builtinTypedefs.get(spec.base.name) ?? ctx.struct(spec.base.name) ?? `No symbol "${spec.base.name}" in current context.`);
      break;
    case 'struct':
      t = ctx.struct(spec.base.tag) ?? `No struct type named ${spec.base.tag}.`;
      break;
  }
  if (typeof t === 'string') return t;
  if (spec.isConst) t = { ...t, isConst: true };
  for (let i = 0; i < spec.pointers; i++) t = { kind: 'pointer', to: t };
  for (let i = spec.arrays.length - 1; i >= 0; i--) t = { kind: 'array', of: t, length: spec.arrays[i]! };
  return t;
}

/** The type C's base-type keywords denote, in any order (`long unsigned int`). */
function keywordType(words: readonly string[]): CType | string {
  const count = (w: string): number => words.filter((x) => x === w).length;
  const longs = count('long');
  const unsigned = count('unsigned') > 0;
  const signed = count('signed') > 0;
  const others = words.filter((w) => !['long', 'unsigned', 'signed', 'int', 'short'].includes(w));
  const bad = 'A syntax error in expression, near `\'.';
  if ((unsigned && signed) || others.length > 1 || longs > 2) return bad;
  const other = others[0];
  if (other === 'char') {
    if (longs || count('short') || count('int')) return bad;
    return unsigned ? ucharType : signed ? scharType : charType;
  }
  if (other === 'float' || other === 'double' || other === 'bool' || other === '_Bool' || other === 'void') {
    if (unsigned || signed || count('short') || count('int')) return bad;
    if (other === 'double') return longs <= 1 ? doubleType : bad;
    if (longs) return bad;
    return other === 'float' ? floatType : other === 'void' ? voidType : boolType;
  }
  if (count('short')) return longs ? bad : unsigned ? ushortType : shortType;
  if (longs === 2) return unsigned ? ullongType : llongType;
  if (longs === 1) return unsigned ? ulongType : longType;
  return unsigned ? uintType : intType;
}

/** Spells a type as gdb's C++ type printer does. */
export function typeText(t: CType): string {
  return declarator(t, '');
}

/**
 * A type as cuda-gdb spells it in device code, where each object's type says where it lives:
 * `own` for the object, `pointee` for a pointer's (or reference's) target, each as `@space`
 * (`@generic int * @parameter`, `@local int [5]`, `@generic int & @register`). Deeper targets
 * are generic, as nvcc declares a pointer's. Null leaves a qualifier out (host code: all).
 */
export function qualifiedText(t: CType, own: Qualifier | null, pointee: Qualifier | null, ref = false): string {
  if (!ref) return qualified(t, own, pointee, '');
  const amp = '&' + (own ? ` @${own}` : '');
  return qualified(t, pointee, t.kind === 'pointer' ? 'generic' : null, t.kind === 'array' || t.kind === 'function' ? `(${amp})` : amp);
}

function qualified(t: CType, own: Qualifier | null, pointee: Qualifier | null, inner: string): string {
  if (t.kind === 'pointer') {
    const q = pointerQualifiers(t) + (own ? ` @${own}` : '');
    const star = '*' + q + (q && inner ? ' ' : '') + inner;
    const wrapped = t.to.kind === 'array' || t.to.kind === 'function' ? `(${star})` : star;
    return qualified(t.to, pointee, t.to.kind === 'pointer' && pointee ? 'generic' : null, wrapped);
  }
  if (!own) return declarator(t, inner);
  // A const object's qualifier goes after `const`, as cuda-gdb prints `const @generic int *`.
  if ((t.isConst || t.isVolatile) && t.kind !== 'array' && t.kind !== 'function') return `${cvPrefix(t)}@${own} ${declarator({ ...t, isConst: false, isVolatile: false }, inner)}`;
  return `@${own} ${declarator(t, inner)}`;
}

/** A C++ reference to `t` as gdb writes its type (`int &`, `int *&`, `int (&)[4]`). */
export function refTypeText(t: CType): string {
  return qualifiedText(t, null, null, true);
}

/** A declaration of `name` with type `t`, as gdb writes a struct's members: `Pair p[2]`, `int (*f)(int)`. */
export function declaration(t: CType, name: string): string {
  return declarator(t, name);
}

/** C declarator syntax: the base type, then pointers, arrays and parentheses around `inner`. */
function declarator(t: CType, inner: string): string {
  switch (t.kind) {
    case 'pointer': {
      // gdb spaces a pointer's qualifiers from what follows: `float * const *`, `int * const p`.
      const q = pointerQualifiers(t);
      const star = '*' + q + (q && inner ? ' ' : '') + inner;
      return declarator(t.to, t.to.kind === 'array' || t.to.kind === 'function' ? `(${star})` : star);
    }
    case 'array':
      return declarator(t.of, `${inner}[${t.length ?? ''}]`);
    case 'function':
      return declarator(t.ret, `${inner}(${t.params.map((p) => typeText(p)).join(', ')}${t.variadic ? ', ...' : ''})`);
    default: {
      const base = cvPrefix(t) + baseName(t);
      return inner === '' ? base : `${base} ${inner}`;
    }
  }
}

/** `const volatile ` before a type's name, as gdb orders its modifiers. */
function cvPrefix(t: CType): string {
  return (t.isConst ? 'const ' : '') + (t.isVolatile ? 'volatile ' : '');
}

/** A pointer's own qualifiers after its star (` const`, ` __restrict__`): gdb's C++ printer spells restrict so. */
function pointerQualifiers(t: CType & { kind: 'pointer' }): string {
  return (t.isConst ? ' const' : '') + (t.isVolatile ? ' volatile' : '') + (t.isRestrict ? ' __restrict__' : '');
}

/** The name of a non-derived type. */
function baseName(t: CType): string {
  switch (t.kind) {
    case 'int':
      return t.name;
    case 'float':
      return t.bits === 32 ? 'float' : 'double';
    case 'struct':
      return t.info.name;
    case 'nullptr':
      return 'std::nullptr_t';
    default:
      return t.kind;
  }
}

/** True for integer and bool types (gdb's "integral"). */
export function isIntegral(t: CType): boolean {
  return t.kind === 'int' || t.kind === 'bool';
}

/** True for types a number can be read from: integers, bool, floats, pointers. */
export function isArithmeticOrPointer(t: CType): boolean {
  return t.kind === 'int' || t.kind === 'bool' || t.kind === 'float' || t.kind === 'pointer' || t.kind === 'nullptr';
}

/** The enumerator of enum type `t` whose value is `v`, as gdb prints it; undefined for another type or a value no enumerator has. */
export function enumeratorName(t: CType, v: bigint): string | undefined {
  return t.kind === 'int' ? t.enumerators?.find((e) => e.value === v)?.name : undefined;
}

/** True for the char types (int8_t and uint8_t are their typedefs), which gdb prints as characters (`65 'A'`, strings for arrays and pointers); a 1-byte enum prints as a number. */
export function isCharType(t: CType): boolean {
  return t.kind === 'int' && t.bits === 8 && t.name.endsWith('char');
}
