import type { CType } from '../check/types.js';
import type { VarSym } from '../check/ir.js';

/*
 * A function's parameter types as its demangled symbol spells them, the way compute-sanitizer
 * names device frames (`k(const int *, int *, int)`): what a pointer points at keeps its const,
 * a parameter's own const is dropped (it is not part of the function's type), and typedefs are
 * resolved (`size_t` is `unsigned long`). Debug information's types (type-json.ts) keep a
 * parameter's own const, as DWARF does, so these are kept beside them.
 */

/** An integer type's own name: typedef names resolved, enums named as declared. */
export function integerName(t: CType & { kind: 'int' }): string {
  if (t.enumerators !== undefined || t.bits === 8) return t.name;
  const sign = t.signed ? '' : 'unsigned ';
  if (t.bits === 16) return `${sign}short`;
  if (t.bits === 32) return `${sign}int`;
  return `${sign}${t.name.includes('long long') ? 'long long' : 'long'}`;
}

/** `t` spelled as a demangler writes it (`const float *`, `int **`, `float4`). */
export function demangledType(t: CType): string {
  const c = t.isConst ? 'const ' : '';
  switch (t.kind) {
    case 'void':
    case 'bool':
      return c + t.kind;
    case 'int':
      return c + integerName(t);
    case 'float':
      return c + (t.bits === 32 ? 'float' : 'double');
    case 'struct':
      return c + t.info.name;
    case 'nullptr':
      return 'std::nullptr_t';
    case 'pointer': {
      const to = demangledType(t.to);
      return `${to}${to.endsWith('*') ? '' : ' '}*${t.isConst ? 'const' : ''}`;
    }
    case 'array':
      return `${demangledType(t.of)} [${t.length ?? ''}]`;
    case 'function':
      return `${demangledType(t.ret)} (${t.params.map(demangledType).join(', ')}${t.variadic ? ', ...' : ''})`;
  }
}

/** A parameter's type in its function's demangled signature: a reference as `T &`, its own const dropped. */
export function demangledParam(v: Pick<VarSym, 'type' | 'ref'>): string {
  const t = v.type;
  if (v.ref && t.kind === 'pointer') return `${demangledType(t.to)} &`;
  return demangledType({ ...t, isConst: false } as CType);
}
