import type { CType, FieldInfo, StructInfo } from './types.js';
import type { VarSym } from './ir.js';
import { alignOf, sizeOf } from './types.js';

/*
 * Struct/union layout with the x86-64 System V rules nvcc shares with the host
 * compiler (so a struct has the same bytes on both sides of cudaMemcpy), and
 * little-endian encoding of constant scalars for static initializers.
 */

/** A field to lay out; `align` is the alignment its declaration asks for (0 when none). */
export interface FieldSpec {
  readonly name: string;
  readonly type: CType;
  readonly align?: number;
}

/**
 * Lays out fields in declaration order: each at the next multiple of its alignment (its type's,
 * or a stricter one it asks for); size rounded up to the struct's alignment, the strictest of
 * its fields' and `minAlign` (`struct __align__(16) S`).
 */
export function layoutStruct(name: string, isUnion: boolean, fields: readonly FieldSpec[], builtin?: string, minAlign = 1): StructInfo {
  const out: FieldInfo[] = [];
  let offset = 0;
  let size = 0;
  let align = Math.max(1, minAlign);
  for (const f of fields) {
    const a = Math.max(alignOf(f.type), f.align ?? 0);
    const s = sizeOf(f.type);
    align = Math.max(align, a);
    if (isUnion) {
      out.push({ name: f.name, type: f.type, offset: 0 });
      size = Math.max(size, s);
    } else {
      offset = roundUp(offset, a);
      out.push({ name: f.name, type: f.type, offset });
      offset += s;
      size = offset;
    }
  }
  // An empty struct has size 1 in C++.
  size = Math.max(1, roundUp(size, align));
  const info: StructInfo = builtin === undefined ? { name, isUnion, fields: out, size, align } : { name, isUnion, fields: out, size, align, builtin };
  return info;
}

/** Where a variable may be placed: its type's alignment, or a stricter one its declaration asks for. */
export function alignOfVar(v: VarSym): number {
  return Math.max(alignOf(v.type), v.align, 1);
}

/** Rounds n up to a multiple of a. */
export function roundUp(n: number, a: number): number {
  return Math.ceil(n / a) * a;
}

/** Writes a scalar constant of type t at `offset` (little-endian), as the target machine stores it. */
export function encodeScalar(t: CType, value: number | bigint, bytes: Uint8Array, offset: number): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (t.kind) {
    case 'bool':
      view.setUint8(offset, Number(value) !== 0 ? 1 : 0);
      return;
    case 'int': {
      if (t.bits === 64) view.setBigUint64(offset, BigInt.asUintN(64, BigInt(value)), true);
      else if (t.bits === 32) view.setUint32(offset, Number(value) >>> 0, true);
      else if (t.bits === 16) view.setUint16(offset, Number(value) & 0xffff, true);
      else view.setUint8(offset, Number(value) & 0xff);
      return;
    }
    case 'float':
      if (t.bits === 32) view.setFloat32(offset, Number(value), true);
      else view.setFloat64(offset, Number(value), true);
      return;
    case 'pointer':
    case 'nullptr':
      view.setBigUint64(offset, BigInt.asUintN(64, BigInt(value)), true);
      return;
    default:
      return;
  }
}
