import type { SourceLoc } from '../front/token.js';
import type { Expr, TemplateArg, TypeNode } from '../front/ast.js';
import { fail, unsupported } from '../front/diag.js';
import type { IExpr } from './ir.js';
import type { CType, StructInfo } from './types.js';
import { typeName, uintType } from './types.js';
import { layoutStruct } from './layout.js';
import { evalConst, isArith, unqual } from './check-conv.js';

/*
 * Cooperative groups' types (<cooperative_groups.h>) as the checker sees them.
 *
 * Every group type is a small builtin struct with one layout, so a group can be copied,
 * passed by value to a __device__ function and converted to the type-erased thread_group
 * by reusing the same bytes (a value is per thread, as on the GPU):
 *
 *   kind      CUDA's group id: 4 for a thread block, 1 for tiles and coalesced groups
 *             (thread_block_tile<N> and tiled_partition(parent, n) are "coalesced" groups
 *             in CUDA's implementation too); 0 never names a group
 *   rank      thread_rank() of this thread
 *   size      num_threads()
 *   mask      the lanes of this thread's warp that belong to the group (0 for a block)
 *   metaRank  meta_group_rank(), metaSize: meta_group_size()
 *
 * The operator functors cg::plus<T>, cg::less<T>... are empty structs (one byte) whose type
 * names the operation. This module is a leaf: check-ctx.ts and check-ops.ts import it.
 */

/** The operations cg::reduce accepts, as <cooperative_groups/reduce.h> names them. */
export type CgOp = 'plus' | 'less' | 'greater' | 'bit_and' | 'bit_or' | 'bit_xor';
export const CG_OPS: readonly CgOp[] = ['plus', 'less', 'greater', 'bit_and', 'bit_or', 'bit_xor'];

/** What a cooperative-groups struct type stands for. */
export type CgType =
  | { readonly k: 'block' }
  /** thread_block_tile<size> (size a power of two up to 32). */
  | { readonly k: 'tile'; readonly size: number }
  | { readonly k: 'coalesced' }
  /** thread_group: the type-erased handle (a block or a tile/coalesced group, told apart at run time by `kind`). */
  | { readonly k: 'generic' }
  | { readonly k: 'op'; readonly op: CgOp; readonly elem: CType };

export type GroupType = Exclude<CgType, { k: 'op' }>;

/** CUDA's group ids (details::thread_block_id, details::coalesced_group_id), stored in the `kind` field. */
export const BLOCK_ID = 4;
export const COALESCED_ID = 1;

export type GroupField = 'kind' | 'rank' | 'size' | 'mask' | 'metaRank' | 'metaSize';
const FIELDS: readonly GroupField[] = ['kind', 'rank', 'size', 'mask', 'metaRank', 'metaSize'];
/** Byte offset of each field (all unsigned int). Field names start with "__cg_" so `g.size` is not a data member. */
export const GROUP_FIELD_OFFSET: Readonly<Record<GroupField, number>> = { kind: 0, rank: 4, size: 8, mask: 12, metaRank: 16, metaSize: 20 };

/** The header that declares cg::reduce and the functors (cooperative_groups.h alone does not), as Preprocessed.builtinHeaders names it. */
export const REDUCE_HEADER = 'cooperative_groups/reduce.h';

/** True for the names of namespace cooperative_groups that only <cooperative_groups/reduce.h> declares. */
export function needsReduceHeader(name: string): boolean {
  return name === 'reduce' || (CG_OPS as readonly string[]).includes(name);
}

/** The note for a reduce.h name used without the header. */
export function reduceHeaderNote(name: string): string {
  return `include <cooperative_groups/reduce.h>, which declares 'cooperative_groups::${name}'`;
}

/** What resolving a cooperative_groups type needs from the checker (check-ctx.ts implements it). */
export interface CgTypeHost {
  readonly headers: ReadonlySet<string>;
  error(loc: SourceLoc, message: string, ...notes: string[]): void;
}

const infos = new WeakMap<StructInfo, CgType>();
const memo = new Map<string, CType>();

function make(key: string, name: string, info: CgType, fields: readonly GroupField[]): CType {
  const hit = memo.get(key);
  if (hit) return hit;
  const s = layoutStruct(name, false, fields.map((f) => ({ name: `__cg_${f}`, type: uintType })), 'cg');
  infos.set(s, info);
  const t: CType = { kind: 'struct', info: s };
  memo.set(key, t);
  return t;
}

/** The struct type of a group kind (one object per kind and tile size, so types compare by identity). */
export function groupType(g: GroupType): CType {
  switch (g.k) {
    case 'block':
      return make('block', 'cooperative_groups::thread_block', g, FIELDS);
    case 'tile':
      return make(`tile${g.size}`, `cooperative_groups::thread_block_tile<${g.size}>`, g, FIELDS);
    case 'coalesced':
      return make('coalesced', 'cooperative_groups::coalesced_group', g, FIELDS);
    case 'generic':
      return make('generic', 'cooperative_groups::thread_group', g, FIELDS);
  }
}

/** Where the last part of a qualified name starts (clang puts the caret there). */
export function lastPartLoc(name: string, loc: SourceLoc): SourceLoc {
  const i = name.lastIndexOf('::');
  return i < 0 ? loc : { ...loc, col: loc.col + i + 2 };
}

/** The functor type cg::OP<elem>. */
export function opType(op: CgOp, elem: CType, elemName: string): CType {
  return make(`op:${op}:${elemName}`, `cooperative_groups::${op}<${elemName}>`, { k: 'op', op, elem }, []);
}

/** The cooperative-groups meaning of a type, or null for every other type. */
export function cgInfo(t: CType): CgType | null {
  return t.kind === 'struct' ? infos.get(t.info) ?? null : null;
}

/** The group meaning of a type, or null when it is not a group type. */
export function groupInfo(t: CType): GroupType | null {
  const i = cgInfo(t);
  return i && i.k !== 'op' ? i : null;
}

/** True when a value of group type `from` converts implicitly to group type `to` (every group converts to thread_group). */
export function cgConvertible(from: CType, to: CType): boolean {
  const f = groupInfo(from);
  const t = groupInfo(to);
  return f !== null && t !== null && t.k === 'generic';
}

/** The functors' qualified names: types to the parser (`cg::plus<int> op;` declares), but not made visible by a using-directive (ParseOptions.qualifiedOnlyTypeNames). */
export const cgFunctorTypeNames: readonly string[] = CG_OPS.map((n) => `cooperative_groups::${n}`);

/** cooperative_groups names the parser must read as types (thread_block_tile takes template arguments). */
export const cgTypeNames: readonly string[] = ['thread_block', 'thread_group', 'thread_block_tile', 'coalesced_group', 'grid_group', 'multi_grid_group'].map(
  (n) => `cooperative_groups::${n}`,
);

/** The functions (and function templates) of namespace cooperative_groups that Warpscope knows; check/cg.ts implements or rejects each. */
export const CG_FUNCTIONS: ReadonlySet<string> = new Set([
  'this_thread_block', 'tiled_partition', 'coalesced_threads', 'sync', 'thread_rank', 'group_size', 'reduce', 'this_grid', 'this_multi_grid', 'this_thread',
  ...CG_OPS,
]);

/** The members namespace cooperative_groups starts with: plain group types, and everything else as a 'cg' symbol. */
export function cgNamespaceMembers(): [string, { readonly k: 'type'; readonly t: CType } | { readonly k: 'cg'; readonly name: string }][] {
  return [
    ['thread_block', { k: 'type', t: groupType({ k: 'block' }) }],
    ['thread_group', { k: 'type', t: groupType({ k: 'generic' }) }],
    ['coalesced_group', { k: 'type', t: groupType({ k: 'coalesced' }) }],
    ...['thread_block_tile', 'grid_group', 'multi_grid_group', ...CG_FUNCTIONS].map((name): [string, { readonly k: 'cg'; readonly name: string }] => [name, { k: 'cg', name }]),
  ];
}

/** True for a tile size CUDA's single-warp tiles allow (1, 2, 4, 8, 16, 32). */
export function validTileSize(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && n <= 32 && (n & (n - 1)) === 0;
}

/** The type a cooperative_groups name denotes in a declaration (`cg::thread_block_tile<8> t`, `cg::plus<int> op`, `cg::grid_group g`). */
export function resolveCgType(host: CgTypeHost, name: string, t: TypeNode & { kind: 'named' }, typeOf: (t: TypeNode) => CType, evalExpr: (e: Expr) => IExpr): CType {
  if (name === 'grid_group' || name === 'multi_grid_group') unsupported(t.loc, `'cooperative_groups::${name}' (grid-wide groups need a cooperative launch, which Warpscope does not simulate)`);
  if ((CG_OPS as readonly string[]).includes(name)) {
    if (!host.headers.has(REDUCE_HEADER)) host.error(lastPartLoc(t.name, t.loc), `no member named '${name}' in namespace 'cooperative_groups'`, reduceHeaderNote(name));
    return functorType(name as CgOp, t.templateArgs, t.loc, typeOf);
  }
  if (name !== 'thread_block_tile') {
    if (CG_FUNCTIONS.has(name)) fail(t.loc, `'cooperative_groups::${name}' is not a type`);
    fail(t.loc, `no type named '${name}' in namespace 'cooperative_groups'`);
  }
  const arg = t.templateArgs?.[0];
  if (!arg) fail(t.loc, `use of class template 'cooperative_groups::thread_block_tile' requires template arguments`);
  if (t.templateArgs!.length > 1 && t.templateArgs![1]!.kind === 'type') typeOf(t.templateArgs![1].type); // the parent type only documents where the tile came from
  if (arg.kind !== 'expr') fail(t.loc, `template argument for non-type template parameter must be an expression`);
  const v = evalConst(evalExpr(arg.expr));
  if (v === null) fail(arg.expr.loc, `non-type template argument is not a constant expression`);
  return groupType({ k: 'tile', size: checkTileSize(host, Number(v), arg.expr.loc) });
}

/** cg::OP<T> from its template arguments: one arithmetic type. */
export function functorType(op: CgOp, targs: readonly TemplateArg[] | undefined, loc: SourceLoc, typeOf: (t: TypeNode) => CType): CType {
  const arg = targs?.[0];
  if (!arg || arg.kind !== 'type' || targs!.length !== 1) fail(loc, `use of class template 'cooperative_groups::${op}' requires template arguments`);
  const elem = unqual(typeOf(arg.type));
  if (!isArith(elem)) unsupported(loc, `cooperative_groups::${op} of '${typeName(elem)}'`);
  return opType(op, elem, typeName(elem));
}

/** Why a variable of type `t` cannot be declared without an initializer (no group type has an accessible default constructor), or null. */
export function cgDefaultConstructError(t: CType): string | null {
  const elem = t.kind === 'array' ? t.of : t;
  const g = groupInfo(unqual(elem));
  if (!g) return null;
  // thread_block() is private (this_thread_block() is its friend); the other groups have no default constructor at all.
  return g.k === 'block' ? `calling a private constructor of class 'cooperative_groups::thread_block'` : `no matching constructor for initialization of '${typeName(unqual(elem))}'`;
}

/** The note after cgDefaultConstructError: how groups are made. */
export const CG_MAKE_NOTE = 'a group is made by this_thread_block(), tiled_partition(...), coalesced_threads() or this_thread()';

/**
 * Rejects tile sizes as CUDA's headers do (a static_assert) or as Warpscope must (multi-warp tiles are experimental).
 * The static assertion lets checking go on (as a warp-wide tile) so later errors are reported too, as nvcc does.
 */
export function checkTileSize(host: CgTypeHost, n: number, loc: SourceLoc): number {
  if (validTileSize(n)) return n;
  if (n > 32 && (n & (n - 1)) === 0 && n <= 1024) unsupported(loc, `thread_block_tile<${n}> (tiles of more than 32 threads are experimental in CUDA)`);
  host.error(loc, 'static assertion failed: Size must be one of 1/2/4/8/16/32');
  return 32;
}
