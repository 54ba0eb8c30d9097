import { Pages } from './pages.js';
import { deflatePart, inflatePart, pagesIn, pagesOut, type Part } from './segments.js';
import { TraceDamage } from './damage.js';

/*
 * A checkpoint's host, global and constant memory, each as groups of pages, every group a
 * segment of its own (segments.ts). A full checkpoint deflates again only the groups written
 * since the writer's last full one and reuses the others' deflated bytes: a kernel that writes
 * a small output array leaves the megabytes of its input as they were. A delta holds one group
 * per memory: the pages written since the checkpoint before it.
 */

/** The memories stored in groups, in segment order after the launch's segment. */
export const MEMORIES = ['host', 'global', 'constant'] as const;
export type Memory = (typeof MEMORIES)[number];

/** Page numbers of one group. */
export type GroupKeys = number[];

/** Pages per group: 256 KiB of memory. */
const GROUP_PAGES = 64;

interface Group {
  readonly keys: GroupKeys;
  readonly part: Part;
}

/** A writer's groups of each memory as its last full checkpoint stored them, and the groups written since. */
export type SegmentCache = Map<Memory, { readonly pages: Pages; groups: Map<number, Group>; readonly stale: Set<number> }>;

/** Where memory groups go: their page numbers for the header, their segments in header order. */
export interface MemoryParts {
  readonly keys: Record<Memory, GroupKeys[]>;
  readonly parts: Part[];
}

/** The memory groups of a checkpoint (every page when `full`, else those written since the last call); clears the dirty marks. */
export function memoryParts(memories: Record<Memory, Pages>, full: boolean, cache: SegmentCache): MemoryParts {
  const keys = { host: [], global: [], constant: [] } as Record<Memory, GroupKeys[]>;
  const parts: Part[] = [];
  for (const m of MEMORIES) {
    const p = memories[m];
    let kept = cache.get(m);
    if (!kept || kept.pages !== p) cache.set(m, (kept = { pages: p, groups: new Map(), stale: new Set() }));
    for (const k of p.dirty) kept.stale.add(Math.floor(k / GROUP_PAGES));
    const groups = full ? fullGroups(p, kept) : [group(p, p.written())];
    p.dirty.clear();
    for (const g of groups) keys[m].push(g.keys), parts.push(g.part);
  }
  return { keys, parts };
}

/** Every page of `p` in groups, reusing the cached ones no write touched since the last full checkpoint. */
function fullGroups(p: Pages, kept: { groups: Map<number, Group>; readonly stale: Set<number> }): Group[] {
  const byGroup = new Map<number, GroupKeys>();
  for (const k of [...p.pages.keys()].sort((a, b) => a - b)) {
    const g = Math.floor(k / GROUP_PAGES);
    const ks = byGroup.get(g);
    if (ks) ks.push(k);
    else byGroup.set(g, [k]);
  }
  const groups = new Map<number, Group>();
  for (const [g, ks] of byGroup) {
    const old = kept.groups.get(g);
    groups.set(g, old && !kept.stale.has(g) ? old : group(p, ks));
  }
  kept.groups = groups;
  kept.stale.clear();
  return [...groups.values()];
}

function group(p: Pages, keys: GroupKeys): Group {
  const out: Uint8Array[] = [];
  pagesOut(p, keys, out);
  return { keys, part: deflatePart(out) };
}

/** Sets up each memory of a state to install its groups from `parts` (from index `first`) when first touched; returns the index after them, or -1 when parts are missing. */
export function deferMemory(memories: Record<Memory, Pages>, keys: Record<Memory, GroupKeys[]>, parts: readonly Part[], first: number, step: number): number {
  let at = first;
  for (const m of MEMORIES) {
    const p = memories[m];
    for (const ks of keys[m]) {
      const part = parts[at++];
      if (part === undefined) return -1;
      if (ks.length > 0) p.defer(() => readMemory(part, ks, p, step));
    }
  }
  return at;
}

/** Installs a group's pages into `p`; throws when the segment is damaged. */
function readMemory(part: Part, keys: GroupKeys, p: Pages, step: number): void {
  const raw = inflatePart(part);
  let ok = false;
  try {
    ok = raw !== null && pagesIn(raw, 0, keys, p) === raw.length;
  } catch {
    ok = false;
  }
  if (!ok) throw new TraceDamage(`the checkpoint at step ${step} is damaged`);
}
