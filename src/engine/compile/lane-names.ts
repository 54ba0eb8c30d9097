import type { IExpr, Space } from '../check/ir.js';

/*
 * Small name tables of the expression compiler: which helper loads from a space, how a geometry
 * built-in reads in lane code, and which inline expressions have effects.
 */

/** Prefix of the load helper for a space (access.ts defines them). */
export function helper(space: Space): string {
  return space === 'global' ? 'GL' : space === 'shared' ? 'SL' : space === 'local' ? 'LL' : space === 'constant' ? 'CL' : 'LD';
}

/** Lane expression of a thread-geometry built-in variable. */
export function builtinVar(name: string): string {
  switch (name) {
    case 'threadIdx.x': return 'W.tx[l]';
    case 'threadIdx.y': return 'W.ty[l]';
    case 'threadIdx.z': return 'W.tz[l]';
    case 'blockIdx.x': return 'W.bx';
    case 'blockIdx.y': return 'W.by';
    case 'blockIdx.z': return 'W.bz';
    case 'blockDim.x': return 'W.bdx';
    case 'blockDim.y': return 'W.bdy';
    case 'blockDim.z': return 'W.bdz';
    case 'gridDim.x': return 'W.gdx';
    case 'gridDim.y': return 'W.gdy';
    case 'gridDim.z': return 'W.gdz';
    default: return '32';
  }
}

/** True for a lane expression that does nothing when evaluated for nothing: a temp, a register read, a constant. */
export function isInert(v: string): boolean {
  return /^(t\d+\[l\]|r\d+\[l\]|[-\d.n]+|0)$/.test(v);
}

/** True when an inline expression changes registers (so evaluating it for nothing still matters). */
export function hasInlineEffect(e: IExpr): boolean {
  switch (e.k) {
    case 'assign': case 'incdec': return true;
    case 'load': return hasInlineEffect(e.addr);
    case 'unary': case 'convert': return hasInlineEffect(e.arg);
    case 'arith': case 'compare': case 'logical': case 'comma': case 'ptrDiff': return hasInlineEffect(e.left) || hasInlineEffect(e.right);
    case 'ptrAdd': return hasInlineEffect(e.ptr) || hasInlineEffect(e.index);
    case 'cond': return hasInlineEffect(e.cond) || hasInlineEffect(e.then) || hasInlineEffect(e.else);
    case 'intrinsic': return true;
    default: return false;
  }
}

