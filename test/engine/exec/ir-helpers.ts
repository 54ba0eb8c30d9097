import type { IExpr, IFunction, IStmt, VarSym, IProgram, Space } from '../../../src/engine/check/ir.js';
import { intType, pointerTo, voidType, type CType } from '../../../src/engine/check/types.js';

/** Small constructors for hand-built IR in tests. */
export const L = { file: 't.cu', line: 1, col: 1 };
let nid = 1;
export const v = (name: string, type: CType = intType, storage: VarSym['storage'] = 'auto', isParam = false): VarSym => ({ id: nid++, name, type, storage, loc: L, init: null, isParam, align: 0, ref: false });
export const c = (value: number, type: CType = intType): IExpr => ({ k: 'const', value, type, loc: L });
export const rd = (x: VarSym): IExpr => ({ k: 'var', v: x, type: x.type, loc: L });
export const tid: IExpr = { k: 'builtin', name: 'threadIdx.x', type: intType, loc: L };
export const ar = (op: '+' | '-' | '*' | '/' | '%' | '<<' | '>>' | '&', a: IExpr, b: IExpr, type: CType = a.type): IExpr => ({ k: 'arith', op, left: a, right: b, type, loc: L });
export const cmp = (op: '<' | '>' | '==' | '!=' | '<=' | '>=', a: IExpr, b: IExpr): IExpr => ({ k: 'compare', op, left: a, right: b, type: intType, loc: L });
export const idx = (p: IExpr, i: IExpr, elem: CType = intType): IExpr => ({ k: 'ptrAdd', ptr: p, index: i, scale: 4, type: pointerTo(elem), loc: L });
export const ld = (addr: IExpr, type: CType = intType, space: Space = 'generic'): IExpr => ({ k: 'load', addr, space, type, loc: L });
export const setv = (x: VarSym, value: IExpr, op?: '+'): IStmt => ({ k: 'expr', e: { k: 'assign', target: { k: 'var', v: x }, value, op, opType: op ? x.type : undefined, type: x.type, loc: L }, loc: L });
export const setm = (addr: IExpr, value: IExpr, space: Space = 'generic'): IStmt => ({ k: 'expr', e: { k: 'assign', target: { k: 'mem', addr, space }, value, type: value.type, loc: L }, loc: L });
export const ifs = (cond: IExpr, then: IStmt, els: IStmt | null = null): IStmt => ({ k: 'if', cond, then, else: els, loc: L });
export const blk = (...body: IStmt[]): IStmt & { k: 'block' } => ({ k: 'block', body, loc: L });
export const brk: IStmt = { k: 'break', loc: L };
export const cont: IStmt = { k: 'continue', loc: L };
export const ret = (value: IExpr | null = null): IStmt => ({ k: 'return', value, loc: L });
export const init = (x: VarSym, value: IExpr | null): IStmt => ({ k: 'init', v: x, value, stores: [], zeroFill: false, loc: L });
export const loop = (initS: IStmt | null, cond: IExpr | null, step: IExpr | null, body: IStmt): IStmt => ({ k: 'loop', init: initS, cond, step, body, testFirst: true, loc: L });
export const inc = (x: VarSym): IExpr => ({ k: 'incdec', target: { k: 'var', v: x }, delta: 1, post: true, type: x.type, loc: L });
export const intr = (name: string, args: IExpr[], type: CType = voidType): IExpr => ({ k: 'intrinsic', name, args, type, loc: L });
export const call = (fn: IFunction, args: IExpr[]): IExpr => ({ k: 'call', fn, args, retSlot: null, type: fn.ret, loc: L });
export const fnc = (name: string, space: IFunction['space'], params: VarSym[], locals: VarSym[], body: IStmt[], ret: CType = voidType): IFunction => ({ id: nid++, name, space, ret, params, locals, body: blk(...body), loc: L });
export const program = (functions: IFunction[], globals: VarSym[] = []): IProgram => ({ functions, globals, main: null, sources: new Map() });
