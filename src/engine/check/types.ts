/*
 * C types as the checker computes them, with the x86-64 LP64 / CUDA data model:
 * char 1, short 2, int 4, long 8, long long 8, pointers 8, float 4, double 8, bool 1.
 */

/** A member of a struct with its byte offset. */
export interface FieldInfo {
  readonly name: string;
  readonly type: CType;
  readonly offset: number;
}

/** A laid-out struct or union. `builtin` marks CUDA's own vector/handle structs (dim3, uint3, float4, cudaDeviceProp...). */
export interface StructInfo {
  readonly name: string;
  readonly isUnion: boolean;
  readonly fields: readonly FieldInfo[];
  readonly size: number;
  readonly align: number;
  readonly builtin?: string;
}

export type IntBits = 8 | 16 | 32 | 64;

/** An enum's constant as gdb prints it: `B`, or `Color::Blue` for a scoped enum. */
export interface Enumerator {
  readonly name: string;
  readonly value: bigint;
}

/**
 * Every type a checked expression or object can have. `isConst` is carried for diagnostics;
 * `isVolatile` and a pointer's `isRestrict` only for the debugger, whose types gdb prints with them.
 */
export type CType =
  | { readonly kind: 'void'; readonly isConst?: boolean; readonly isVolatile?: boolean }
  | { readonly kind: 'bool'; readonly isConst?: boolean; readonly isVolatile?: boolean }
  /** All integer types and enums; `name` is how diagnostics spell it ('unsigned int', 'size_t', 'cudaError_t'). */
  /** An enum is an int with its name and, for a debugger to print values by name, its enumerators. */
  | { readonly kind: 'int'; readonly bits: IntBits; readonly signed: boolean; readonly name: string; readonly isConst?: boolean; readonly isVolatile?: boolean; readonly enumerators?: readonly Enumerator[] }
  /** float (32) and double (64). */
  | { readonly kind: 'float'; readonly bits: 32 | 64; readonly isConst?: boolean; readonly isVolatile?: boolean }
  | { readonly kind: 'pointer'; readonly to: CType; readonly isConst?: boolean; readonly isVolatile?: boolean; readonly isRestrict?: boolean }
  /** `length` null: incomplete (extern __shared__ x[] or an unsized parameter array already decayed). */
  | { readonly kind: 'array'; readonly of: CType; readonly length: number | null; readonly isConst?: boolean; readonly isVolatile?: boolean }
  | { readonly kind: 'struct'; readonly info: StructInfo; readonly isConst?: boolean; readonly isVolatile?: boolean }
  | { readonly kind: 'function'; readonly ret: CType; readonly params: readonly CType[]; readonly variadic: boolean; readonly isConst?: boolean; readonly isVolatile?: boolean }
  | { readonly kind: 'nullptr'; readonly isConst?: boolean; readonly isVolatile?: boolean };

export const voidType: CType = { kind: 'void' };
export const boolType: CType = { kind: 'bool' };
export const charType: CType = { kind: 'int', bits: 8, signed: true, name: 'char' };
export const scharType: CType = { kind: 'int', bits: 8, signed: true, name: 'signed char' };
export const ucharType: CType = { kind: 'int', bits: 8, signed: false, name: 'unsigned char' };
export const shortType: CType = { kind: 'int', bits: 16, signed: true, name: 'short' };
export const ushortType: CType = { kind: 'int', bits: 16, signed: false, name: 'unsigned short' };
export const intType: CType = { kind: 'int', bits: 32, signed: true, name: 'int' };
export const uintType: CType = { kind: 'int', bits: 32, signed: false, name: 'unsigned int' };
export const longType: CType = { kind: 'int', bits: 64, signed: true, name: 'long' };
export const ulongType: CType = { kind: 'int', bits: 64, signed: false, name: 'unsigned long' };
export const llongType: CType = { kind: 'int', bits: 64, signed: true, name: 'long long' };
export const ullongType: CType = { kind: 'int', bits: 64, signed: false, name: 'unsigned long long' };
export const sizeType: CType = { kind: 'int', bits: 64, signed: false, name: 'size_t' };
export const floatType: CType = { kind: 'float', bits: 32 };
export const doubleType: CType = { kind: 'float', bits: 64 };
export const nullptrType: CType = { kind: 'nullptr' };

/** Pointer to `to`. */
export function pointerTo(to: CType): CType {
  return { kind: 'pointer', to };
}

/** Byte size of a complete object type (functions and void: 1, as GNU C does for arithmetic on them). */
export function sizeOf(t: CType): number {
  switch (t.kind) {
    case 'void':
    case 'function':
      return 1;
    case 'bool':
      return 1;
    case 'int':
      return t.bits / 8;
    case 'float':
      return t.bits / 8;
    case 'pointer':
    case 'nullptr':
      return 8;
    case 'array':
      return (t.length ?? 0) * sizeOf(t.of);
    case 'struct':
      return t.info.size;
  }
}

/** Alignment of an object type. */
export function alignOf(t: CType): number {
  switch (t.kind) {
    case 'array':
      return alignOf(t.of);
    case 'struct':
      return t.info.align;
    default:
      return sizeOf(t);
  }
}

/** True for types whose values live in registers (everything but arrays, structs, functions, void). */
export function isScalar(t: CType): boolean {
  return t.kind === 'bool' || t.kind === 'int' || t.kind === 'float' || t.kind === 'pointer' || t.kind === 'nullptr';
}

/** True for 64-bit integers, whose register values are JS bigints (all other scalars are JS numbers). */
export function isWide(t: CType): boolean {
  return t.kind === 'int' && t.bits === 64;
}

/** Spells a type as clang does in diagnostics ('int *', 'const float', 'float [16]'). */
export function typeName(t: CType): string {
  const c = t.isConst ? 'const ' : '';
  switch (t.kind) {
    case 'void':
      return c + 'void';
    case 'bool':
      return c + 'bool';
    case 'int':
      return c + t.name;
    case 'float':
      return c + (t.bits === 32 ? 'float' : 'double');
    case 'pointer': {
      const inner = typeName(t.to);
      return inner + (inner.endsWith('*') ? '*' : ' *') + (t.isConst ? ' const' : '');
    }
    case 'array':
      return `${typeName(t.of)} [${t.length ?? ''}]`;
    case 'struct':
      return c + t.info.name;
    case 'function':
      return `${typeName(t.ret)} (${t.params.map(typeName).join(', ')}${t.variadic ? ', ...' : ''})`;
    case 'nullptr':
      return 'std::nullptr_t';
  }
}

/** Structural type equality, ignoring const. */
export function sameType(a: CType, b: CType): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'int':
      return b.kind === 'int' && a.bits === b.bits && a.signed === b.signed && (a.bits !== 8 || a.name === b.name);
    case 'float':
      return b.kind === 'float' && a.bits === b.bits;
    case 'pointer':
      return b.kind === 'pointer' && sameType(a.to, b.to);
    case 'array':
      return b.kind === 'array' && a.length === b.length && sameType(a.of, b.of);
    case 'struct':
      return b.kind === 'struct' && a.info === b.info;
    case 'function':
      return b.kind === 'function' && sameType(a.ret, b.ret) && a.params.length === b.params.length && a.params.every((p, i) => sameType(p, b.params[i]!));
    default:
      return true;
  }
}
