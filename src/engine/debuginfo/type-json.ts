import type { CType, FieldInfo, StructInfo } from '../check/types.js';

/*
 * C types as JSON for debug information stored in traces. Structs are written once, by name, in a
 * table beside the types, so a self-referencing struct (a list node's `next`) does not recurse.
 */

/** A type's cv-qualifiers (and a pointer's restrict), kept so the debugger prints them as gdb does (`const float * __restrict__`); absent in older traces. */
export interface QualifiersJson {
  readonly const?: true;
  readonly volatile?: true;
  readonly restrict?: true;
}

/** A CType with structs replaced by references into a StructTable. */
export type TypeJson = QualifiersJson & (
  | { readonly kind: 'void' | 'bool' | 'nullptr' }
  /** An enum's enumerators keep their values as decimal strings (JSON has no 64-bit integers). */
  | { readonly kind: 'int'; readonly bits: 8 | 16 | 32 | 64; readonly signed: boolean; readonly name: string; readonly enumerators?: readonly { readonly name: string; readonly value: string }[] }
  | { readonly kind: 'float'; readonly bits: 32 | 64 }
  | { readonly kind: 'pointer'; readonly to: TypeJson }
  | { readonly kind: 'array'; readonly of: TypeJson; readonly length: number | null }
  | { readonly kind: 'struct'; readonly ref: string }
  | { readonly kind: 'function'; readonly ret: TypeJson; readonly params: readonly TypeJson[]; readonly variadic: boolean });

/** The qualifiers of `t` as JSON: only those it has, so unqualified types stay as they were. */
function qualifiersOf(t: CType): QualifiersJson {
  return { ...(t.isConst ? { const: true } : {}), ...(t.isVolatile ? { volatile: true } : {}), ...(t.kind === 'pointer' && t.isRestrict ? { restrict: true } : {}) };
}

/** `t` with the qualifiers `j` names. */
function qualified(t: CType, j: QualifiersJson): CType {
  if (!j.const && !j.volatile && !j.restrict) return t;
  return { ...t, ...(j.const ? { isConst: true } : {}), ...(j.volatile ? { isVolatile: true } : {}), ...(j.restrict && t.kind === 'pointer' ? { isRestrict: true } : {}) } as CType;
}

/** A struct's layout by reference name. */
export interface StructJson {
  readonly name: string;
  readonly isUnion: boolean;
  readonly size: number;
  readonly align: number;
  readonly builtin?: string;
  readonly fields: readonly { readonly name: string; readonly type: TypeJson; readonly offset: number }[];
}

/** Collects the structs that types refer to while turning types into JSON. */
export class TypeWriter {
  readonly structs: Record<string, StructJson> = {};
  private readonly refs = new Map<StructInfo, string>();

  /** The JSON of `t`, adding any struct it names to `structs`. */
  write(t: CType): TypeJson {
    const q = qualifiersOf(t);
    const j = this.unqualified(t);
    return q.const || q.volatile || q.restrict ? { ...j, ...q } : j;
  }

  private unqualified(t: CType): TypeJson {
    switch (t.kind) {
      case 'void': case 'bool': case 'nullptr': return { kind: t.kind };
      case 'int': {
        const j = { kind: 'int' as const, bits: t.bits, signed: t.signed, name: t.name };
        return t.enumerators ? { ...j, enumerators: t.enumerators.map((e) => ({ name: e.name, value: e.value.toString() })) } : j;
      }
      case 'float': return { kind: 'float', bits: t.bits };
      case 'pointer': return { kind: 'pointer', to: this.write(t.to) };
      case 'array': return { kind: 'array', of: this.write(t.of), length: t.length };
      case 'function': return { kind: 'function', ret: this.write(t.ret), params: t.params.map((p) => this.write(p)), variadic: t.variadic };
      case 'struct': return { kind: 'struct', ref: this.struct(t.info) };
    }
  }

  private struct(info: StructInfo): string {
    const known = this.refs.get(info);
    if (known !== undefined) return known;
    let ref = info.name || 'struct';
    for (let i = 2; ref in this.structs; i++) ref = `${info.name || 'struct'}#${i}`;
    this.refs.set(info, ref);
    // Registered before its fields are written, so a field pointing back at it finds the reference.
    const entry: { -readonly [K in keyof StructJson]: StructJson[K] } = { name: info.name, isUnion: info.isUnion, size: info.size, align: info.align, fields: [] };
    if (info.builtin !== undefined) entry.builtin = info.builtin;
    this.structs[ref] = entry;
    entry.fields = info.fields.map((f) => ({ name: f.name, type: this.write(f.type), offset: f.offset }));
    return ref;
  }
}

/** Turns type JSON back into CTypes, sharing one StructInfo per struct (fields filled in lazily, so cycles resolve). */
export class TypeReader {
  private readonly infos = new Map<string, StructInfo>();

  constructor(private readonly structs: Readonly<Record<string, StructJson>>) {}

  /** The CType of `j`. */
  read(j: TypeJson): CType {
    return qualified(this.unqualified(j), j);
  }

  private unqualified(j: TypeJson): CType {
    switch (j.kind) {
      case 'void': case 'bool': case 'nullptr': return { kind: j.kind };
      case 'int': {
        const t = { kind: 'int' as const, bits: j.bits, signed: j.signed, name: j.name };
        return j.enumerators ? { ...t, enumerators: j.enumerators.map((e) => ({ name: e.name, value: BigInt(e.value) })) } : t;
      }
      case 'float': return { kind: 'float', bits: j.bits };
      case 'pointer': return { kind: 'pointer', to: this.read(j.to) };
      case 'array': return { kind: 'array', of: this.read(j.of), length: j.length };
      case 'function': return { kind: 'function', ret: this.read(j.ret), params: j.params.map((p) => this.read(p)), variadic: j.variadic };
      case 'struct': return { kind: 'struct', info: this.struct(j.ref) };
    }
  }

  /** A struct by reference name, or null when the table has none. */
  struct(ref: string): StructInfo {
    const known = this.infos.get(ref);
    if (known) return known;
    const s = this.structs[ref];
    if (!s) throw new Error(`debug information names an unknown struct '${ref}'`);
    const fields: FieldInfo[] = [];
    const info: StructInfo = s.builtin === undefined ? { name: s.name, isUnion: s.isUnion, size: s.size, align: s.align, fields } : { name: s.name, isUnion: s.isUnion, size: s.size, align: s.align, fields, builtin: s.builtin };
    this.infos.set(ref, info);
    for (const f of s.fields) fields.push({ name: f.name, type: this.read(f.type), offset: f.offset });
    return info;
  }
}
