import type { SourceLoc } from '../front/token.js';
import type { IFunction, IProgram, VarSym } from '../check/ir.js';
import type { CType } from '../check/types.js';
import { accessHelpers } from './access.js';
import { analyze, type FnFacts } from './analyze.js';
import type { ProgramTables } from './context.js';
import { FnCompiler, type FrameVar } from './stmt.js';
import { TRAFFIC_PROLOGUE } from './traffic.js';
import type { AccessSite } from '../exec/transactions.js';

/** Everything code generation produced for a program: the module source and its tables. */
export interface Generated {
  readonly source: string;
  readonly facts: ReadonlyMap<IFunction, FnFacts>;
  readonly statics: readonly VarSym[];
  readonly shared: readonly VarSym[];
  readonly locs: readonly SourceLoc[];
  readonly types: readonly (readonly CType[])[];
  readonly fns: readonly IFunction[];
  /** Device load and store sites, by the index generated code passes to TX.flush. */
  readonly sites: readonly AccessSite[];
  /** The sites each sampled lane loop executes, by its countdown index. */
  readonly laneLoops: readonly (readonly number[])[];
  /** Compiled for the debugger (CompileOptions.instrument). */
  readonly instrumented: boolean;
  /** Each function's named variables and where they live (by IFunction id), as the debugger's enter events list them. */
  readonly frames: ReadonlyMap<number, readonly FrameVar[]>;
  /** Transitive callees of each function (itself included). */
  reach(fn: IFunction): Set<IFunction>;
}

/** Generates one JS module source for the whole program (each function version once). */
export function generate(prog: IProgram, flags: { readonly fmad: boolean; readonly instrument: boolean; readonly suspend: boolean; readonly switches: boolean }): Generated {
  const { fmad, instrument, suspend, switches } = flags;
  const all = new Set<IFunction>(prog.functions);
  const facts = new Map<IFunction, FnFacts>();
  const queue = [...all];
  while (queue.length) {
    const fn = queue.pop()!;
    if (facts.has(fn)) continue;
    const f = analyze(fn);
    facts.set(fn, f);
    for (const c of f.calls) if (!facts.has(c)) queue.push(c), all.add(c);
  }
  const reachMemo = new Map<IFunction, Set<IFunction>>();
  const reach = (fn: IFunction): Set<IFunction> => {
    let r = reachMemo.get(fn);
    if (r) return r;
    r = new Set([fn]);
    const q = [fn];
    while (q.length) for (const c of facts.get(q.pop()!)?.calls ?? []) if (!r.has(c)) r.add(c), q.push(c);
    reachMemo.set(fn, r);
    return r;
  };
  const gen = (fn: IFunction, host: boolean): boolean => {
    // Code that may stop at any statement head must be able to suspend in every function.
    if (suspend || switches || fn.space === 'global' || fn === prog.main || fn === prog.init) return true;
    for (const g of reach(fn)) {
      const f = facts.get(g)!;
      if (host ? f.launches : f.barrier) return true;
    }
    return false;
  };
  const statics: VarSym[] = [];
  const staticIdx = new Map<VarSym, number>();
  const shared: VarSym[] = [];
  const sharedIdx = new Map<VarSym, number>();
  const locs: SourceLoc[] = [];
  const locIdx = new Map<string, number>();
  const types: (readonly CType[])[] = [];
  const fns: IFunction[] = [];
  const fnIdx = new Map<IFunction, number>();
  const pools: IFunction[] = [];
  const sites: AccessSite[] = [];
  const laneLoops: (readonly number[])[] = [];
  const poolIdx = new Map<IFunction, number>();
  const intern = <K>(m: Map<K, number>, list: unknown[], k: K, item: unknown): number => {
    let i = m.get(k);
    if (i === undefined) m.set(k, (i = list.push(item) - 1));
    return i;
  };
  for (const g of prog.globals) if (g.storage !== 'shared' && g.storage !== 'dynamicShared') intern(staticIdx, statics, g, g);
  const T: ProgramTables = {
    fmad,
    instrument,
    suspend,
    switches,
    hostShadow: (v) => prog.hostShadows?.get(v),
    globalIndex: (v) => intern(staticIdx, statics, v, v),
    sharedIndex: (v) => intern(sharedIdx, shared, v, v),
    locIndex: (l) => intern(locIdx, locs, `${l.file}:${l.line}:${l.col}`, l),
    typesIndex: (t) => types.push(t) - 1,
    fnIndex: (f) => intern(fnIdx, fns, f, f),
    site: (s) => sites.push(s) - 1,
    laneLoop: (ids) => laneLoops.push(ids) - 1,
    fnName: (f, host) => `${host ? 'H' : 'D'}${f.id}`,
    isGen: gen,
    poolSlot: (fn, host) => {
      // A function that can reach itself may have two activations on one warp at once.
      if (host || T.recursive(fn)) return null;
      return intern(poolIdx, pools, fn, fn);
    },
    recursive: (fn) => [...(facts.get(fn)?.calls ?? [])].some((c) => reach(c).has(fn)),
  };
  const parts: string[] = ['"use strict";', 'const { RT, M, G, LOC, FN, TY, SP, SC } = ENV; const DM = RT.DM; const MF = RT.MF; let O = null;', TRAFFIC_PROLOGUE, accessHelpers(instrument)];
  const names: string[] = [];
  const frames = new Map<number, readonly FrameVar[]>();
  for (const fn of all) {
    const versions = fn.space === 'hostDevice' ? [false, true] : [fn.space === 'host'];
    for (const host of versions) {
      const name = T.fnName(fn, host);
      const c = new FnCompiler(fn, host, T, facts.get(fn)!);
      parts.push(c.compile(name, gen(fn, host)));
      if (!frames.has(fn.id)) frames.set(fn.id, c.frameLayout());
      names.push(name);
    }
  }
  parts.push(`return { fns: { ${names.join(', ')} }, setObserver(o) { O = o; } };`);
  return { source: parts.join('\n'), facts, statics, shared, locs, types, fns, sites, laneLoops, instrumented: instrument, frames, reach };
}
