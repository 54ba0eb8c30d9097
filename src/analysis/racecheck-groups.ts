import type { Finding, RaceAccess, RaceError } from './findings.js';

/*
 * How racecheck's report groups hazards: compute-sanitizer shows one "Race reported between"
 * block per access location with every location it raced with below it ("and Write access at
 * ... [N hazards]"). Pairs seen in both directions are one pair; the location in most pairs heads
 * a block (the one met first wins a tie), then the next among the pairs left, errors and warnings
 * apart.
 */

const sideKey = (a: RaceAccess): string => `${a.file}:${a.line}:${a.access}`;
/** A race's side as grouping sees it: shared and global hazards of one line are displayed apart. */
const spaceSide = (r: RaceError, a: RaceAccess): string => `${r.space}:${sideKey(a)}`;

/** Merges both directions of each pair, orients them under their group's head and numbers the groups. */
export function groupRaces(races: readonly RaceError[]): RaceError[] {
  const merged = new Map<string, RaceError>();
  for (const r of races) {
    const [a, b] = r.accesses.map((s) => spaceSide(r, s)) as [string, string];
    const key = `${r.severity}|${[a, b].sort().join('|')}`;
    const m = merged.get(key);
    merged.set(key, m === undefined ? r : { ...m, count: m.count + r.count });
  }
  const out: RaceError[] = [];
  for (const severity of ['error', 'warning'] as const) {
    let left = [...merged.values()].filter((r) => r.severity === severity);
    while (left.length > 0) {
      const degree = new Map<string, number>();
      for (const r of left) for (const s of r.accesses) degree.set(spaceSide(r, s), (degree.get(spaceSide(r, s)) ?? 0) + 1);
      // Ties go to the earlier side of the earliest pair: map insertion order follows it.
      let head = '';
      let best = -1;
      for (const [k, n] of degree) if (n > best) [head, best] = [k, n];
      const group = out.length === 0 ? 1 : out[out.length - 1]!.group + 1;
      for (const r of left) {
        const [a, b] = r.accesses;
        if (spaceSide(r, a) === head) out.push({ ...r, group });
        else if (spaceSide(r, b) === head) out.push({ ...r, group, file: b.file, line: b.line, thread: b.thread, accesses: [b, a] });
      }
      left = left.filter((r) => !r.accesses.some((s) => spaceSide(r, s) === head));
    }
  }
  return out;
}

/** The displayed races of a result: its race findings grouped by their group number, in order. */
export function displayedRaces(findings: readonly Finding[]): RaceError[][] {
  const groups = new Map<number, RaceError[]>();
  for (const f of findings) {
    if (f.kind !== 'race') continue;
    const g = groups.get(f.group);
    if (g === undefined) groups.set(f.group, [f]);
    else g.push(f);
  }
  return [...groups.values()];
}
