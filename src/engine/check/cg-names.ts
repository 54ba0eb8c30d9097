import type { SourceLoc } from '../front/token.js';
import { fail } from '../front/diag.js';
import type { CType } from './types.js';
import { intType } from './types.js';
import type { Checker } from './check-ctx.js';
import { mkConst } from './check-ctx.js';
import type { Operand } from './check-ops.js';
import { CG_FUNCTIONS, CG_MAKE_NOTE, REDUCE_HEADER, cgDefaultConstructError, lastPartLoc, needsReduceHeader, reduceHeaderNote } from './cg-types.js';

/*
 * Names in namespace cooperative_groups that nvcc rejects, reported as clang words them and at
 * nvcc's line, with a note saying what to write. Every one goes through Checker.error, so
 * checking continues and one run lists every such line, as nvcc does:
 *   - names the namespace lacks (the lecture notes' `synchronize`, `partition`);
 *   - cg::reduce and the functors when <cooperative_groups/reduce.h> was not included
 *     (cooperative_groups.h alone does not declare them);
 *   - a group declared without a value (no group type has an accessible default constructor).
 */

/** Names of the lecture notes' (and other) guesses that nvcc rejects, with what to write instead. */
const NAMESPACE_HINTS: Readonly<Record<string, string>> = {
  synchronize: "cooperative groups synchronise with 'cooperative_groups::sync(g)' or 'g.sync()'",
  partition: "did you mean 'tiled_partition'? ('cooperative_groups::tiled_partition(parent, n)' or 'tiled_partition<n>(parent)')",
  this_block: "did you mean 'this_thread_block'?",
};

/** Member names nvcc rejects on a group, with what to write instead. */
export const MEMBER_HINTS: Readonly<Record<string, string>> = {
  synchronize: "did you mean 'sync'? (or 'cooperative_groups::sync(g)')",
  barrier: "did you mean 'sync'?",
  rank: "did you mean 'thread_rank'?",
  group_size: "did you mean 'size'?",
};

/**
 * Reports `cooperative_groups::NAME` (spelled `spelled` at `loc`) when the namespace lacks it or its header was
 * not included; returns true when the name does not exist at all (the caller then has nothing to check).
 */
export function reportCgName(c: Checker, name: string, spelled: string, loc: SourceLoc): boolean {
  const at = lastPartLoc(spelled, loc);
  if (!CG_FUNCTIONS.has(name)) {
    c.error(at, `no member named '${name}' in namespace 'cooperative_groups'`, ...(NAMESPACE_HINTS[name] ? [NAMESPACE_HINTS[name]!] : []));
    return true;
  }
  // The name is known, so checking the use goes on as if the header were there: its other mistakes are reported too.
  if (needsReduceHeader(name) && !c.headers.has(REDUCE_HEADER)) c.error(at, `no member named '${name}' in namespace 'cooperative_groups'`, reduceHeaderNote(name));
  return false;
}

/** A cooperative_groups name used as a value rather than called. */
export function cgNameValue(c: Checker, name: string, spelled: string, loc: SourceLoc): Operand {
  const known = name === 'thread_block_tile' || name === 'grid_group' || name === 'multi_grid_group';
  if (!known && reportCgName(c, name, spelled, loc)) return { lv: false, e: mkConst(intType, 0, loc) };
  return fail(loc, `reference to function '${spelled}' is only supported in calls`);
}

/** Reports a group variable (or array of groups, or `T()`) made without a value: `cg::thread_block tb;`. */
export function checkCgDefaultConstruct(c: Checker, t: CType, loc: SourceLoc): void {
  const msg = cgDefaultConstructError(t);
  if (msg) c.error(loc, msg, CG_MAKE_NOTE);
}
