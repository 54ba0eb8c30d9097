import { describe, expect, it } from 'vitest';
import { CONSTANT_SPAN, LOCAL_SPAN, firstOutside, globalSpans, heapSpan, inHeap } from '../../src/debug/readable.js';
import type { AllocationRow } from '../../src/trace/allocations.js';
import { CHUNK_BYTES, CONST_BANK_BYTES, CONST_BASE, GLOBAL_BASE, HEAP_BASE, PARAM_BYTES, STACK_BASE } from '../../src/engine/memory/layout.js';
import { Memory } from '../../src/engine/memory/memory.js';
import type { MappingEvent } from '../../src/engine/memory/memory-view.js';

/** A global allocation made by statement `step` and freed by `freed`, mapping its 2 MiB chunks. */
function dev(step: number, address: number, size: number, freed: number | null = null): AllocationRow {
  const start = GLOBAL_BASE + Math.floor((address - GLOBAL_BASE) / CHUNK_BYTES) * CHUNK_BYTES;
  const end = GLOBAL_BASE + Math.ceil((address + size - GLOBAL_BASE) / CHUNK_BYTES) * CHUNK_BYTES;
  return { step, space: 'global', address, size, mappedStart: start, mappedEnd: end, freedStep: freed };
}

describe('what the debugger may read', () => {
  it('finds the first address no span covers, across overlapping spans in any order', () => {
    const spans = [{ start: 20, end: 30 }, { start: 10, end: 22 }];
    expect(firstOutside(spans, 10, 20)).toBeNull();
    expect(firstOutside(spans, 12, 20)).toBe(30);
    expect(firstOutside(spans, 6, 8)).toBe(6);
    expect(firstOutside([], 6, 0)).toBeNull();
  });

  it('maps global memory from an allocation to its free, whole chunks at a time', () => {
    const rows = [dev(3, GLOBAL_BASE, 128, 9)];
    // Before the statement after cudaMalloc the memory is not there; up to the one after cudaFree it is.
    expect(firstOutside(globalSpans(rows, 3), GLOBAL_BASE, 4)).toBe(GLOBAL_BASE);
    expect(firstOutside(globalSpans(rows, 4), GLOBAL_BASE + 4000, 4)).toBeNull();
    expect(firstOutside(globalSpans(rows, 4), GLOBAL_BASE - 4, 4)).toBe(GLOBAL_BASE - 4);
    expect(firstOutside(globalSpans(rows, 4), GLOBAL_BASE + CHUNK_BYTES - 4, 8)).toBe(GLOBAL_BASE + CHUNK_BYTES);
    expect(firstOutside(globalSpans(rows, 9), GLOBAL_BASE, 4)).toBeNull();
    expect(firstOutside(globalSpans(rows, 10), GLOBAL_BASE, 4)).toBe(GLOBAL_BASE);
  });

  it('keeps a freed allocation readable while another one maps its chunk', () => {
    const rows = [dev(1, GLOBAL_BASE, 256, 5), dev(2, GLOBAL_BASE + 256, 256)];
    expect(firstOutside(globalSpans(rows, 8), GLOBAL_BASE, 4)).toBeNull();
  });

  it('keeps the host heap mapped up to the furthest end it grew to, frees or not', () => {
    const rows: AllocationRow[] = [{ step: 2, space: 'host', address: HEAP_BASE, size: 16, mappedStart: HEAP_BASE, mappedEnd: HEAP_BASE + 4096, freedStep: 4 }];
    expect(firstOutside([heapSpan(rows, 2)], HEAP_BASE, 4)).toBe(HEAP_BASE);
    expect(firstOutside([heapSpan(rows, 9)], HEAP_BASE + 100, 4)).toBeNull();
    expect(firstOutside([heapSpan(rows, 9)], HEAP_BASE + 4094, 4)).toBe(HEAP_BASE + 4096);
    expect(inHeap(HEAP_BASE)).toBe(true);
    expect(inHeap(STACK_BASE)).toBe(false);
  });

  it('bounds constant and local memory by the bank and the deepest stack', () => {
    expect(firstOutside([CONSTANT_SPAN], CONST_BASE + CONST_BANK_BYTES + PARAM_BYTES - 2, 4)).toBe(CONST_BASE + CONST_BANK_BYTES + PARAM_BYTES);
    expect(firstOutside([LOCAL_SPAN], LOCAL_SPAN.end, 4)).toBe(LOCAL_SPAN.end);
  });
});

describe('the engine reports what it maps', () => {
  it('tells of cudaMalloc with its chunks, of cudaFree, and of a pooled free only when the pool lets go', () => {
    const m = new Memory();
    const heard: MappingEvent[] = [];
    m.onMapping = (e) => heard.push(e);
    const a = m.allocGlobal(100)!;
    const b = m.allocGlobal(CHUNK_BYTES + 1)!;
    expect(heard).toEqual([
      { kind: 'alloc', space: 'global', address: a, size: 100, mappedStart: GLOBAL_BASE, mappedEnd: GLOBAL_BASE + CHUNK_BYTES },
      { kind: 'alloc', space: 'global', address: b, size: CHUNK_BYTES + 1, mappedStart: b, mappedEnd: b + 2 * CHUNK_BYTES },
    ]);
    heard.length = 0;
    m.freeGlobal(a);
    m.freeGlobal(b, true);
    expect(heard).toEqual([{ kind: 'free', space: 'global', address: a }]);
    m.releasePool();
    expect(heard).toEqual([{ kind: 'free', space: 'global', address: a }, { kind: 'free', space: 'global', address: b }]);
  });

  it('tells of malloc with the heap mapped so far, and of free', () => {
    const m = new Memory();
    const heard: MappingEvent[] = [];
    m.onMapping = (e) => heard.push(e);
    const p = m.tryAllocHost(10)!;
    m.freeHost(p);
    expect(heard).toEqual([
      { kind: 'alloc', space: 'host', address: p, size: 10, mappedStart: HEAP_BASE, mappedEnd: HEAP_BASE + m.heap.capacity },
      { kind: 'free', space: 'host', address: p },
    ]);
  });
});
