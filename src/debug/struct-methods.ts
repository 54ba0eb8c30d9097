import type { ProgramView } from './program-view.js';
import type { CType } from '../engine/check/types.js';
import { typeText } from './expr/index.js';
import { isConstMember } from './describe.js';

/*
 * A struct's member functions as gdb's ptype lists them after the fields, from the functions
 * the debug info names `Struct::member`:
 *
 *   type = struct Vec3 {
 *       float x;
 *       Vec3(float, float, float);
 *       float dot(const Vec3 &) const;
 *       Vec3 & operator+=(const Vec3 &);
 *   }
 *
 * An all-public struct gets no access labels, so gdb puts no blank line before its methods.
 */

/** A method's name after its struct's (`Vec3::operator+=`, `Vec3::~Vec3`): what whatis, ptype and print take as a function's name. */
export const METHOD_NAME = /^[A-Za-z_]\w*(?:::(?:operator\s*(?:\(\)|\[\]|->\*?|<<=?|>>=?|&&|\|\||\+\+|--|[-+*/%^&|~!=<>]=?|,)|~?[A-Za-z_]\w*))*$/;

/** `text` as the debug info spells a function's name: no spaces after `operator`. */
export const functionName = (text: string): string => text.trim().replace(/operator\s+/, 'operator');

/** `t` without its own const and volatile (a parameter's own qualifiers are no part of the method's declared type). */
function unqualified(t: CType): CType {
  return { ...t, isConst: false, isVolatile: false } as CType;
}

/** The member functions of the struct named `name`, one ptype line each (`    float dot(const Vec3 &) const;`), in source order. */
export function methodLines(view: ProgramView, name: string): string[] {
  const lines: string[] = [];
  const fns = view.info.functions.filter((f) => f.name.startsWith(`${name}::`) && !f.name.slice(name.length + 2).includes('::'));
  for (const fn of [...fns].sort((a, b) => a.line - b.line)) {
    const member = fn.name.slice(name.length + 2);
    const params = fn.vars
      .filter((v) => v.param && v.name !== 'this')
      .map((v) => {
        const t = view.typeOf(v);
        return v.ref && t.kind === 'pointer' ? `${typeText(t.to)} &` : typeText(unqualified(t));
      });
    const ret = view.types.read(fn.ret);
    // A constructor or destructor has no return type; gdb writes an empty parameter list as (void).
    const special = member === name || member === `~${name}`;
    const retText = special ? '' : `${fn.retRef && ret.kind === 'pointer' ? `${typeText(ret.to)} &` : typeText(ret)} `;
    const line = `    ${retText}${member}(${params.length ? params.join(', ') : 'void'})${isConstMember(view, fn) ? ' const' : ''};`;
    // A __host__ __device__ method is compiled twice: it is one member.
    if (!lines.includes(line)) lines.push(line);
  }
  return lines;
}
