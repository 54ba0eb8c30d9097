import type { CType } from '../check/types.js';
import { SimulatorError, type Scalar } from '../exec/env.js';
import { RangeAllocator } from './allocator.js';
import { GlobalMap } from './global-map.js';
import { MemoryFault, type MemSpace } from './fault.js';
import {
  CHUNK_BYTES, CODE_SIZE, CONST_BANK_BYTES, CONST_BASE, GLOBAL_BASE, GLOBAL_BUDGET, GLOBAL_RANGE, HDATA_BASE, HEAP_BASE, HEAP_RANGE,
  LOCAL_BASE, PARAM_BYTES, RODATA_BASE, SHARED_BASE, SHARED_MAX, STACK_BASE, typeCode,
} from './layout.js';
import { Region, readAt, writeAt } from './region.js';
import { DeviceMemoryLimit } from './device-limit.js';
import type { AllocationInfo, MappingEvent, MemoryView } from './memory-view.js';

/** Who is accessing: device code (alignment enforced, host memory illegal), host code (device memory illegal except managed), or the runtime API (anything mapped). */
type Who = 0 | 1 | 2;
const DEV: Who = 0, HOST: Who = 1, API: Who = 2;


/** Where static storage may be placed. */
export type StaticPlace = 'rodata' | 'hdata' | 'global' | 'managed' | 'constant';

/**
 * The whole simulated address space. Fields used by compiled code's fast paths are public:
 * global (region), gLimit (bytes backed), gChunk (mapped 2 MiB chunks), shared/sSize (the
 * executing block's shared memory), local/lStride (the executing warp's per-lane stacks).
 */
export class Memory implements MemoryView {
  readonly rodata = new Region(RODATA_BASE, 4096);
  readonly hdata = new Region(HDATA_BASE, 4096);
  readonly heap = new Region(HEAP_BASE, 4096);
  readonly stack = new Region(STACK_BASE, 65536);
  readonly global = new Region(GLOBAL_BASE, 8);
  readonly constant = new Region(CONST_BASE, CONST_BANK_BYTES + PARAM_BYTES);
  shared = new Region(SHARED_BASE, 8);
  sSize = 0;
  local = new Region(LOCAL_BASE, 8);
  lStride = 0;
  /** Backed bytes of global memory: the fast path's bound (kept below 2^32 so offsets fit `>>>`). */
  gLimit = 0;
  private readonly gMap: GlobalMap;
  /** Per 2 MiB chunk of the global range: how many live allocations map it. */
  readonly gChunk: Int32Array;
  private readonly hAlloc = new RangeAllocator(HEAP_BASE, HEAP_RANGE);
  private rodataTop = RODATA_BASE;
  private hdataTop = HDATA_BASE;
  private constTop = CONST_BASE;

  /** `budget`: bytes of device memory cudaMalloc may map (the simulated GPU's memory less its CUDA context's). */
  constructor(budget = GLOBAL_BUDGET) {
    this.gMap = new GlobalMap(budget);
    this.gChunk = this.gMap.chunks;
  }

  /** cudaMalloc: 256-byte aligned (2 MiB for large blocks) device memory, or null when the 80 GB budget is exhausted. */
  allocGlobal(size: number, managed = false): number | null {
    const m = this.gMap.map(size, managed);
    if (m) this.onMapping?.({ kind: 'alloc', space: 'global', address: m.base, size, mappedStart: m.mappedStart, mappedEnd: m.mappedEnd });
    return m ? m.base : null;
  }

  /**
   * cudaFree: false when `addr` is not the start of a live allocation. `pooled` (cudaFreeAsync):
   * the memory pool keeps the pages mapped until the next synchronization (releasePool), so a
   * late access reads and writes them without a fault, as on the GPU.
   */
  freeGlobal(addr: number, pooled = false): boolean {
    if (!this.gMap.unmap(addr, pooled)) return false;
    if (!pooled) this.onMapping?.({ kind: 'free', space: 'global', address: addr });
    return true;
  }

  /** A synchronizing call: the pool gives back the pages of what was freed into it (the default release threshold, 0). */
  releasePool(): void {
    for (const base of this.gMap.releasePool()) this.onMapping?.({ kind: 'free', space: 'global', address: base });
  }

  /** Hears allocations and frees with the ranges they map (a trace recorder: what a debugger may read). */
  onMapping: ((e: MappingEvent) => void) | null = null;

  /** Bytes of device memory mapped by live allocations (for cudaMemGetInfo). */
  get globalMappedBytes(): number {
    return this.gMap.mappedTotal;
  }

  /** Bytes of device memory cudaMalloc may still map. */
  get globalFreeBytes(): number {
    return this.gMap.freeBytes;
  }

  /**
   * malloc: a host allocation, or null when the heap's address range or this process's memory
   * cannot hold it (malloc then returns NULL); `pinned` memory is also mapped for the device, as
   * CUDA maps every page-locked allocation under UVA.
   */
  tryAllocHost(size: number, align = 16, pinned = false): number | null {
    if (!(size >= 0) || !Number.isFinite(size)) return null;
    const b = this.hAlloc.place(size, Math.max(align, 16), pinned);
    if (!b) return null;
    try {
      this.heap.ensure(b.base + Math.max(size, 1) - HEAP_BASE);
    } catch (e) {
      // An ArrayBuffer that cannot be allocated: the memory is not there to give.
      if (!(e instanceof RangeError)) throw e;
      this.hAlloc.remove(b.base);
      return null;
    }
    // The heap is mapped from its start to its capacity, as glibc's brk heap is: freed bytes stay readable.
    this.onMapping?.({ kind: 'alloc', space: 'host', address: b.base, size, mappedStart: HEAP_BASE, mappedEnd: HEAP_BASE + this.heap.capacity });
    return b.base;
  }

  /** A host allocation the runtime itself needs (argv, launch parameters): one that fails stops the run. */
  allocHost(size: number, align = 16, pinned = false): number {
    const p = this.tryAllocHost(size, align, pinned);
    if (p === null) throw new SimulatorError(`Warpscope cannot allocate ${size} bytes of host memory`);
    return p;
  }

  /** free-like: false when `addr` is not the start of a live host allocation. */
  freeHost(addr: number): boolean {
    if (this.hAlloc.remove(addr) === null) return false;
    this.onMapping?.({ kind: 'free', space: 'host', address: addr });
    return true;
  }

  /** The allocation holding `addr` (device or host heap), for diagnostics. */
  allocation(addr: number): AllocationInfo | null {
    const g = this.gMap.find(addr);
    if (g) return { base: g.base, size: g.size, space: g.managed ? 'managed' : 'global' };
    const h = this.hAlloc.find(addr);
    if (h) return { base: h.base, size: h.size, space: h.managed ? 'pinned' : 'host' };
    return null;
  }

  /** The live device allocation whose bytes lie closest to `addr` (ties: the one after it). */
  nearestAllocation(addr: number): AllocationInfo | null {
    return this.gMap.nearest(addr);
  }

  /** Reserves static storage (globals, literals, __device__/__constant__ variables); returns its address. */
  placeStatic(size: number, align: number, where: StaticPlace): number {
    const a = Math.max(align, 1);
    const n = Math.max(size, 1);
    if (where === 'rodata') {
      const at = Math.ceil(this.rodataTop / a) * a;
      this.rodataTop = at + n;
      this.rodata.ensure(this.rodataTop - RODATA_BASE);
      return at;
    }
    if (where === 'hdata') {
      const at = Math.ceil(this.hdataTop / a) * a;
      this.hdataTop = at + n;
      this.hdata.ensure(this.hdataTop - HDATA_BASE);
      return at;
    }
    if (where === 'constant') {
      const at = Math.ceil(this.constTop / a) * a;
      if (at + n > CONST_BASE + CONST_BANK_BYTES) throw new SimulatorError('__constant__ variables exceed 64 KiB');
      this.constTop = at + n;
      return at;
    }
    const at = this.allocGlobal(n, where === 'managed');
    if (at === null) throw new SimulatorError('no device memory for __device__ variables');
    return at;
  }

  /** True when `addr` lies in a device range (global, constant, parameter, shared or local windows). */
  isDevice(addr: number): boolean {
    return (addr >= GLOBAL_BASE && addr < GLOBAL_BASE + GLOBAL_RANGE) || (addr >= CONST_BASE && addr < CONST_BASE + CONST_BANK_BYTES + PARAM_BYTES) ||
      (addr >= SHARED_BASE && addr < SHARED_BASE + SHARED_MAX) || (addr >= LOCAL_BASE && addr < SHARED_BASE);
  }

  /** True when `addr` lies in a host range (literals, globals, heap, stack). */
  isHost(addr: number): boolean {
    return (addr >= RODATA_BASE && addr < HEAP_BASE + HEAP_RANGE) || (addr >= STACK_BASE && addr < STACK_BASE + 2 ** 36);
  }

  /** Installs the executing block's shared memory (`size` bytes valid). */
  setShared(r: Region, size: number): void {
    this.shared = r;
    this.sSize = size;
  }

  /** Installs the executing warp's local memory: 32 lanes of `stride` bytes each. */
  setLocal(r: Region, stride: number): void {
    this.local = r;
    this.lStride = stride;
  }

  /** Runtime API read of a scalar (any mapped memory, any alignment). */
  load(addr: number, type: CType): Scalar {
    const code = typeCode(type);
    const o = this.resolve(addr, CODE_SIZE[code]!, 0, API);
    return readAt(this.rr, o, code);
  }

  /**
   * Hears every write that bypasses compiled code's observed stores: runtime API writes (cudaMemcpy,
   * memset, static initialisation, libc) and struct copies, with the bytes before and after (a trace recorder).
   */
  onWrite: ((addr: number, before: Uint8Array, after: Uint8Array, lane: number) => void) | null = null;

  /** Runtime API write of a scalar. */
  store(addr: number, type: CType, value: Scalar): void {
    const code = typeCode(type);
    const n = CODE_SIZE[code]!;
    const o = this.resolve(addr, n, 0, API, n, true);
    const before = this.onWrite ? this.rr.u8.slice(o, o + n) : null;
    writeAt(this.rr, o, code, value);
    if (before) this.onWrite!(addr, before, this.rr.u8.slice(o, o + n), 0);
  }

  /** Device code's checked access (the slow path behind compiled fast paths). */
  devLoad(addr: number, code: number, lane: number): Scalar {
    const o = this.resolve(addr, CODE_SIZE[code]!, lane, DEV);
    return readAt(this.rr, o, code);
  }

  /** Device code's checked store. */
  devStore(addr: number, code: number, value: Scalar, lane: number): void {
    const o = this.resolve(addr, CODE_SIZE[code]!, lane, DEV, CODE_SIZE[code]!, true);
    writeAt(this.rr, o, code, value);
  }

  /** Host code's access: device memory (except managed) is a segmentation fault. */
  hostLoad(addr: number, code: number): Scalar {
    const o = this.resolve(addr, CODE_SIZE[code]!, 0, HOST);
    return readAt(this.rr, o, code);
  }

  /** Host code's store. */
  hostStore(addr: number, code: number, value: Scalar): void {
    const o = this.resolve(addr, CODE_SIZE[code]!, 0, HOST, CODE_SIZE[code]!, true);
    writeAt(this.rr, o, code, value);
  }

  /**
   * Where host code's access of kind `code` at `addr` lands (an offset in `rr`), or -1 where it
   * faults: an observed store reads the value it overwrites and writes with one lookup.
   */
  hostAt(addr: number, code: number): number {
    try {
      return this.resolve(addr, CODE_SIZE[code]!, 0, HOST, CODE_SIZE[code]!, true);
    } catch {
      return -1;
    }
  }

  /** The value of kind `code` at offset `o` of region `r` (one hostAt found, kept in `rr`). */
  readIn(r: Region, o: number, code: number): Scalar {
    return readAt(r, o, code);
  }

  /** Writes at offset `o` of region `r` (one a lookup found: an observer may make others in between). */
  writeIn(r: Region, o: number, code: number, value: Scalar): void {
    writeAt(r, o, code, value);
  }

  /** Copies `n` bytes out (runtime API; every byte must be mapped). */
  readBytes(addr: number, n: number): Uint8Array {
    if (n <= 0) return new Uint8Array(0);
    const o = this.resolve(addr, n, 0, API, 1);
    return this.rr.u8.slice(o, o + n);
  }

  /** Copies bytes in (runtime API). */
  writeBytes(addr: number, bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    const o = this.resolve(addr, bytes.length, 0, API, 1, true);
    const before = this.onWrite ? this.rr.u8.slice(o, o + bytes.length) : null;
    this.rr.u8.set(bytes, o);
    if (before) this.onWrite!(addr, before, bytes.slice(), 0);
  }

  /** memset. */
  fill(addr: number, byte: number, n: number): void {
    if (n <= 0) return;
    const o = this.resolve(addr, n, 0, API, 1, true);
    const before = this.onWrite ? this.rr.u8.slice(o, o + n) : null;
    this.rr.u8.fill(byte & 255, o, o + n);
    if (before) this.onWrite!(addr, before, this.rr.u8.slice(o, o + n), 0);
  }

  /** memmove semantics between any two mapped ranges. */
  copy(dst: number, src: number, n: number): void {
    if (n <= 0) return;
    this.writeBytes(dst, this.readBytes(src, n));
  }

  /** Per-lane byte copy for device/host code (struct assignment): `who` 0 device, 1 host. */
  copyLane(dst: number, src: number, n: number, lane: number, who: 0 | 1): void {
    if (n <= 0) return;
    const so = this.resolve(src, n, lane, who, 1);
    const bytes = this.rr.u8.slice(so, so + n);
    const d = this.resolve(dst, n, lane, who, 1, true);
    const before = this.onWrite ? this.rr.u8.slice(d, d + n) : null;
    this.rr.u8.set(bytes, d);
    if (before) this.onWrite!(dst, before, bytes, lane);
  }

  /** Reads a NUL-terminated byte string (runtime API; char codes 0..255). */
  readCString(addr: number): string {
    let s = '';
    for (let a = addr; ; a++) {
      const o = this.resolve(a, 1, 0, API);
      const c = this.rr.u8[o]!;
      if (c === 0) return s;
      s += String.fromCharCode(c);
    }
  }

  /** The region found by the last resolve (avoids allocating a pair per access). */
  rr: Region = this.hdata;

  /**
   * Maps [addr, addr+size) to an offset in one region (left in `rr`), or throws MemoryFault.
   * `align` overrides the natural alignment check for device accesses (1 for byte ranges);
   * `write` says which way a fault went.
   */
  resolve(addr: number, size: number, lane: number, who: Who, align = size, write = false): number {
    if (who === DEV && align > 1 && addr % align !== 0) throw this.fault('misaligned', addr, size, this.spaceOf(addr), lane, write);
    let o = addr - GLOBAL_BASE;
    if (o >= 0 && o < GLOBAL_RANGE) {
      if (!this.gMap.mapped(o, size)) throw this.fault('illegal-address', addr, size, 'global', lane, write);
      if (who === HOST && !this.gMap.find(addr)?.managed) throw this.fault('illegal-address', addr, size, 'global', lane, write);
      if (o + size > this.global.capacity) this.backGlobal(o + size, who);
      this.rr = this.global;
      return o;
    }
    if (who !== HOST) {
      o = addr - CONST_BASE;
      if (o >= 0 && o + size <= CONST_BANK_BYTES + PARAM_BYTES) {
        this.rr = this.constant;
        return o;
      }
      o = addr - SHARED_BASE;
      if (o >= 0 && o < SHARED_MAX) {
        if (o + size > this.sSize) throw this.fault('illegal-address', addr, size, 'shared', lane, write);
        this.rr = this.shared;
        return o;
      }
      o = addr - LOCAL_BASE;
      if (o >= 0 && o < SHARED_BASE - LOCAL_BASE) {
        if (o + size > this.lStride) throw this.fault('illegal-address', addr, size, 'local', lane, write);
        this.rr = this.local;
        return o + Math.max(lane, 0) * this.lStride;
      }
    }
    o = addr - RODATA_BASE;
    if (o >= 0 && o + size <= this.rodata.capacity) {
      this.rr = this.rodata;
      return o;
    }
    if (who === DEV) {
      // Device code may reach pinned host allocations (mapped through the bus); pageable memory faults.
      const b = this.hAlloc.find(addr);
      if (b && b.managed && addr + size <= b.base + Math.max(b.size, 1)) {
        this.rr = this.heap;
        return addr - HEAP_BASE;
      }
    } else {
      for (const r of [this.hdata, this.heap, this.stack]) {
        o = addr - r.base;
        if (o >= 0 && o + size <= r.capacity) {
          this.rr = r;
          return o;
        }
      }
    }
    throw this.fault('illegal-address', addr, size, this.spaceOf(addr), lane, write);
  }

  /** Backs global memory up to offset `end`; past 4 GiB (typed arrays and the fast paths' `>>> 0` offsets) the run stops, naming who went there. */
  private backGlobal(end: number, who: Who): void {
    const want = Math.ceil(end / CHUNK_BYTES) * CHUNK_BYTES;
    if (want >= 2 ** 32) throw new DeviceMemoryLimit(end, who === DEV ? 'this device access' : who === HOST ? 'this host access' : 'this runtime call', who === API);
    this.global.ensure(want);
    this.gLimit = Math.min(this.global.capacity, 2 ** 32 - 8);
  }

  private spaceOf(addr: number): MemSpace {
    if (addr >= GLOBAL_BASE && addr < GLOBAL_BASE + GLOBAL_RANGE) return 'global';
    if (addr >= CONST_BASE && addr < CONST_BASE + CONST_BANK_BYTES) return 'constant';
    if (addr >= CONST_BASE && addr < CONST_BASE + CONST_BANK_BYTES + PARAM_BYTES) return 'param';
    if (addr >= SHARED_BASE && addr < SHARED_BASE + SHARED_MAX) return 'shared';
    if (addr >= LOCAL_BASE && addr < SHARED_BASE) return 'local';
    if (this.isHost(addr)) return 'host';
    return 'none';
  }

  private fault(kind: 'illegal-address' | 'misaligned', addr: number, size: number, space: MemSpace, lane: number, write: boolean): MemoryFault {
    const f = new MemoryFault(kind, addr, size, space);
    f.lane = lane;
    f.write = write;
    return f;
  }
}
