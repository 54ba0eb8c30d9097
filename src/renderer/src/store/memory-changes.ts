import type { MemoryRegionView } from '../../../protocol/messages';

/*
 * Which values of global and constant memory changed since the last stop, for the memory panel
 * to highlight: a region is the same region when its name and address are; a value changed when
 * its text differs from what that region showed before (a new region has no changes to show).
 */

/** A region with, per shown value, whether it changed since the previous stop. */
export interface MemoryRegionState extends MemoryRegionView {
  readonly changed: readonly boolean[];
}

/** The regions of a new stop, marked against those of the previous one. */
export function withChanges(prev: readonly MemoryRegionState[], next: readonly MemoryRegionView[]): MemoryRegionState[] {
  const before = new Map(prev.map((r) => [`${r.name}@${r.address}`, r]));
  return next.map((r) => {
    const old = before.get(`${r.name}@${r.address}`);
    return { ...r, changed: r.values.map((v, i) => old !== undefined && i < old.values.length && old.values[i] !== v) };
  });
}
