import type { SourceLoc } from '../front/token.js';
import { fail, unsupported } from '../front/diag.js';
import type { Expr } from '../front/ast.js';
import type { IExpr } from './ir.js';
import { charType, intType, typeName, voidType } from './types.js';
import { promote, unqual } from './check-conv.js';
import type { Checker } from './check-ctx.js';
import { mkConst } from './check-ctx.js';
import { conv } from './check-ops.js';
import { rexpr } from './check-expr.js';
import { callerSpace } from './check-call.js';
import { ARG_MANIPULATORS, OSTREAM_IDS, PLAIN_MANIPULATORS, iosNameError, isOstream, missingHeaderMessage } from './iostream-names.js';

/*
 * `std::cout << a << b << std::endl` in host code: the chain of `<<` whose leftmost operand
 * is std::cout, std::cerr or std::clog becomes one host built-in call per operand, in C++17's
 * left-to-right order (each operand is evaluated, then written, before the next is):
 *   ostream.put(stream, value)    one insertion; the runtime formats by the value's type
 *   ostream.NAME(stream)          a manipulator without argument (endl, hex, fixed...)
 *   ostream.NAME(stream, arg)     setw(n), setprecision(n), setfill(c)
 * The chain's value is void: the stream object itself is not a value Warpscope offers.
 */

/** The stream a `<<` expression writes to (cout, cerr, clog) when its leftmost operand names one, else null. */
export function ostreamOf(c: Checker, e: Expr & { kind: 'binary' }): string | null {
  let x: Expr = e;
  while (x.kind === 'binary' && x.op === '<<') x = x.left;
  if (x.kind !== 'ident') return null;
  const s = c.lookup(x.name);
  return s?.k === 'ios' && isOstream(s.name) ? s.name : null;
}

/** Checks an output chain whose stream ostreamOf found. */
export function ostreamChain(c: Checker, e: Expr & { kind: 'binary' }, stream: string): IExpr {
  const items: Expr[] = [];
  let x: Expr = e;
  while (x.kind === 'binary' && x.op === '<<') {
    items.unshift(x.right);
    x = x.left;
  }
  hostOnly(c, stream, x.loc);
  const id = mkConst(intType, OSTREAM_IDS[stream]!, x.loc);
  let out: IExpr | null = null;
  for (const item of items) {
    const step = insertion(c, id, item);
    out = out === null ? step : { k: 'comma', type: voidType, left: out, right: step, loc: e.loc };
  }
  return out!;
}

/** nvcc compiles no stream code for the device: the stream objects are host variables. */
function hostOnly(c: Checker, stream: string, loc: SourceLoc): void {
  const space = callerSpace(c);
  // Recorded, not thrown, so the rest of the function is checked too, as nvcc reports every such use.
  if (space === 'global' || space === 'device') c.error(loc, `identifier "std::${stream}" is undefined in device code`);
  if (space === 'hostDevice') unsupported(loc, `'std::${stream}' in a __host__ __device__ function`);
}

const builtin = (name: string, args: IExpr[], loc: SourceLoc): IExpr => ({ k: 'intrinsic', name, type: voidType, args, loc });

/** One operand of the chain: a manipulator or a value. */
function insertion(c: Checker, id: IExpr, item: Expr): IExpr {
  if (item.kind === 'ident') {
    const s = c.lookup(item.name);
    if (s?.k === 'ios') {
      if (!PLAIN_MANIPULATORS.has(s.name)) iosNameError(s.name, item.loc);
      return builtin(`ostream.${s.name}`, [id], item.loc);
    }
  }
  if (item.kind === 'call' && item.callee.kind === 'ident') {
    const s = c.lookup(item.callee.name);
    if (s?.k === 'ios') return withArgument(c, id, s.name, item);
    const missing = s ? null : missingHeaderMessage(c.headers, item.callee.name);
    if (missing !== null) fail(item.callee.loc, missing);
  }
  const v = rexpr(c, item);
  return builtin('ostream.put', [id, operand(v, item.loc)], item.loc);
}

/** `std::setw(n)`, `std::setprecision(n)`, `std::setfill(c)`. */
function withArgument(c: Checker, id: IExpr, name: string, e: Expr & { kind: 'call' }): IExpr {
  const kind = ARG_MANIPULATORS.get(name);
  if (kind === undefined) iosNameError(name, e.loc);
  if (e.args.length !== 1) fail(e.loc, `no matching function for call to '${name}'`);
  const arg = rexpr(c, e.args[0]!);
  const t = unqual(arg.type);
  if (t.kind !== 'int' && t.kind !== 'bool' && t.kind !== 'float') fail(e.args[0]!.loc, `no matching function for call to '${name}'`);
  return builtin(`ostream.${name}`, [id, conv(arg, kind === 'char' ? charType : intType)], e.loc);
}

/** A value as the `<<` overload C++ picks would take it; types with no overload Warpscope offers are named. */
function operand(v: IExpr, loc: SourceLoc): IExpr {
  const t = unqual(v.type);
  switch (t.kind) {
    case 'void':
      fail(loc, `invalid operands to binary expression ('std::ostream' and 'void')`);
    // falls out via fail
    case 'struct':
    case 'function':
    case 'array':
      unsupported(loc, `'<<' of a value of type '${typeName(t)}' to an output stream`);
    // falls out via fail
    case 'int':
      if (!t.enumerators) return v;
      // An enum class has no '<<'; a plain enum prints as the integer it promotes to.
      if (t.enumerators.some((x) => x.name.includes('::'))) fail(loc, `invalid operands to binary expression ('std::ostream' and '${typeName(t)}')`);
      return conv(v, promote(t));
    case 'pointer':
      if (t.to.kind === 'function') unsupported(loc, `'<<' of a function pointer to an output stream`);
      return v;
    default:
      return v;
  }
}
