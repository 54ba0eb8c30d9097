import type { AddressSpace, EvalContext, Place, Qualifier } from './context.js';
import type { CType } from '../../engine/check/types.js';
import { sizeOf } from '../../engine/check/types.js';

/*
 * Values as the evaluator carries them: a type, the object's little-endian bytes and,
 * for lvalues, where the object lives. Inside the evaluator values are lazy (like gdb's):
 * `arr[3]` reads one element, not the whole array.
 */

/** An evaluated expression: its type, object representation (sizeOf(type) bytes, little-endian) and lvalue location. */
export interface Evaluated {
  readonly type: CType;
  readonly bytes: Uint8Array;
  readonly place: Place | null;
  /** For pointer values: the space the pointer points into ('generic': decided by the address, as the program's generic pointers are). */
  readonly space: AddressSpace;
  /** The value of a C++ reference variable (the object it refers to): printed as gdb prints a reference. */
  readonly ref?: true;
  /** Where the object lives when its place does not say (a reference variable's own register, pointer arithmetic's operand): see storageOf. */
  readonly storage?: Qualifier;
  /** A pointer of a cast's type, whose target cuda-gdb prints without a space (`(float *) 0x0`). */
  readonly plain?: true;
}

/** A value during evaluation: `bytes` null until something needs them. */
export interface Lazy {
  readonly type: CType;
  readonly place: Place | null;
  readonly space: AddressSpace;
  bytes: Uint8Array | null;
  /** Reached by naming a C++ reference variable (Evaluated.ref); whatever an operator makes of it is a plain value. */
  readonly ref?: true;
  readonly storage?: Qualifier;
  readonly plain?: true;
}

/** An evaluation failure carrying gdb's message; caught at the API boundary. */
export class EvalError extends Error {}

/** Stops evaluation with gdb's message. */
export function fail(message: string): never {
  throw new EvalError(message);
}

/** gdb's default `max-value-size`: larger objects are not fetched. */
export const maxValueSize = 65536;

/** A value whose bytes are known. */
export function known(type: CType, bytes: Uint8Array, space: AddressSpace = 'generic', place: Place | null = null): Lazy {
  return { type, place, space, bytes };
}

/** A value of `type` at `place`, read when needed. */
export function at(type: CType, place: Place, space: AddressSpace = 'generic'): Lazy {
  return { type, place, space, bytes: null };
}

/** The value's bytes, reading its place the first time. */
export function fetch(v: Lazy, ctx: EvalContext): Uint8Array {
  if (v.bytes) return v.bytes;
  const size = sizeOf(v.type);
  if (size > maxValueSize) fail(`value requires ${size} bytes, which is more than max-value-size`);
  if (!v.place) fail('Value has no contents.');
  const r = ctx.read(v.place, size);
  if (typeof r === 'string') fail(r);
  v.bytes = r.length === size ? r : r.slice(0, size);
  return v.bytes;
}

/** The lazy value as the API's Evaluated (bytes fetched). */
export function settle(v: Lazy, ctx: EvalContext): Evaluated {
  const bytes = fetch(v, ctx);
  return { type: v.type, bytes, place: v.place, space: v.space, ...(v.ref ? { ref: true } : {}), ...(v.storage ? { storage: v.storage } : {}), ...(v.plain ? { plain: true } : {}) };
}

/**
 * Where cuda-gdb says a value's object lives: its register (a kernel's parameter), the space
 * of its memory, or what the value carries; null for a computed value.
 */
export function storageOf(v: Pick<Evaluated, 'place' | 'storage'>): Qualifier | null {
  if (v.storage) return v.storage;
  const p = v.place;
  if (!p) return null;
  return p.kind === 'register' ? (p.parameter ? 'parameter' : 'register') : p.space;
}

/** Reads an integer, bool or pointer from bytes as a bigint (signed per the type; pointers unsigned). */
export function readBig(t: CType, bytes: Uint8Array, offset = 0): bigint {
  const size = t.kind === 'int' ? t.bits / 8 : t.kind === 'bool' ? 1 : 8;
  let v = 0n;
  for (let i = size - 1; i >= 0; i--) v = (v << 8n) | BigInt(bytes[offset + i] ?? 0);
  return t.kind === 'int' && t.signed ? BigInt.asIntN(size * 8, v) : v;
}

/** Reads a float or double from bytes. */
export function readFloat(t: CType, bytes: Uint8Array, offset = 0): number {
  const dv = new DataView(bytes.buffer, bytes.byteOffset + offset, t.kind === 'float' && t.bits === 32 ? 4 : 8);
  return t.kind === 'float' && t.bits === 32 ? dv.getFloat32(0, true) : dv.getFloat64(0, true);
}

/** The little-endian bytes of `v` wrapped to `size` bytes. */
export function bigBytes(v: bigint, size: number): Uint8Array {
  const out = new Uint8Array(size);
  let u = BigInt.asUintN(size * 8, v);
  for (let i = 0; i < size; i++) {
    out[i] = Number(u & 0xffn);
    u >>= 8n;
  }
  return out;
}

/** The bytes of a float or double. */
export function floatBytes(x: number, bits: 32 | 64): Uint8Array {
  const out = new Uint8Array(bits / 8);
  const dv = new DataView(out.buffer);
  if (bits === 32) dv.setFloat32(0, x, true);
  else dv.setFloat64(0, x, true);
  return out;
}

/** An integer, bool or pointer value of `t` holding `v` (wrapped to the type's width). */
export function intValue(t: CType, v: bigint, space: AddressSpace = 'generic'): Lazy {
  const value = t.kind === 'bool' ? (v !== 0n ? 1n : 0n) : v;
  return known(t, bigBytes(value, sizeOf(t)), space);
}

/** A float or double value (rounded to float for 32-bit types). */
export function floatValue(t: CType, x: number): Lazy {
  const bits = t.kind === 'float' ? t.bits : 64;
  return known(t, floatBytes(x, bits));
}

/** A scalar's numeric value: bigint for integers, bool and pointers; number for floats. */
export type Scalar = { readonly kind: 'int'; readonly value: bigint } | { readonly kind: 'float'; readonly value: number };

/** Reads a scalar from a value of integer, bool, pointer or float type. */
export function scalarOf(t: CType, bytes: Uint8Array, offset = 0): Scalar | null {
  if (t.kind === 'float') return { kind: 'float', value: readFloat(t, bytes, offset) };
  if (t.kind === 'int' || t.kind === 'bool' || t.kind === 'pointer' || t.kind === 'nullptr') return { kind: 'int', value: readBig(t, bytes, offset) };
  return null;
}

/** A bigint address as a number (addresses beyond 2^53 lose precision: read memory through memoryAddress). */
export function addressNumber(v: bigint): number {
  return Number(BigInt.asUintN(64, v));
}

/** The message for an address no memory lies at, gdb's. */
export function noMemoryAt(v: bigint): string {
  return `Cannot access memory at address 0x${BigInt.asUintN(64, v).toString(16)}`;
}

/** A bigint address as a Place address; gdb's "Cannot access memory" beyond 2^53, where no memory lies and a number would round the address to another. */
export function memoryAddress(v: bigint): number {
  if (BigInt.asUintN(64, v) > BigInt(Number.MAX_SAFE_INTEGER)) fail(noMemoryAt(v));
  return addressNumber(v);
}
