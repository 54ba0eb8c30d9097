import { CONST_BANK_BYTES, CONST_BASE, HEAP_BASE, HEAP_RANGE, LOCAL_BASE, MAX_LOCAL_STRIDE, PARAM_BYTES, STACK_BASE } from '../engine/memory/layout.js';
import type { AllocationRow } from '../trace/allocations.js';

/*
 * Which memory the debugger may read, as on a GPU: global memory where a live allocation maps
 * it (device memory is mapped in 2 MiB chunks, so the bytes past an allocation's end inside its
 * chunk read), the host heap up to the end the allocator has grown it to, shared memory inside the
 * block's window, local memory inside a thread's stack, constant memory inside the bank and the
 * parameter area. Elsewhere gdb says `Cannot access memory at address A`, A the first byte it
 * could not read.
 */

/** A half-open address range [start, end). */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** The first address of [a, a + n) that no span covers; null when the spans cover all of it. */
export function firstOutside(spans: readonly Span[], a: number, n: number): number | null {
  if (n <= 0) return null;
  const end = a + n;
  let at = a;
  // Spans may overlap and come in any order: hop from span to span until none holds `at`.
  for (let moved = true; moved && at < end; ) {
    moved = false;
    for (const s of spans) if (s.start <= at && at < s.end) (at = s.end), (moved = true);
  }
  return at < end ? at : null;
}

/** Whether an allocation made by statement `r.step` and not yet freed lives in the state before step `step`. */
function liveAt(r: AllocationRow, step: number): boolean {
  return r.step < step && (r.freedStep === null || r.freedStep >= step);
}

/** What global memory live allocations map before step `step`. */
export function globalSpans(rows: readonly AllocationRow[], step: number): Span[] {
  return rows.filter((r) => r.space === 'global' && liveAt(r, step)).map((r) => ({ start: r.mappedStart, end: r.mappedEnd }));
}

/** The host heap mapped before step `step`: from its start to the furthest end any allocation grew it to (a free unmaps nothing, as with glibc's heap). */
export function heapSpan(rows: readonly AllocationRow[], step: number): Span {
  let end = HEAP_BASE;
  for (const r of rows) if (r.space === 'host' && r.step < step) end = Math.max(end, r.mappedEnd);
  return { start: HEAP_BASE, end };
}

/** Whether a host address lies in the heap's address range (the heap lies below the host stack). */
export function inHeap(a: number): boolean {
  return a >= HEAP_BASE && a < STACK_BASE && a < HEAP_BASE + HEAP_RANGE;
}

/** A thread's local memory: its stack, as deep as a thread's stack may grow. */
export const LOCAL_SPAN: Span = { start: LOCAL_BASE, end: LOCAL_BASE + MAX_LOCAL_STRIDE };

/** The constant bank and the kernel parameter area after it. */
export const CONSTANT_SPAN: Span = { start: CONST_BASE, end: CONST_BASE + CONST_BANK_BYTES + PARAM_BYTES };
