import { sizeOf, typeName, ucharType, type CType } from '../engine/check/types.js';
import { spaceOfAddress } from '../engine/memory/layout.js';
import type { DebugSession } from '../debug/session.js';
import { formatValue } from '../debug/expr/index.js';
import type { StateContext } from '../debug/eval-context.js';
import type { MemoryRegionView } from '../protocol/messages.js';

/*
 * The Global and constant memory panel's data: every live device allocation, named by the
 * host variable the call wrote the pointer into (`cudaMalloc(&d_A, n)` shows as d_A, typed as
 * what d_A points to), and every __device__, __managed__ and __constant__ symbol of the
 * program's debug information, with their values at the current step as `print` formats them.
 * Which allocations live, where and how large, the trace's allocations table says (it knows
 * cudaMallocAsync, cudaFreeAsync's end at the synchronization, device-side malloc); traces made
 * before it are read from the cudaMalloc and cudaFree calls.
 */

/** Elements shown per region (the panel says how many more there are). */
export const MAX_ELEMENTS = 256;
/** Regions shown at most. */
export const MAX_REGIONS = 64;

/** Calls that write a device pointer through their first argument, which names the allocation. */
const ALLOCATORS = ['cudaMalloc', 'cudaMallocManaged', 'cudaMallocPitch', 'cudaMallocAsync'];

interface ApiRow {
  readonly seq: number;
  readonly step: number;
  readonly name: string;
  readonly args: string;
  readonly result: string | null;
}

/** A bigint written as JSON text ("64n") or a plain number, as a number. */
function num(v: unknown): number {
  return typeof v === 'number' ? v : typeof v === 'string' ? Number(v.replace(/n$/, '')) : NaN;
}

/** Global and constant memory regions at the session's current step (none when it is not being run). */
export function memoryOf(s: DebugSession): MemoryRegionView[] {
  if (s.pos === null || !s.trace || !s.view) return [];
  const pos = s.pos;
  const ctx = s.context(pos, { kind: 'host' }, 0);
  const out: MemoryRegionView[] = [];
  for (const a of allocations(s, pos)) out.push(region(ctx, a.name, 'cudaMalloc', a.address, a.elem, a.bytes));
  for (const g of s.view.info.statics) {
    if (g.storage !== 'device' && g.storage !== 'constant' && g.storage !== 'managed') continue;
    const t = s.view.typeOf(g);
    const elem = t.kind === 'array' ? t.of : t;
    out.push(region(ctx, g.name, 'symbol', g.address, elem, sizeOf(t)));
  }
  return out.slice(0, MAX_REGIONS);
}

/** An allocation: where, how large, and the variable it was stored in. */
interface Allocation {
  readonly name: string;
  readonly address: number;
  readonly bytes: number;
  readonly elem: CType;
}

/** What an allocating call says of its allocation: the pointer it wrote, and the variable it wrote it into. */
interface Named {
  readonly name: string;
  readonly address: number;
  readonly elem: CType;
}

/**
 * Each trace's allocating calls by api_calls seq: naming one reads the state just after its call,
 * and rebuilding a past state at every stop would make every step as slow as a jump back in time.
 */
const known = new WeakMap<object, Map<number, Named | null>>();

/** The successful allocating calls made before `pos`, and cudaFree calls, in order. */
function calls(s: DebugSession, pos: number, frees: readonly string[]): ApiRow[] {
  const names = [...ALLOCATORS, ...frees].map((n) => `'${n}'`).join(', ');
  return s.trace!.db.prepare(`SELECT seq, step, name, args, result FROM api_calls WHERE step < ? AND name IN (${names}) ORDER BY seq`).all(pos) as ApiRow[];
}

/** The allocation a call made, named (cached per trace); null when its pointer cannot be read. */
function namedBy(s: DebugSession, r: ApiRow): Named | null {
  let cache = known.get(s.trace!);
  if (!cache) known.set(s.trace!, (cache = new Map()));
  let a = cache.get(r.seq);
  if (a === undefined) cache.set(r.seq, (a = allocationOf(s, r, JSON.parse(r.args) as unknown[])));
  return a;
}

/** The device allocations made before `pos` and not freed by then, with the variable that holds each. */
function allocations(s: DebugSession, pos: number): Allocation[] {
  const table = s.trace!.allocations();
  if (table === null) return fromCalls(s, pos);
  // A call and the allocation it made share the statement: the pair names the allocation.
  const byStep = new Map<string, Named>();
  for (const r of calls(s, pos, [])) {
    const a = r.result === '0' ? namedBy(s, r) : null;
    if (a) byStep.set(`${r.step}:${a.address}`, a);
  }
  const live: Allocation[] = [];
  for (const r of table) {
    // Step -1: the __device__ and __managed__ variables placed before main, which the panel shows as symbols.
    if (r.space !== 'global' || r.step < 0 || r.step >= pos || (r.freedStep !== null && r.freedStep < pos)) continue;
    const a = byStep.get(`${r.step}:${r.address}`);
    live.push({ name: a?.name ?? `(allocation at step ${r.step})`, address: r.address, bytes: r.size, elem: a?.elem ?? ucharType });
  }
  return live;
}

/** allocations() of a trace made before the allocations table: cudaMalloc'd memory lives from its call to its cudaFree. */
function fromCalls(s: DebugSession, pos: number): Allocation[] {
  const live = new Map<number, Allocation>();
  for (const r of calls(s, pos, ['cudaFree', 'cudaFreeAsync'])) {
    const args = JSON.parse(r.args) as unknown[];
    if (r.name === 'cudaFree' || r.name === 'cudaFreeAsync') {
      live.delete(num(args[0]));
      continue;
    }
    const bytes = num(args[1]);
    // cudaMallocPitch's second argument is where it writes the pitch: its size is not in its arguments.
    if (r.result !== '0' || r.name === 'cudaMallocPitch' || !Number.isFinite(bytes)) continue;
    const a = namedBy(s, r);
    if (a) live.set(a.address, { ...a, bytes });
  }
  return [...live.values()];
}

/** What an allocating call made (null when its pointer cannot be read). */
function allocationOf(s: DebugSession, r: ApiRow, args: readonly unknown[]): Named | null {
  const slot = num(args[0]);
  // The pointer the call wrote: read just after the call, before the program can reuse the variable.
  const after = s.context(r.step + 1, { kind: 'host' }, 0);
  const p = after.read({ kind: 'memory', space: 'host', address: slot }, 8);
  if (typeof p === 'string') return null;
  const address = Number(new DataView(p.buffer, p.byteOffset, 8).getBigUint64(0, true));
  const named = hostVariableAt(s, r.step + 1, slot);
  const elem = named && named.type.kind === 'pointer' && named.type.to.kind !== 'void' && sizeOf(named.type.to) > 0 ? named.type.to : ucharType;
  return { name: named?.name ?? `(${r.name} at step ${r.step})`, address, elem };
}

/** The host variable stored at `address` before step `step` (a local of a function on the host's stack, or a host global). */
function hostVariableAt(s: DebugSession, step: number, address: number): { name: string; type: CType } | null {
  const view = s.view!;
  const frames = s.stateAt(step).hostWarp?.frames ?? [];
  for (let i = frames.length - 1; i >= 0; i--) {
    const fr = frames[i]!;
    const fn = view.fn(fr.fn);
    const v = fn?.vars.find((x) => !x.reg && x.offset !== null && fr.fp + x.offset === address);
    if (v) return { name: v.name, type: view.typeOf(v) };
  }
  const g = view.info.statics.find((x) => x.storage === 'host' && x.address === address);
  return g ? { name: g.name, type: view.typeOf(g) } : null;
}

/** A region's first elements, formatted as print shows them. */
function region(ctx: StateContext, name: string, origin: MemoryRegionView['origin'], address: number, elem: CType, bytes: number): MemoryRegionView {
  const size = Math.max(1, sizeOf(elem));
  const count = Math.floor(bytes / size);
  const values: string[] = [];
  for (let i = 0; i < Math.min(count, MAX_ELEMENTS); i++) {
    const place = { kind: 'memory', space: 'generic', address: address + i * size } as const;
    const r = ctx.read(place, size);
    // Memory nothing maps (a freed allocation) shows as gdb's x would not show it: unreadable, never zeros.
    values.push(typeof r === 'string' ? '??' : formatValue({ type: elem, bytes: r, place, space: 'generic' }, null, ctx));
  }
  return { name, origin, space: spaceOfAddress(address) === 'constant' ? 'constant' : 'global', type: typeName(elem), address, bytes, count, values };
}
