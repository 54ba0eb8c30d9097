import type { IExpr, IFunction, IStmt, VarSym } from '../check/ir.js';
import { isCgBarrier } from './cg.js';
import { isResumableHostCall } from '../exec/env.js';

/** What a function's body uses, collected once before code generation. */
export interface FnFacts {
  readonly calls: Set<IFunction>;
  readonly addressTaken: Set<VarSym>;
  readonly shared: Set<VarSym>;
  barrier: boolean;
  launches: boolean;
  /** It has a return statement (else no lane leaves before the end, and generated code leaves out the returned lanes' mask). */
  returns: boolean;
}

/** Walks a function's IR and collects calls, address-taken variables, __shared__ uses, barriers and launches. */
export function analyze(fn: IFunction): FnFacts {
  const f: FnFacts = { calls: new Set(), addressTaken: new Set(), shared: new Set(), barrier: false, launches: false, returns: false };
  const v = (x: VarSym): void => {
    if (x.storage === 'shared' || x.storage === 'dynamicShared') f.shared.add(x);
  };
  const ex = (e: IExpr): void => {
    switch (e.k) {
      case 'var': v(e.v); return;
      case 'varAddr': f.addressTaken.add(e.v); v(e.v); return;
      case 'load': ex(e.addr); return;
      case 'unary': case 'convert': ex(e.arg); return;
      case 'arith': case 'compare': case 'logical': case 'comma': case 'ptrDiff': ex(e.left); ex(e.right); return;
      case 'ptrAdd': ex(e.ptr); ex(e.index); return;
      case 'cond': ex(e.cond); ex(e.then); ex(e.else); return;
      case 'assign': tg(e.target); ex(e.value); return;
      case 'incdec': tg(e.target); return;
      case 'call': f.calls.add(e.fn); e.args.forEach(ex); if (e.retSlot) f.addressTaken.add(e.retSlot); return;
      // A CUDA runtime call may run queued kernels, so (like a launch) it makes a host function a generator.
      case 'intrinsic': if (e.name.startsWith('__syncthreads') || isCgBarrier(e.name)) f.barrier = true; if (isResumableHostCall(e.name)) f.launches = true; e.args.forEach(ex); return;
      case 'launch': f.launches = true; [e.grid, e.block, e.sharedBytes, e.stream, ...e.args].forEach(ex); return;
      case 'copy': ex(e.dst); ex(e.src); return;
      case 'structTemp': f.addressTaken.add(e.v); e.init.forEach(st); return;
      default: return;
    }
  };
  const tg = (t: { k: 'var'; v: VarSym } | { k: 'mem'; addr: IExpr }): void => {
    if (t.k === 'var') v(t.v);
    else ex(t.addr);
  };
  const st = (s: IStmt): void => {
    switch (s.k) {
      case 'expr': ex(s.e); return;
      case 'init': v(s.v); if (s.value) ex(s.value); s.stores.forEach((x) => ex(x.value)); return;
      case 'block': s.body.forEach(st); return;
      case 'if': ex(s.cond); st(s.then); if (s.else) st(s.else); return;
      case 'loop': if (s.init) st(s.init); if (s.cond) ex(s.cond); if (s.step) ex(s.step); st(s.body); return;
      case 'switch': ex(s.cond); s.body.forEach(st); return;
      case 'return': f.returns = true; if (s.value) ex(s.value); return;
      default: return;
    }
  };
  if (fn.body) st(fn.body);
  for (const l of fn.locals) v(l);
  return f;
}

/** True when running the function does nothing at all: its body holds no statement but declarations of variables that are not its own (__shared__, static). */
export function doesNothing(fn: IFunction): boolean {
  const idle = (s: IStmt): boolean => (s.k === 'block' ? s.body.every(idle) : s.k === 'init' && s.v.storage !== 'auto');
  return fn.body !== null && idle(fn.body);
}
