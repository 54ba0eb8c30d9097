import type { EvalContext } from './context.js';
import type { CType } from '../../engine/check/types.js';
import { declaration, resolveType } from './ctypes.js';
import { typeNamePredicate } from './names.js';
import { parse } from './parse.js';

/*
 * What `whatis` and `ptype` take beyond expressions: a type's name (`Box`, `struct Pair`,
 * `unsigned int *`), and ptype's struct written out member by member, as gdb prints it:
 *
 *   type = struct Box {
 *       Pair p[2];
 *       char tag;
 *       double d;
 *   }
 */

/** The type `text` names when it is a type rather than an expression (gdb's message when it names none, `struct nope`); null when it is no type. */
export function namedType(text: string, ctx: EvalContext): CType | string | null {
  const p = parse(`sizeof(${text})`, { isTypeName: typeNamePredicate(ctx) });
  if (!p.ok || p.expr.kind !== 'sizeofType') return null;
  return resolveType(p.expr.type, ctx);
}

/** `text` (a type as whatis spells `t`) with the struct or union at the bottom of `t` written out, as ptype shows it (`methods` gives a struct's member function lines, listed after its fields). */
export function expandStruct(text: string, t: CType, methods: (struct: string) => readonly string[] = () => []): string {
  let base = t;
  while (base.kind === 'pointer' || base.kind === 'array') base = base.kind === 'pointer' ? base.to : base.of;
  if (base.kind !== 'struct') return text;
  const info = base.info;
  // The runtime's opaque structs (CUevent_st, FILE) have no definition a debugger sees.
  const empty = info.builtin !== undefined ? '    <incomplete type>' : '    <no data fields>';
  const fns = info.builtin !== undefined ? [] : methods(info.name);
  const fields = info.fields.map((f) => `    ${declaration(f.type, f.name)};`);
  const members = fields.length === 0 && fns.length === 0 ? [empty] : [...fields, ...fns];
  const body = `${info.isUnion ? 'union' : 'struct'} ${info.name} {\n${members.join('\n')}\n}`;
  // The name as a whole word: after the start or a qualifier, before a declarator or the end.
  const name = info.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`(^|(?:const )?@\\w+ |const )${name}(?=$| [*&(\\[@]|\\[)`), (_m, lead: string) => lead + body);
}
