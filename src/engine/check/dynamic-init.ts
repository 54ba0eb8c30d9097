import type { SourceLoc } from '../front/token.js';
import type { IExpr, IFunction, IStmt, VarSym } from './ir.js';
import type { Checker } from './check-ctx.js';
import { boolType, intType, longType } from './types.js';

/*
 * C++ dynamic initialisation of host globals: a namespace-scope host variable whose initialiser is
 * no constant expression (`int n = f();`, `float s = sqrtf(2.0f);`, `int h = counter;`) starts
 * zero-filled and is assigned before main, in declaration order, by one host function named as
 * gcc names it (cuda-gdb 13 on an H100 shows `__static_initialization_and_destruction_0 () at
 * prog.cu:10` below a function such an initialiser calls). Every element is assigned there,
 * constant ones included, as the variable is initialised dynamically as a whole. A function-local
 * static's initialiser runs where control first reaches its declaration, under a guard.
 */

/** One scalar store of an initialiser: at `offset` bytes into the variable. */
export interface InitStore {
  readonly offset: number;
  readonly value: IExpr;
}

/** A variable initialised before main, with its stores and declaration's place. */
export interface DynamicInit {
  readonly v: VarSym;
  readonly stores: readonly InitStore[];
  readonly loc: SourceLoc;
}

/** Per-checker state: the dynamic initialisations in declaration order, and the temporaries namespace-scope initialisers made. */
export interface DynamicInitState {
  readonly inits: DynamicInit[];
  readonly locals: VarSym[];
}

/** A fresh state for one checker. */
export function newDynamicInitState(): DynamicInitState {
  return { inits: [], locals: [] };
}

/** The host function assigning every dynamically initialised global, or null when none is. */
export function dynamicInitFunction(c: Checker): IFunction | null {
  const { inits, locals } = c.dynamicInit;
  if (inits.length === 0) return null;
  const body: IStmt[] = inits.map(({ v, stores, loc }) => ({ k: 'expr', e: storesOf(v, stores, loc), loc }));
  const loc = inits[0]!.loc;
  const fn: IFunction = { id: c.nextFn++, name: '__static_initialization_and_destruction_0', space: 'host', ret: { kind: 'void' }, params: [], locals, body: { k: 'block', body, loc }, loc };
  c.functions.push(fn);
  return fn;
}

/** The statement initialising host function-local static `v` the first time control reaches it: C++'s guarded initialisation (one host thread, so no lock). */
export function localStaticInit(c: Checker, v: VarSym, stores: readonly InitStore[], loc: SourceLoc): IStmt {
  // Named as no source name can be, so the debugger lists no such static.
  const guard = c.newVar(`.guard.${v.name}`, boolType, 'host', loc);
  const done: IExpr = { k: 'var', v: guard, type: boolType, loc };
  const set: IExpr = { k: 'assign', type: boolType, target: { k: 'var', v: guard }, value: { k: 'const', type: boolType, value: 1, loc }, loc };
  // The guard is set once the initialiser has finished, as the Itanium ABI's __cxa_guard_release does.
  const then: IStmt = { k: 'block', body: [{ k: 'expr', e: storesOf(v, stores, loc), loc }, { k: 'expr', e: set, loc }], loc };
  return { k: 'if', cond: { k: 'unary', op: '!', arg: done, type: intType, loc }, then, else: null, loc };
}

/** `v`'s stores as one expression, assigned in order. */
function storesOf(v: VarSym, stores: readonly InitStore[], loc: SourceLoc): IExpr {
  const one = ({ offset, value }: InitStore): IExpr => {
    if (v.type.kind !== 'array' && v.type.kind !== 'struct') return { k: 'assign', type: value.type, target: { k: 'var', v }, value, loc: value.loc };
    const base: IExpr = { k: 'varAddr', v, type: { kind: 'pointer', to: v.type }, loc };
    const addr: IExpr = { k: 'ptrAdd', type: { kind: 'pointer', to: value.type }, ptr: base, index: { k: 'const', type: longType, value: BigInt(offset), loc }, scale: 1, loc };
    return { k: 'assign', type: value.type, target: { k: 'mem', addr, space: 'host' }, value, loc: value.loc };
  };
  return stores.map(one).reduce((left, right): IExpr => ({ k: 'comma', type: right.type, left, right, loc }));
}
