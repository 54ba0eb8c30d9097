import type { DebugSession } from './session.js';
import type { FunctionInfo } from '../engine/debuginfo/symbols.js';
import type { CType } from '../engine/check/types.js';
import { bigBytes } from './expr/value.js';
import { functionType, signature } from './describe.js';
import { exprContext } from './inspect.js';
import { METHOD_NAME, functionName } from './struct-methods.js';

/*
 * A function named as a value (`print twice`, `print &twice`, `print *twice`), printed as gdb
 * prints it: its type, its code address and its symbol. Warpscope runs source statements, not
 * machine code, so functions have no real addresses: each gets a made-up, stable one from its
 * number in the debug info (host code at 0x401000 on, device code at 0x7fffd7000000 on, 0x100
 * apart), the same in a live session and in its trace's replay.
 */

/** The made-up code address of `fn` (see above). */
export function codeAddress(fn: FunctionInfo): number {
  return (fn.space === 'host' ? 0x401000 : 0x7fffd7000000) + fn.id * 0x100;
}

/** What `print` says for `args` when it names a function as a value; null when it does not (a variable of that name hides the function, as in gdb). */
export function printFunction(s: DebugSession, args: string): string | null {
  const m = /^\s*([&*]?)\s*(.*?)\s*$/.exec(args);
  if (!m || !METHOD_NAME.test(m[2]!) || !s.view) return null;
  const ctx = exprContext(s);
  if (ctx.lookup(m[2]!) !== null) return null;
  const fn = s.view.fnByName(functionName(m[2]!));
  if (!fn) return null;
  const address = codeAddress(fn);
  const type = functionType(s.view, fn);
  const where = `0x${address.toString(16)} <${signature(s.view, fn)}>`;
  const fnType: CType = { kind: 'function', ret: s.view.types.read(fn.ret), params: fn.vars.filter((v) => v.param).map((v) => s.view!.typeOf(v)), variadic: false };
  if (m[1] === '&') {
    // A pointer to the function: its type is the declarator `(*)` around the parameter list.
    const n = s.values.push({ type: { kind: 'pointer', to: fnType }, bytes: bigBytes(BigInt(address), 8), place: null, space: 'generic' });
    // A member function's address is a pointer to member, as gdb types it: `float (Vec3::*)(const Vec3 * const, ...)`.
    const owner = fn.vars.some((v) => v.param && v.name === 'this') ? fn.name.replace(/::[^:]*$/, '::') : '';
    // The declarator goes where the name would: `int (*)(int)`, but `int *(*)(int)` and `Vec3 &(Vec3::*)(...)` after a * or &.
    const head = type.slice(0, type.indexOf('(')).trimEnd();
    return `$${n} = (${head}${/[*&]$/.test(head) ? '' : ' '}(${owner}*)${type.slice(type.indexOf('('))}) ${where}`;
  }
  // `*twice` is the function again: a function designator decays to a pointer that * takes back.
  const n = s.values.push({ type: fnType, bytes: new Uint8Array(0), place: { kind: 'memory', space: 'generic', address }, space: 'generic' });
  return `$${n} = {${type}} ${where}`;
}
