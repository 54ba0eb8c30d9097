import { sizeOf, type CType } from '../engine/check/types.js';
import type { FunctionInfo } from '../engine/debuginfo/symbols.js';
import { LOCAL_BASE, RODATA_BASE, SHARED_BASE, SHARED_MAX, spaceOfAddress } from '../engine/memory/layout.js';
import { SPACE_CODE } from '../trace/schema.js';
import { CONSTANT_SPAN, LOCAL_SPAN, firstOutside, globalSpans, heapSpan, inHeap, type Span } from './readable.js';
import type { AddressSpace, EvalContext, Place, Symbol } from './expr/context.js';
import { formatValue } from './expr/index.js';
import { referentText } from './expr/format.js';
import { referentPlace } from './expr/names.js';
import type { MachineState, RegValue, WarpState } from '../trace/state.js';
import { inScope, innerFirst, type Pos, type Scope } from './scopes.js';
import type { ProgramView } from './program-view.js';
import { entryRegisters, warpAt } from './resident.js';

/*
 * The expression evaluator's view of one thread at one step: its selected frame's variables,
 * the program's statics and the launch's shared variables, memory of every space, and the
 * CUDA built-ins. State is fetched lazily: a condition on threadIdx alone never rebuilds memory.
 */

/** Which thread the debugger looks at. */
export type Focus =
  | { readonly kind: 'host' }
  | { readonly kind: 'device'; readonly launch: number; readonly block: number; readonly warp: number; readonly lane: number };

export { spaceOfAddress };

/**
 * The generic address of an address in a space: cuda-gdb names shared and local memory by
 * offsets in their window, the program's pointers by generic addresses; both are accepted. A
 * shared window starts with `reserve` bytes the system keeps (1 KiB on an H100), so the first
 * __shared__ variable is at 0x400, as cuda-gdb shows it (`&Ads[1]` is `(@shared float *) 0x404`).
 */
export function genericAddress(space: AddressSpace, a: number, reserve: number): number {
  if (space === 'shared' && a < SHARED_MAX + reserve) return SHARED_BASE + a - reserve;
  if (space === 'local' && a < SHARED_BASE - LOCAL_BASE) return LOCAL_BASE + a;
  return a;
}

/** A shared address as cuda-gdb shows it: its offset in the block's window, reserved bytes included. */
export function sharedWindowAddress(generic: number, reserve: number): number {
  return generic >= SHARED_BASE && generic < SHARED_BASE + SHARED_MAX ? generic - SHARED_BASE + reserve : generic;
}

/** Whether a device warp has run and returned from its kernel (all its threads exited). */
export function returned(ws: WarpState): boolean {
  return ws.step >= 0 && ws.frames.length === 0;
}

/** An EvalContext over a MachineState. */
export class StateContext implements EvalContext {
  private cached: MachineState | null = null;

  constructor(
    private readonly view: ProgramView,
    private readonly stateAt: () => MachineState,
    readonly focus: Focus,
    /** The selected frame: 0 is the innermost. */
    private readonly frameIndex: number,
    /** Where the selected frame is (variables declared after it, or whose block has closed, are not in scope). */
    readonly at: Pos,
    /** Register values of the selected frame when the current state holds another activation's (recursion). */
    private readonly savedRegs: ReadonlyMap<number, RegValue> | null = null,
  ) {}

  private get state(): MachineState {
    return (this.cached ??= this.stateAt());
  }

  /** The focused warp's state. */
  warp(): WarpState | null {
    const f = this.focus;
    const s = this.state;
    if (f.kind === 'host') return s.hostWarp;
    return warpAt(this.view.trace, s, f.launch, f.block, f.warp) ?? null;
  }

  /** The selected frame's function and frame pointer. */
  frame(): { fn: FunctionInfo; fp: number } | null {
    const frames = this.warp()?.frames ?? [];
    const fr = frames[frames.length - 1 - this.frameIndex];
    const fn = fr ? this.view.fn(fr.fn) : null;
    return fr && fn ? { fn, fp: fr.fp } : null;
  }

  symbolAt(address: number, linkage = false): string | null {
    // Only the host's: cuda-gdb 13 names a host static after its pointers (`v=0x5555555d5020 <IN>`); device data is not checked.
    if (spaceOfAddress(address) !== 'host') return null;
    for (const g of this.view.info.statics) {
      if (address < g.address || spaceOfAddress(g.address) !== 'host') continue;
      const off = address - g.address;
      // A device variable's host shadow is a file-static object: its ELF symbol is mangled (cuda-gdb 13's x shows `<_ZL7counter>`).
      const name = linkage && g.shadow ? `_ZL${g.name.length}${g.name}` : g.name;
      if (off < Math.max(1, sizeOf(this.view.typeOf(g)))) return off === 0 ? name : `${name}+${off}`;
    }
    return null;
  }

  hasFrame(): boolean {
    return this.frame() !== null;
  }

  lookup(name: string): Symbol | null {
    const fr = this.frame();
    if (fr) {
      const pick = this.visible(fr.fn, name);
      if (pick >= 0) return this.variable(pick);
    }
    if (this.focus.kind === 'device') {
      const v = this.view.sharedOfLaunch(this.focus.launch)?.vars.find((x) => x.name === name);
      if (v) return { type: this.view.typeOf(v), place: { kind: 'memory', space: 'shared', address: v.address } };
    }
    const g = this.view.staticNamed(name, this.focus.kind === 'host');
    if (g) return { type: this.view.typeOf(g), place: { kind: 'memory', space: spaceOfAddress(g.address), address: g.address } };
    return null;
  }

  /** Variable number `j` of the selected frame's function (its type and where it lives). */
  variable(j: number): Symbol | null {
    const fr = this.frame();
    const v = fr?.fn.vars[j];
    if (!fr || !v) return null;
    const type = this.view.typeOf(v);
    // A kernel's parameters live in its parameter space (cuda-gdb's `@parameter`).
    const reg = { kind: 'register', name: `${fr.fn.id}:${j}` } as const;
    const place: Place = v.reg ? (v.param && fr.fn.space === 'global' ? { ...reg, parameter: true } : reg) : { kind: 'memory', space: this.focus.kind === 'host' ? 'host' : 'local', address: fr.fp + (v.offset ?? 0) };
    return v.ref ? { type, place, ref: true } : { type, place };
  }

  /**
   * The index of the variable `name` of `fn` in scope here: in the innermost block open at this
   * position (as gdb's lexical blocks give it, declared yet or not); the latest declaration reached
   * when the source does not say where a block ends.
   */
  visible(fn: FunctionInfo, name: string): number {
    const vars = fn.vars;
    let pick = -1;
    let pickScope: Scope | null = null;
    for (let j = 0; j < vars.length; j++) {
      const v = vars[j]!;
      if (v.name !== name) continue;
      const scope = this.view.scopeOf(fn, v);
      if (scope ? !inScope(scope, scope.open, this.at) : !v.param && v.line > this.at.line) continue;
      if (pick < 0 || !scope || !pickScope || innerFirst(scope, pickScope) <= 0) (pick = j), (pickScope = scope);
    }
    return pick;
  }

  builtin(name: string): { x: number; y: number; z: number } | number | null {
    const f = this.focus;
    if (f.kind === 'host') return null;
    const l = this.view.launch(f.launch);
    if (!l) return null;
    switch (name) {
      case 'threadIdx': return this.view.threadIdx(l, f.warp, f.lane);
      case 'blockIdx': return this.view.blockIdx(l, f.block);
      case 'blockDim': return { x: l.block_x, y: l.block_y, z: l.block_z };
      case 'gridDim': return { x: l.grid_x, y: l.grid_y, z: l.grid_z };
      case 'warpSize': return 32;
      case 'laneid': return f.lane;
      default: return null;
    }
  }

  read(place: Place, size: number): Uint8Array | string {
    if (place.kind === 'register') return this.register(place.name, size);
    const space = place.space === 'generic' ? spaceOfAddress(place.address) : place.space;
    const reserve = this.view.sharedReserve;
    // The window's reserved bytes, which no variable uses: cuda-gdb reads them as zeros.
    if (space === 'shared' && place.address + size <= reserve) return new Uint8Array(size);
    const a = genericAddress(space, place.address, reserve);
    if (space === 'host' && a < RODATA_BASE) return `Cannot access memory at address 0x${a.toString(16)}`;
    const f = this.focus;
    const dev = f.kind === 'device' ? f : { launch: 0, block: 0, warp: 0, lane: 0 };
    if ((space === 'shared' || space === 'local') && f.kind === 'host') return `Cannot access memory at address 0x${a.toString(16)}`;
    // A block whose warps have all returned has no shared memory any more (a thread that returned, no local memory).
    if (space === 'shared' && f.kind === 'device' && this.blockReturned(f.launch, f.block)) return `Cannot access memory at address 0x${a.toString(16)}`;
    const w = space === 'local' && f.kind === 'device' ? this.warp() : null;
    if (space === 'local' && f.kind === 'device' && (!w || returned(w))) return `Cannot access memory at address 0x${a.toString(16)}`;
    const bad = this.firstUnreadable(space, a, size);
    // Named as the command named it: a shared or local window's offset stays an offset.
    if (bad !== null) return `Cannot access memory at address 0x${(place.address + bad - a).toString(16)}`;
    const pages = this.state.pages(SPACE_CODE[space], dev.launch, dev.block, dev.warp, dev.lane);
    if (!pages) return `Cannot access memory at address 0x${a.toString(16)}`;
    return pages.read(a, size);
  }

  /** The first address of [a, a + size) in `space` nothing maps at this step (readable.ts), or null when all of it reads. */
  private firstUnreadable(space: AddressSpace, a: number, size: number): number | null {
    // A trace recorded before its allocations were reads every address, as it did then.
    const rows = this.view.trace.allocations();
    if (!rows) return null;
    switch (space) {
      case 'global':
        return firstOutside(globalSpans(rows, this.state.step), a, size);
      case 'host':
        return inHeap(a) ? firstOutside([heapSpan(rows, this.state.step)], a, size) : null;
      case 'shared':
        return firstOutside([this.sharedSpan()], a, size);
      case 'local':
        return firstOutside([LOCAL_SPAN], a, size);
      case 'constant':
        return firstOutside([CONSTANT_SPAN], a, size);
      default:
        return null;
    }
  }

  /** The focused block's shared memory: the kernel's __shared__ variables and the launch's dynamic shared bytes after them. */
  private sharedSpan(): Span {
    const f = this.focus;
    const l = f.kind === 'device' ? this.view.launch(f.launch) : null;
    const sh = l ? this.view.sharedOfLaunch(l.launch_id) : null;
    // Without the kernel's layout (a trace without debug information) the whole window reads, as before.
    if (!l || !sh) return { start: SHARED_BASE, end: SHARED_BASE + SHARED_MAX };
    return { start: SHARED_BASE, end: sh.dynamic + l.shared_bytes };
  }

  private blockReturned(launch: number, block: number): boolean {
    const L = this.state.launch;
    if (!L || L.id !== launch) return true;
    let any = false;
    for (const [k, w] of L.warps) {
      if (Math.floor(k / 64) !== block) continue;
      if (!returned(w)) return false;
      any = true;
    }
    return any;
  }

  private register(name: string, size: number): Uint8Array | string {
    const [fnText, idxText] = name.split(':');
    const fn = this.view.fn(Number(fnText));
    const v = fn?.vars[Number(idxText)];
    if (!fn || !v) return `No register ${name}`;
    const f = this.focus;
    const key = (fn.id << 16) | Number(idxText);
    // A thread that has not run holds what every thread holds at the kernel's entry: its parameters.
    const regs = this.savedRegs ?? (f.kind === 'device' ? entryRegisters(this.view.trace, this.state, f.launch, f.block, f.warp) : null);
    const value = regs ? regs.get(key) : f.kind === 'host' ? this.state.register(0, 0, 0, 0, key) : this.state.register(f.launch, f.block, f.warp, f.lane, key);
    return registerBytes(this.view.typeOf(v), value ?? 0, size);
  }

  pointerValue(space: AddressSpace, address: number): number {
    return space === 'shared' ? sharedWindowAddress(address, this.view.sharedReserve) : address;
  }

  qualifiesTypes(): boolean {
    // Host code's pointers are plain C pointers to cuda-gdb, a device address too: `(float *) 0x7ffdd3e00000`.
    return this.focus.kind === 'device';
  }

  private enumerators: Map<string, { readonly type: CType; readonly value: bigint }> | null = null;

  enumerator(name: string): { readonly type: CType; readonly value: bigint } | null {
    if (this.enumerators === null) {
      this.enumerators = new Map();
      for (const [typeName, json] of Object.entries(this.view.info.types ?? {})) {
        const type = this.view.types.read(json);
        if (type.kind !== 'int' || !type.enumerators) continue;
        // A scoped enum's enumerators are stored qualified; an unscoped one's answer both ways.
        for (const e of type.enumerators) for (const n of e.name.includes('::') ? [e.name] : [e.name, `${typeName}::${e.name}`]) this.enumerators.set(n, { type, value: e.value });
      }
    }
    return this.enumerators.get(name) ?? null;
  }

  struct(name: string): CType | null {
    const s = Object.entries(this.view.info.structs).find(([, v]) => v.name === name);
    if (s) return { kind: 'struct', info: this.view.types.struct(s[0]) };
    // An enum or typedef of the program (`(Color)2`, `sizeof(Small)`).
    const t = this.view.info.types?.[name];
    return t ? this.view.types.read(t) : null;
  }
}

/** A variable's value as `info locals` and frame lines show it; a reference as `@0x7ffe0010: 5`, as gdb shows one. */
export function showSymbol(ctx: StateContext, sym: Symbol): string {
  // Without print's `(type) ` before a pointer: gdb's info locals prints the value alone.
  if (!sym.ref || sym.type.kind !== 'pointer') return showPlace(ctx, sym.place, sym.type, false);
  const place = referentPlace(sym, ctx);
  if (typeof place === 'string') return `<${place}>`;
  const r = ctx.read(place, sizeOf(sym.type.to));
  // gdb names the referent's address, then why it cannot be read: `@0x7f4c3a000000: <error: Cannot access memory at ...>`.
  if (typeof r === 'string') return place.kind === 'memory' ? `@0x${place.address.toString(16)}: <error: ${r}>` : `<${r}>`;
  return referentText({ type: sym.type.to, bytes: r, place, space: 'generic' }, null, ctx);
}

/** The value of an object of type `type` at `place`, as print shows it (`top` false: without a pointer's `(type) `), in context `ctx`. */
export function showPlace(ctx: StateContext, place: Place, type: CType, top = true): string {
  const r = ctx.read(place, sizeOf(type));
  if (typeof r === 'string') return `<${r}>`;
  return formatValue({ type, bytes: r, place, space: 'generic' }, null, ctx, top);
}

/** A register's value as the little-endian bytes of its C type. */
export function registerBytes(t: CType, value: number | bigint, size = sizeOf(t)): Uint8Array {
  const out = new Uint8Array(Math.max(size, 8));
  const dv = new DataView(out.buffer);
  if (t.kind === 'float') {
    if (t.bits === 32) dv.setFloat32(0, Number(value), true);
    else dv.setFloat64(0, Number(value), true);
  } else if (typeof value === 'bigint') dv.setBigInt64(0, BigInt.asIntN(64, value), true);
  else if (sizeOf(t) === 8) dv.setBigInt64(0, BigInt(Math.trunc(value)), true);
  else dv.setInt32(0, value | 0, true);
  return out.subarray(0, size);
}
