import type { SourceLoc } from '../front/token.js';
import { fail, unsupported } from '../front/diag.js';
import type { Expr } from '../front/ast.js';
import type { BuiltinVar, IExpr } from './ir.js';
import type { CType } from './types.js';
import { boolType, intType, longType, pointerTo, sameType, sizeOf, typeName, uintType, ullongType, ulongType, voidType } from './types.js';
import { evalConst, isArith, isInteger, unqual } from './check-conv.js';
import type { Checker } from './check-ctx.js';
import { mkConst } from './check-ctx.js';
import type { Operand } from './check-ops.js';
import { addressOf, arith, conv, dim3From, implicitConv, structAddr, structTempOf } from './check-ops.js';
import { expr, rexpr } from './check-expr.js';
import { callerSpace } from './check-call.js';
import { builtinFunctions } from './builtins.js';
import type { GroupField, GroupType } from './cg-types.js';
import { BLOCK_ID, CG_OPS, COALESCED_ID, GROUP_FIELD_OFFSET, checkTileSize, cgInfo, functorType, groupInfo, groupType, validTileSize } from './cg-types.js';
import { MEMBER_HINTS, reportCgName } from './cg-names.js';

/*
 * Cooperative groups in device code: this_thread_block(), tiled_partition, coalesced_threads(),
 * the groups' member functions, cg::sync and cg::reduce, checked into ordinary IR. A group
 * value is a struct (cg-types.ts) filled when the group is made; its members read the fields
 * and call the warp intrinsics with the group's lane mask (a tile's shfl is __shfl_sync with
 * width = tile size), so the warp machinery in compile/ runs them. The few operations with no
 * warp-intrinsic equivalent are `cg.*` intrinsics compiled by compile/cg.ts:
 *   cg.sync(kind)                      thread_block::sync(), and thread_group::sync() when kind is a block's
 *   cg.pack(bits, mask)                lane bits -> group-rank bits (coalesced/tile ballot, match_any, match_all)
 *   cg.rankLane(mask, rank, self)      lane of the member of that rank (self: own lane when out of range, else 31)
 *   cg.partMask(kind, rank, size, mask, n)  the lanes of this thread's tile in tiled_partition(parent, n)
 *   cg.reduce(op, tileSize, mask, v)   cg::reduce in CUDA's order of combination (tileSize 0: coalesced group)
 */

/** A group operand evaluated once: `setup` runs first (null when the group is a variable) and `addr` is where its fields are. */
interface Handle {
  readonly g: GroupType;
  readonly t: CType;
  readonly addr: IExpr;
  readonly setup: IExpr | null;
}

const u = (n: number, loc: SourceLoc): IExpr => mkConst(uintType, n >>> 0, loc);
const op2 = (o: '+' | '-' | '*' | '/' | '&' | '|' | '<<' | '>>', a: IExpr, b: IExpr, loc: SourceLoc): IExpr => arith(o, uintType, a, b, loc);
const bi = (name: BuiltinVar, loc: SourceLoc): IExpr => ({ k: 'builtin', name, type: uintType, loc });
const cgIntr = (name: string, type: CType, args: IExpr[], loc: SourceLoc): IExpr => ({ k: 'intrinsic', name, type, args, loc });

/** The thread's linear rank in its block (CUDA: z * dimY * dimX + y * dimX + x) and the block's size. */
function blockRank(loc: SourceLoc): IExpr {
  const [x, y, z] = [bi('threadIdx.x', loc), bi('threadIdx.y', loc), bi('threadIdx.z', loc)];
  const [dx, dy] = [bi('blockDim.x', loc), bi('blockDim.y', loc)];
  return op2('+', x, op2('*', dx, op2('+', y, op2('*', dy, z, loc), loc), loc), loc);
}
function blockSize(loc: SourceLoc): IExpr {
  return op2('*', bi('blockDim.x', loc), op2('*', bi('blockDim.y', loc), bi('blockDim.z', loc), loc), loc);
}
/** The thread's lane: warps are cut from the block's linear ranks. */
function laneId(loc: SourceLoc): IExpr {
  return op2('&', blockRank(loc), u(31, loc), loc);
}

/** A warp built-in by name, through builtins.ts so its key stays the one compile/intrinsics.ts implements; `vi` is the argument that picks the overload. */
function warp(name: string, args: IExpr[], loc: SourceLoc, vi = -1): IExpr {
  const sigs = builtinFunctions.get(name) ?? [];
  const sig = vi < 0 ? sigs[0] : sigs.find((s) => typeof s.params[vi] === 'object' && sameType(s.params[vi] as CType, args[vi]!.type));
  if (!sig) fail(loc, `internal: no built-in ${name} for these operands`);
  const conv2 = args.map((a, i) => (typeof sig.params[i] === 'object' ? conv(a, sig.params[i] as CType) : a));
  return { k: 'intrinsic', name: sig.key, type: sig.ret, args: conv2, loc };
}

function field(h: Handle, f: GroupField, loc: SourceLoc): IExpr {
  const addr: IExpr = { k: 'ptrAdd', type: pointerTo(uintType), ptr: h.addr, index: mkConst(longType, GROUP_FIELD_OFFSET[f], loc), scale: 1, loc };
  return { k: 'load', type: uintType, addr, space: 'generic', loc };
}

/** Runs the handle's setup before `e`. */
function after(h: Handle | null, e: IExpr): IExpr {
  return h?.setup ? { k: 'comma', type: e.type, left: h.setup, right: e, loc: e.loc } : e;
}

/** A new group value with the given fields. */
function makeGroup(c: Checker, g: GroupType, f: Readonly<Record<GroupField, IExpr>>, loc: SourceLoc): IExpr {
  const t = groupType(g);
  return structTempOf(c, t, loc, () => (Object.keys(GROUP_FIELD_OFFSET) as GroupField[]).map((k) => ({ offset: GROUP_FIELD_OFFSET[k], value: conv(f[k], uintType) })));
}

/** The group an operand denotes, evaluated once; null when the operand is not a group. */
function handleOf(c: Checker, op: Operand, loc: SourceLoc): Handle | null {
  const t = unqual(op.lv ? op.type : op.e.type);
  const g = groupInfo(t);
  if (!g) return null;
  const addr = op.lv ? addressOf(c, op, loc) : structAddr(op.e);
  if (addr.k === 'varAddr' || addr.k === 'var') return { g, t, addr, setup: null };
  if (addr.k === 'structTemp') return { g, t, addr: { k: 'varAddr', v: addr.v, type: pointerTo(t), loc }, setup: addr };
  const v = c.newVar(`__cg${c.nextVar}`, t, 'auto', loc);
  const dst: IExpr = { k: 'varAddr', v, type: pointerTo(t), loc };
  return { g, t, addr: dst, setup: { k: 'copy', type: t, dst, src: addr, size: sizeOf(t), loc } };
}

function groupArg(c: Checker, e: Expr | undefined, fn: string, loc: SourceLoc): Handle {
  if (!e) fail(loc, `no matching function for call to '${fn}'`);
  const h = handleOf(c, expr(c, e), e.loc);
  if (!h) fail(loc, `no matching function for call to '${fn}'`);
  return h;
}

function argCount(args: readonly Expr[], n: number, loc: SourceLoc): void {
  if (args.length !== n) fail(loc, `too ${args.length < n ? 'few' : 'many'} arguments to function call, expected ${n}, have ${args.length}`);
}

function deviceOnly(c: Checker, name: string, loc: SourceLoc): void {
  const from = callerSpace(c);
  if (from === 'device' || from === 'global') return;
  const words = from === 'host' ? '__host__' : '__host__ __device__';
  fail(loc, `calling a __device__ function("${name}") from a ${words} function("${c.fn?.fn.name ?? 'main'}") is not allowed`);
}

/** A call `cooperative_groups::NAME(...)` (or NAME(...) under a using-directive). */
export function cgCall(c: Checker, name: string, e: Expr & { kind: 'call' }): IExpr {
  const callee = e.callee.kind === 'ident' ? e.callee : null;
  const loc = e.loc;
  if (reportCgName(c, name, callee?.name ?? name, callee?.loc ?? loc)) {
    return name === 'partition' ? structTempOf(c, groupType({ k: 'generic' }), loc, () => []) : mkConst(intType, 0, loc);
  }
  if ((CG_OPS as readonly string[]).includes(name)) return opValue(c, name as (typeof CG_OPS)[number], e);
  deviceOnly(c, name, loc);
  const a = e.args;
  switch (name) {
    case 'this_thread_block':
      argCount(a, 0, loc);
      return makeGroup(c, { k: 'block' }, { kind: u(BLOCK_ID, loc), rank: blockRank(loc), size: blockSize(loc), mask: u(0, loc), metaRank: u(0, loc), metaSize: u(1, loc) }, loc);
    case 'this_thread':
      argCount(a, 0, loc);
      return makeGroup(c, { k: 'tile', size: 1 }, { kind: u(COALESCED_ID, loc), rank: u(0, loc), size: u(1, loc), mask: op2('<<', u(1, loc), laneId(loc), loc), metaRank: u(0, loc), metaSize: u(1, loc) }, loc);
    case 'coalesced_threads': {
      argCount(a, 0, loc);
      const mask = (): IExpr => warp('__activemask', [], loc);
      const below = op2('-', op2('<<', u(1, loc), laneId(loc), loc), u(1, loc), loc);
      const rank = conv(warp('__popc', [op2('&', mask(), below, loc)], loc), uintType);
      return makeGroup(c, { k: 'coalesced' }, { kind: u(COALESCED_ID, loc), rank, size: conv(warp('__popc', [mask()], loc), uintType), mask: mask(), metaRank: u(0, loc), metaSize: u(1, loc) }, loc);
    }
    case 'tiled_partition':
      return callee?.templateArgs ? staticTile(c, e) : dynamicTile(c, e);
    case 'sync':
    case 'thread_rank':
    case 'group_size': {
      argCount(a, 1, loc);
      const h = groupArg(c, a[0], name, loc);
      return after(h, memberCall(c, h, name === 'group_size' ? 'num_threads' : name, [], loc, loc));
    }
    case 'reduce':
      return reduce(c, e);
    default:
      unsupported(loc, `'cooperative_groups::${name}' (grid-wide groups need a cooperative launch, which Warpscope does not simulate)`);
  }
}

/** `plus<int>()` under a using-directive (and the other functors): an empty struct whose type names the operation. */
function opValue(c: Checker, op: (typeof CG_OPS)[number], e: Expr & { kind: 'call' }): IExpr {
  const targs = e.callee.kind === 'ident' ? e.callee.templateArgs : undefined;
  const t = functorType(op, targs, e.loc, (x) => c.resolveType(x, (y) => rexpr(c, y)).type);
  argCount(e.args, 0, e.loc);
  return structTempOf(c, t, e.loc, () => []);
}

/** tiled_partition<N>(parent): a thread_block_tile<N> of a block or of a larger tile. */
function staticTile(c: Checker, e: Expr & { kind: 'call' }): IExpr {
  const loc = e.loc;
  const targ = e.callee.kind === 'ident' ? e.callee.templateArgs?.[0] : undefined;
  if (!targ || targ.kind !== 'expr') fail(loc, `no matching function for call to 'tiled_partition'`);
  const n = evalConst(rexpr(c, targ.expr));
  if (n === null) fail(targ.expr.loc, 'non-type template argument is not a constant expression');
  const size = checkTileSize(c, Number(n), targ.expr.loc);
  argCount(e.args, 1, loc);
  const h = groupArg(c, e.args[0], 'tiled_partition', loc);
  if (h.g.k !== 'block' && h.g.k !== 'tile') fail(loc, `implicit instantiation of undefined template 'cooperative_groups::details::tiled_partition_impl<${size}, ${typeName(h.t)}>'`);
  if (h.g.k === 'tile' && size >= h.g.size) fail(loc, 'static assertion failed: Tile size bigger or equal to the parent group size');
  const prank = field(h, 'rank', loc);
  const lane = laneId(loc);
  const mask = size === 32 ? u(0xffffffff, loc) : op2('<<', u((1 << size) - 1, loc), op2('&', lane, u(~(size - 1), loc), loc), loc);
  const g = makeGroup(c, { k: 'tile', size }, {
    kind: u(COALESCED_ID, loc), rank: op2('&', prank, u(size - 1, loc), loc), size: u(size, loc), mask,
    metaRank: op2('/', field(h, 'rank', loc), u(size, loc), loc), metaSize: op2('/', op2('+', field(h, 'size', loc), u(size - 1, loc), loc), u(size, loc), loc),
  }, loc);
  return after(h, g);
}

/** tiled_partition(parent, n): a thread_group (a coalesced_group from a coalesced parent) of n threads, n a power of two up to 32. */
function dynamicTile(c: Checker, e: Expr & { kind: 'call' }): IExpr {
  const loc = e.loc;
  argCount(e.args, 2, loc);
  const h = groupArg(c, e.args[0], 'tiled_partition', loc);
  let n = implicitConv(c, rexpr(c, e.args[1]!), uintType, 'param', e.args[1]!.loc, false);
  const nv = evalConst(n);
  if (nv !== null && !validTileSize(Number(nv))) unsupported(e.args[1]!.loc, `tiled_partition(parent, ${nv}) (CUDA allows tiles of a power of two up to 32 threads; the GPU aborts the kernel)`);
  let setup = h.setup;
  if (nv === null && n.k !== 'var') {
    const v = c.newVar(`__cgn${c.nextVar}`, uintType, 'auto', loc);
    const assign: IExpr = { k: 'assign', type: uintType, target: { k: 'var', v }, value: n, loc };
    setup = setup ? { k: 'comma', type: uintType, left: setup, right: assign, loc } : assign;
    n = { k: 'var', v, type: uintType, loc };
  }
  const hh: Handle = { ...h, setup };
  const f = (x: GroupField): IExpr => field(hh, x, loc);
  const [prank, psize] = [f('rank'), f('size')];
  const mask = (): IExpr => cgIntr('cg.partMask', uintType, [f('kind'), prank, psize, f('mask'), n], loc);
  const g: GroupType = h.g.k === 'coalesced' ? { k: 'coalesced' } : { k: 'generic' };
  // CUDA's coalesced_group::_get_tiled_threads returns a parent no larger than n whole, with its meta rank
  // and size. (A tiled parent's further tiles count only whole tiles, but only a thread_group, which has no
  // meta_group_size(), can have one: a coalesced_group is never tiled.)
  const isBlock: IExpr = { k: 'compare', op: '==', type: boolType, left: f('kind'), right: u(BLOCK_ID, loc), loc };
  const whole: IExpr = { k: 'logical', op: '&&', type: boolType, left: { k: 'unary', op: '!', type: boolType, arg: isBlock, loc }, right: { k: 'compare', op: '<=', type: boolType, left: psize, right: n, loc }, loc };
  const pick = (a: IExpr, b: IExpr): IExpr => ({ k: 'cond', type: uintType, cond: whole, then: a, else: b, loc });
  return after(hh, makeGroup(c, g, {
    kind: u(COALESCED_ID, loc), rank: op2('&', prank, op2('-', n, u(1, loc), loc), loc), size: conv(warp('__popc', [mask()], loc), uintType), mask: mask(),
    metaRank: pick(f('metaRank'), op2('/', prank, n, loc)), metaSize: pick(f('metaSize'), op2('/', op2('+', psize, op2('-', n, u(1, loc), loc), loc), n, loc)),
  }, loc));
}

/** cg::reduce(group, value, op) for a thread_block_tile or a coalesced_group. */
function reduce(c: Checker, e: Expr & { kind: 'call' }): IExpr {
  const loc = e.loc;
  argCount(e.args, 3, loc);
  const h = groupArg(c, e.args[0], 'reduce', loc);
  if (h.g.k !== 'tile' && h.g.k !== 'coalesced') fail(loc, 'static assertion failed: This group does not exclusively represent a tile');
  const v = rexpr(c, e.args[1]!);
  const opE = rexpr(c, e.args[2]!);
  const info = cgInfo(opE.type);
  if (!info || info.k !== 'op') fail(e.args[2]!.loc, `no matching function for call to 'reduce'`);
  const t = unqual(v.type);
  if (!sameType(t, info.elem) || (t.kind === 'int' && info.elem.kind === 'int' && t.bits === 8 && t.name !== info.elem.name)) fail(loc, 'static assertion failed: Operator and argument types differ');
  if (info.op.startsWith('bit_') && !isInteger(t)) fail(loc, `invalid operands to binary expression ('${typeName(t)}' and '${typeName(t)}')`);
  const args = [mkConst(intType, CG_OPS.indexOf(info.op), loc), mkConst(intType, h.g.k === 'tile' ? h.g.size : 0, loc), field(h, 'mask', loc), conv(v, t)];
  return after(h, cgIntr('cg.reduce', t, args, loc));
}

/** A call `g.NAME(args)` on a group (anything else is a member function call Warpscope does not support). */
export function cgMemberCall(c: Checker, e: Expr & { kind: 'call' }, callee: Expr & { kind: 'member' }): IExpr {
  const base = expr(c, callee.base);
  const h = callee.arrow ? null : handleOf(c, base, callee.loc);
  if (!h) unsupported(e.loc, 'member function calls');
  deviceOnly(c, callee.name, e.loc);
  return after(h, memberCall(c, h, callee.name, e.args, e.loc, callee.nameLoc ?? callee.loc));
}

/** `g.size` without a call: clang's message for a member function named as a value. */
export function cgMemberValue(c: Checker, t: CType, name: string, loc: SourceLoc): never {
  void c;
  fail(loc, MEMBERS[groupInfo(t)?.k ?? 'generic'].has(name) ? 'reference to non-static member function must be called' : `no member named '${name}' in '${typeName(unqual(t))}'`);
}

const COMMON = ['sync', 'thread_rank', 'size', 'num_threads'];
const WARPY = [...COMMON, 'meta_group_rank', 'meta_group_size', 'shfl', 'shfl_down', 'shfl_up', 'any', 'all', 'ballot', 'match_any', 'match_all', 'get_type'];
const MEMBERS: Readonly<Record<GroupType['k'], ReadonlySet<string>>> = {
  block: new Set([...COMMON, 'group_index', 'thread_index', 'group_dim', 'dim_threads']),
  tile: new Set([...WARPY, 'shfl_xor']),
  coalesced: new Set(WARPY),
  generic: new Set([...COMMON, 'get_type']),
};

function memberCall(c: Checker, h: Handle, name: string, args: readonly Expr[], loc: SourceLoc, nameLoc: SourceLoc): IExpr {
  if (!MEMBERS[h.g.k].has(name)) {
    c.error(nameLoc, `no member named '${name}' in '${typeName(h.t)}'`, ...(MEMBER_HINTS[name] ? [MEMBER_HINTS[name]!] : []));
    return mkConst(intType, 0, loc);
  }
  const small = h.g.k === 'generic' ? ullongType : uintType;
  switch (name) {
    case 'sync':
      argCount(args, 0, loc);
      if (h.g.k === 'block' || h.g.k === 'generic') return cgIntr('cg.sync', voidType, [h.g.k === 'block' ? u(BLOCK_ID, loc) : field(h, 'kind', loc)], loc);
      return warp('__syncwarp', [field(h, 'mask', loc)], loc);
    case 'thread_rank':
      argCount(args, 0, loc);
      return conv(field(h, 'rank', loc), small);
    case 'size':
    case 'num_threads':
      argCount(args, 0, loc);
      return conv(field(h, 'size', loc), small);
    case 'meta_group_rank':
    case 'meta_group_size':
      argCount(args, 0, loc);
      return field(h, name === 'meta_group_rank' ? 'metaRank' : 'metaSize', loc);
    case 'get_type':
      argCount(args, 0, loc);
      return field(h, 'kind', loc);
    case 'group_index':
    case 'thread_index':
    case 'group_dim':
    case 'dim_threads': {
      argCount(args, 0, loc);
      const v = name === 'group_index' ? 'blockIdx' : name === 'thread_index' ? 'threadIdx' : 'blockDim';
      return dim3From(c, (['x', 'y', 'z'] as const).map((k) => bi(`${v}.${k}`, loc)), loc);
    }
    case 'any':
    case 'all':
    case 'ballot': {
      argCount(args, 1, loc);
      const pred = implicitConv(c, rexpr(c, args[0]!), intType, 'param', args[0]!.loc, false);
      if (name !== 'ballot') return warp(name === 'any' ? '__any_sync' : '__all_sync', [field(h, 'mask', loc), pred], loc);
      return cgIntr('cg.pack', uintType, [warp('__ballot_sync', [field(h, 'mask', loc), pred], loc), field(h, 'mask', loc)], loc);
    }
    case 'match_any': {
      argCount(args, 1, loc);
      const v = shuffleable(c, rexpr(c, args[0]!), loc);
      const lanes = op2('&', warp('__match_any_sync', [field(h, 'mask', loc), v.value], loc, 1), field(h, 'mask', loc), loc);
      return cgIntr('cg.pack', uintType, [lanes, field(h, 'mask', loc)], loc);
    }
    case 'match_all':
      return matchAll(c, h, args, loc);
    default:
      return shuffle(c, h, name, args, loc);
  }
}

/** match_all(value, int &pred): the group-relative mask when every member holds the same value (else 0), and pred through the reference. */
function matchAll(c: Checker, h: Handle, args: readonly Expr[], loc: SourceLoc): IExpr {
  argCount(args, 2, loc);
  const v = shuffleable(c, rexpr(c, args[0]!), loc);
  const p = expr(c, args[1]!);
  const pt = p.lv ? p.type : p.e.type;
  if (!p.lv) fail(args[1]!.loc, `non-const lvalue reference to type 'int' cannot bind to a temporary of type '${typeName(unqual(pt))}'`);
  if (!sameType(unqual(pt), intType) || (pt.kind === 'int' && pt.name !== 'int')) fail(args[1]!.loc, `non-const lvalue reference to type 'int' cannot bind to a value of unrelated type '${typeName(unqual(pt))}'`);
  if (pt.isConst) fail(args[1]!.loc, `binding reference of type 'int' to value of type 'const int' drops 'const' qualifier`);
  const lanes = warp('__match_all_sync', [field(h, 'mask', loc), v.value, addressOf(c, p, args[1]!.loc)], loc, 1);
  return cgIntr('cg.pack', uintType, [lanes, field(h, 'mask', loc)], loc);
}

/** A shuffled value in a type the warp shuffles take (small integers widen to int, pointers travel as 64-bit integers) and the way back. */
function shuffleable(c: Checker, v: IExpr, loc: SourceLoc): { value: IExpr; back: (e: IExpr) => IExpr } {
  const t = unqual(v.type);
  void c;
  if (t.kind === 'pointer') return { value: conv(v, ulongType), back: (e) => conv(e, t) };
  if (t.kind === 'bool' || (t.kind === 'int' && t.bits < 32)) return { value: conv(v, intType), back: (e) => conv(e, t) };
  if (isArith(t)) return { value: conv(v, t), back: (e) => e };
  return unsupported(loc, `shuffling a value of type '${typeName(t)}' in a cooperative group`);
}

/** shfl, shfl_down, shfl_up, shfl_xor: a tile's are the warp shuffles with width = tile size; a coalesced group's address members by rank. */
function shuffle(c: Checker, h: Handle, name: string, args: readonly Expr[], loc: SourceLoc): IExpr {
  argCount(args, 2, loc);
  const v = shuffleable(c, rexpr(c, args[0]!), loc);
  const delta = rexpr(c, args[1]!);
  const mask = field(h, 'mask', loc);
  if (h.g.k === 'tile') {
    const dt = name === 'shfl_down' || name === 'shfl_up' ? uintType : intType;
    const d = implicitConv(c, delta, dt, 'param', args[1]!.loc, false);
    return v.back(warp(`__${name}_sync`, [mask, v.value, d, u(h.g.size, loc)], loc, 1));
  }
  // coalesced_group: the source is a rank; shfl_down/up fall back to the caller's own value past the ends.
  const rank = field(h, 'rank', loc);
  let target: IExpr;
  if (name === 'shfl') target = implicitConv(c, delta, intType, 'param', args[1]!.loc, false);
  else if (name === 'shfl_down') target = conv(op2('+', rank, implicitConv(c, delta, uintType, 'param', args[1]!.loc, false), loc), intType);
  else target = arith('-', intType, conv(rank, intType), implicitConv(c, delta, intType, 'param', args[1]!.loc, false), loc);
  const lane = cgIntr('cg.rankLane', intType, [mask, target, mkConst(intType, name === 'shfl' ? 0 : 1, loc)], loc);
  return v.back(warp('__shfl_sync', [field(h, 'mask', loc), v.value, lane, u(32, loc)], loc, 1));
}
