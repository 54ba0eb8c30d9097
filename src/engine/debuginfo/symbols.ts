import type { IFunction, IProgram, IStmt, VarSym } from '../check/ir.js';
import type { ProgramLayout } from '../compile/program.js';
import { TypeWriter, type StructJson, type TypeJson } from './type-json.js';
import { demangledParam } from './demangled.js';

/*
 * The debug information of a compiled program, as plain JSON: what DWARF is to a cuda-gdb
 * session. A trace stores it so a replayed session finds variables, functions and lines
 * without the source being compiled again.
 */

/** A named variable of a function: in a register (the enter event's lane arrays, by index) or at a frame offset. */
export interface VarInfo {
  readonly name: string;
  readonly type: TypeJson;
  readonly param: boolean;
  readonly line: number;
  readonly col: number;
  /** True when the value lives in a register (enter events list it at this variable's index). */
  readonly reg: boolean;
  /** Byte offset from the frame pointer for a variable in local (or host stack) memory. */
  readonly offset: number | null;
  /** A C++ reference: `type` is a pointer, and the variable holds its referent's address (absent: not one; traces before it say nothing). */
  readonly ref?: true;
}

/** A function: where it is, where it runs, its variables in enter-event order, and its statement lines. */
export interface FunctionInfo {
  readonly id: number;
  readonly name: string;
  readonly space: IFunction['space'];
  readonly file: string;
  readonly line: number;
  readonly ret: TypeJson;
  /** The function returns a reference: `ret` is a pointer to its referent (absent: not one; traces before it say nothing). */
  readonly retRef?: true;
  readonly vars: readonly VarInfo[];
  /** Start locations of the function's statements, in source order: where line breakpoints may stop. */
  readonly stmts: readonly { readonly file: string; readonly line: number; readonly col: number }[];
  /** Per statement location: the indices (into `vars`) of the register variables its code may assign. A recorder compares only those after it runs. */
  readonly assigns: readonly { readonly line: number; readonly col: number; readonly vars: readonly number[] }[];
  /** The parameter types as the demangled symbol spells them, a parameter's own const dropped (`const int *`) (absent in traces made before it). */
  readonly demangledParams?: readonly string[];
}

/** A variable with a fixed address: namespace scope, static, __device__, __constant__, __managed__, or a kernel's __shared__. */
export interface StaticInfo {
  readonly name: string;
  readonly type: TypeJson;
  readonly storage: VarSym['storage'];
  readonly address: number;
  /** The host shadow of the __device__ or __constant__ variable of the same name: what its name denotes in host code (absent: not one; traces before it say nothing). */
  readonly shadow?: true;
}

/** Everything a debugger reads about the program. */
export interface DebugInfo {
  readonly functions: readonly FunctionInfo[];
  readonly statics: readonly StaticInfo[];
  /** Per kernel id: its shared variables and the start of dynamic shared memory. */
  readonly shared: readonly { readonly kernel: number; readonly vars: readonly StaticInfo[]; readonly dynamic: number }[];
  readonly structs: Readonly<Record<string, StructJson>>;
  /** Enum and typedef names (absent in traces older than the field). */
  readonly types?: Readonly<Record<string, TypeJson>>;
}

/** Builds the debug information of `program` placed as `layout` says. */
export function debugInfo(program: IProgram, layout: ProgramLayout): DebugInfo {
  const types = new TypeWriter();
  const functions = program.functions.filter((f) => f.body !== null).map((f): FunctionInfo => {
    const frame = layout.frames.get(f.id) ?? [];
    return {
      id: f.id,
      name: f.name,
      space: f.space,
      file: f.loc.file,
      line: f.loc.line,
      ret: types.write(f.ret),
      ...(f.retRef ? { retRef: true as const } : {}),
      vars: frame.map(({ v, reg, offset }) => ({ name: v.name, type: types.write(v.type), param: v.isParam, line: v.loc.line, col: v.loc.col, reg: reg !== null, offset, ...(v.ref ? { ref: true as const } : {}) })),
      stmts: statementLocs(f),
      assigns: statementAssigns(f, frame.map((x) => (x.reg !== null ? x.v : null))),
      demangledParams: f.params.map(demangledParam),
    };
  });
  const named = (v: VarSym): boolean => v.storage !== 'literal' && v.name !== '' && !v.name.startsWith('.');
  const shadows = new Set(program.hostShadows?.values());
  const statics = layout.statics.filter(({ v }) => named(v)).map(({ v, address }) => ({ name: v.name, type: types.write(v.type), storage: v.storage, address, ...(shadows.has(v) ? { shadow: true as const } : {}) }));
  const shared = [...layout.shared].map(([kernel, s]) => ({ kernel, dynamic: s.dynamic, vars: s.vars.map(({ v, address }) => ({ name: v.name, type: types.write(v.type), storage: v.storage, address })) }));
  const namedTypes = Object.fromEntries([...(program.namedTypes ?? [])].map(([n, t]) => [n, types.write(t)]));
  return { functions, statics, shared, structs: types.structs, types: namedTypes };
}

/** The locations of a function's statements (those the compiled code announces), sorted by position. */
function statementLocs(f: IFunction): { file: string; line: number; col: number }[] {
  const out: { file: string; line: number; col: number }[] = [];
  const walk = (s: IStmt | null): void => {
    if (!s) return;
    switch (s.k) {
      case 'block': s.body.forEach(walk); return;
      case 'if': out.push(s.loc); walk(s.then); walk(s.else); return;
      case 'loop': walk(s.init); out.push(s.loc); walk(s.body); return;
      case 'switch': out.push(s.loc); s.body.forEach(walk); return;
      case 'init': if (s.v.storage === 'auto') out.push(s.loc); return;
      default: out.push(s.loc);
    }
  };
  walk(f.body);
  const key = (l: { line: number; col: number }): number => l.line * 10000 + l.col;
  const seen = new Set<string>();
  return out
    .map((l) => ({ file: l.file, line: l.line, col: l.col }))
    .filter((l) => (seen.has(`${l.file}:${l.line}:${l.col}`) ? false : (seen.add(`${l.file}:${l.line}:${l.col}`), true)))
    .sort((a, b) => key(a) - key(b));
}

const SKIP = new Set(['type', 'opType', 'loc', 'v', 'target', 'fn', 'kernel', 'retSlot']);

/** For each statement head of `f`, the register variables (by index in `regs`) its own code assigns, nested statements excluded. */
function statementAssigns(f: IFunction, regs: readonly (VarSym | null)[]): { line: number; col: number; vars: number[] }[] {
  const index = new Map<VarSym, number>();
  regs.forEach((v, i) => v && index.set(v, i));
  const out = new Map<string, { line: number; col: number; vars: Set<number> }>();
  const at = (loc: { line: number; col: number }): Set<number> => {
    const k = `${loc.line}:${loc.col}`;
    let e = out.get(k);
    if (!e) out.set(k, (e = { line: loc.line, col: loc.col, vars: new Set() }));
    return e.vars;
  };
  // Assignments anywhere inside an expression tree (conditions, comma operators, statement expressions).
  const scan = (node: unknown, into: Set<number>, seen: Set<unknown>): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const n = node as { k?: string; target?: { k?: string; v?: VarSym }; v?: VarSym };
    if ((n.k === 'assign' || n.k === 'incdec') && n.target?.k === 'var' && n.target.v && index.has(n.target.v)) into.add(index.get(n.target.v)!);
    if (n.k === 'init' && n.v && index.has(n.v)) into.add(index.get(n.v)!);
    // Not into variables, types, or called functions (their bodies are their own statements).
    for (const [key, child] of Object.entries(node)) if (!SKIP.has(key)) scan(child, into, seen);
    if (n.target && typeof n.target === 'object') scan(n.target, into, seen);
  };
  const walk = (st: IStmt | null): void => {
    if (!st) return;
    switch (st.k) {
      case 'block': st.body.forEach(walk); return;
      case 'if': scan(st.cond, at(st.loc), new Set()); walk(st.then); walk(st.else); return;
      case 'loop': walk(st.init); scan(st.cond, at(st.loc), new Set()); scan(st.step, at(st.loc), new Set()); walk(st.body); return;
      case 'switch': scan(st.cond, at(st.loc), new Set()); st.body.forEach(walk); return;
      case 'init': scan(st, at(st.loc), new Set()); return;
      case 'expr': scan(st.e, at(st.loc), new Set()); return;
      case 'return': scan(st.value, at(st.loc), new Set()); return;
      default: at(st.loc);
    }
  };
  walk(f.body);
  return [...out.values()].map((e) => ({ line: e.line, col: e.col, vars: [...e.vars].sort((a, b) => a - b) }));
}
