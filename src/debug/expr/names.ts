import type { EvalContext, Place, Symbol } from './context.js';
import type { Expr } from './ast.js';
import type { Lazy } from './value.js';
import { at, bigBytes, fail, intValue, known, readBig, storageOf } from './value.js';
import { resolveType } from './ctypes.js';
import { isBuiltinTypeName } from './parse.js';
import { intType, uintType } from '../../engine/check/types.js';
import { builtinConstants, dim3Type } from '../../engine/check/builtins-types.js';

/*
 * What a name in an expression denotes: a program variable (the context's lookup), one
 * of CUDA's built-in variables of the focused thread, or an enumerator the CUDA headers
 * declare (cudaSuccess...). gdb resolves names while parsing, so an unknown name is an
 * error even in the branch of `0 && foo` that is never evaluated: resolveNames does the same.
 */

/** The built-in variables and their types: dim3 for indices and dimensions alike, as cuda-gdb 13 types them (`whatis threadIdx` is `type = dim3` on the H100). */
const builtinTypes = new Map([
  ['threadIdx', dim3Type],
  ['blockIdx', dim3Type],
  ['blockDim', dim3Type],
  ['gridDim', dim3Type],
  ['warpSize', intType],
  ['laneid', uintType],
]);

/** The value a name denotes, or null when nothing by that name is visible. */
export function lookupName(name: string, ctx: EvalContext): Lazy | null {
  const sym = ctx.lookup(name);
  if (sym?.ref && sym.type.kind === 'pointer') {
    // A reference names the object it refers to; its type says where the reference itself lives (`@generic int & @register`).
    const place = referentPlace(sym, ctx);
    if (typeof place === 'string') fail(place);
    const own = storageOf({ place: sym.place });
    return { ...at(sym.type.to, place), ref: true, ...(own ? { storage: own } : {}) };
  }
  if (sym) return at(sym.type, sym.place);
  const member = thisMember(name, ctx);
  if (member) return member;
  const type = builtinTypes.get(name);
  if (type) {
    const b = ctx.builtin(name);
    if (b === null) return null;
    if (typeof b === 'number') return intValue(type, BigInt(Math.trunc(b)));
    const bytes = new Uint8Array(12);
    [b.x, b.y, b.z].forEach((v, i) => bytes.set(bigBytes(BigInt(Math.trunc(v)), 4), i * 4));
    return known(type, bytes);
  }
  const c = builtinConstants.get(name);
  if (c) return intValue(c.type, BigInt(c.value));
  const en = ctx.enumerator?.(name);
  if (en) return intValue(en.type, en.value);
  return null;
}

/** Inside a member function, a field of `*this` named alone (`print re` means `print this->re`, as in gdb). */
function thisMember(name: string, ctx: EvalContext): Lazy | null {
  const self = ctx.lookup('this');
  if (!self || self.type.kind !== 'pointer' || self.type.to.kind !== 'struct') return null;
  const field = self.type.to.info.fields.find((f) => f.name === name);
  if (!field) return null;
  const r = ctx.read(self.place, 8);
  if (typeof r === 'string') fail(r);
  return at(field.type, { kind: 'memory', space: 'generic', address: Number(readBig(self.type, r)) + field.offset });
}

/** Where a reference variable's object is: the address its variable holds; a string says why it cannot be read. */
export function referentPlace(sym: Symbol, ctx: EvalContext): Place | string {
  const r = ctx.read(sym.place, 8);
  return typeof r === 'string' ? r : { kind: 'memory', space: 'generic', address: Number(readBig(sym.type, r)) };
}

/** The value a name denotes, or gdb's "No symbol" error. */
export function nameValue(name: string, ctx: EvalContext): Lazy {
  return lookupName(name, ctx) ?? fail(`No symbol "${name}" in current context.`);
}

/** Whether the parser should read `name` as a type: a header typedef or a struct the program defines, unless a variable shadows it. */
export function typeNamePredicate(ctx: EvalContext): (name: string) => boolean {
  return (name) => ctx.lookup(name) === null && (isBuiltinTypeName(name) || ctx.struct(name) !== null);
}

/** Fails with gdb's parse-time error for the first unknown name or type, left to right. */
export function resolveNames(e: Expr, ctx: EvalContext): void {
  switch (e.kind) {
    case 'ident':
      nameValue(e.name, ctx);
      return;
    case 'cast':
    case 'memval':
    case 'sizeofType': {
      const t = resolveType(e.type, ctx);
      if (typeof t === 'string') fail(t);
      if (e.kind !== 'sizeofType') resolveNames(e.operand, ctx);
      return;
    }
    case 'unary':
    case 'deref':
    case 'addr':
    case 'sizeofExpr':
      resolveNames(e.operand, ctx);
      return;
    case 'binary':
    case 'logical':
    case 'repeat':
    case 'comma':
      resolveNames(e.left, ctx);
      resolveNames(e.right, ctx);
      return;
    case 'cond':
      resolveNames(e.test, ctx);
      resolveNames(e.then, ctx);
      resolveNames(e.otherwise, ctx);
      return;
    case 'index':
      resolveNames(e.target, ctx);
      resolveNames(e.index, ctx);
      return;
    case 'member':
      resolveNames(e.target, ctx);
      return;
    case 'assign':
      resolveNames(e.target, ctx);
      if (e.value) resolveNames(e.value, ctx);
      return;
    case 'call':
      // A function's name is no variable: the call itself says why it cannot run.
      if (e.callee.kind !== 'ident') resolveNames(e.callee, ctx);
      e.args.forEach((a) => resolveNames(a, ctx));
      return;
    default:
      return;
  }
}
