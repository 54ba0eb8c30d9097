import type { SourceLoc } from '../engine/front/token.js';
import type { Access, Hazard, Index3, RaceAccess, RaceError } from './findings.js';
import { groupRaces } from './racecheck-groups.js';

/*
 * The hazards racecheck's shadows find, counted per pair of source locations. Both the
 * shared-memory shadow and the global-memory one (racecheck-global.ts) describe an access as a
 * location id and a kind packed into one number (id * 4 + kind), so a shadow byte stays one Int32.
 */

/** Access kinds packed with a location id: id * 4 + kind. */
export const READ = 0, WRITE = 1, ATOMIC = 2;
const ACCESS_NAMES: readonly Access[] = ['read', 'write', 'atomic'];

/** One thread that made an access: its index and its block's. */
export interface RaceThread {
  readonly thread: Index3;
  readonly block: Index3;
}

/** One pair of source locations that raced, directed (the access met first, the access that met it). */
interface PairStats {
  readonly space: 'shared' | 'global';
  readonly first: number;
  readonly second: number;
  readonly hazard: Hazard;
  readonly severity: 'error' | 'warning';
  readonly kernel: string;
  readonly a: RaceThread;
  readonly b: RaceThread;
  count: number;
}

/** The hazard two access kinds make, or null when they cannot race (two reads, two atomics). */
export function hazardOf(prevCode: number, code: number): Hazard | null {
  const pk = prevCode & 3, ck = code & 3;
  if (pk === ATOMIC && ck === ATOMIC) return null;
  if (pk === READ && ck === READ) return null;
  return ck === READ ? 'RAW' : pk === READ ? 'WAR' : 'WAW';
}

/** Source locations by id, and the racing pairs between them with their byte-hazard counts. */
export class PairLog {
  private readonly locs: SourceLoc[] = [];
  private readonly locIds = new Map<string, number>();
  private readonly pairs = new Map<string, PairStats>();

  /** The packed code of an access at `loc` of kind READ, WRITE or ATOMIC. */
  code(loc: SourceLoc, kind: number): number {
    const key = `${loc.file}:${loc.line}`;
    let id = this.locIds.get(key);
    if (id === undefined) {
      id = this.locs.length;
      this.locs.push(loc);
      this.locIds.set(key, id);
    }
    return id * 4 + kind;
  }

  /** One byte hazard between an earlier access (prevCode by `a`) and the current one (code by `b`); `describe` names the threads on a pair's first hazard only. */
  record(space: 'shared' | 'global', kernel: string, prevCode: number, code: number, hazard: Hazard, sameWarp: boolean, describe: () => readonly [RaceThread, RaceThread]): void {
    const key = `${space}:${prevCode}:${code}:${sameWarp ? 'w' : 'e'}`;
    const p = this.pairs.get(key);
    if (p !== undefined) {
      p.count++;
      return;
    }
    const [a, b] = describe();
    const pair: PairStats = { space, first: prevCode, second: code, hazard, severity: sameWarp ? 'warning' : 'error', kernel, a, b, count: 1 };
    this.pairs.set(key, pair);
    if (this.onNew === null) return;
    // Both directions of a pair are one displayed hazard: a debugger stops at the first only.
    const either = `${space}:${Math.min(prevCode >> 2, code >> 2)}:${Math.max(prevCode >> 2, code >> 2)}:${pair.severity}`;
    if (this.announced.has(either)) return;
    this.announced.add(either);
    this.onNew(this.race(pair));
  }

  /** Told of each pair of locations the first time it races (either way round), as a finding with its first hazard's threads. */
  onNew: ((race: RaceError) => void) | null = null;
  private readonly announced = new Set<string>();

  /** A pair as an ungrouped race finding. */
  private race(p: PairStats): RaceError {
    const side = (code: number, t: RaceThread): RaceAccess => {
      const loc = this.locs[code >> 2]!;
      return { file: loc.file, line: loc.line, access: ACCESS_NAMES[code & 3]!, thread: t.thread, block: t.block };
    };
    const a = side(p.first, p.a);
    return {
      kind: 'race', kernel: p.kernel, file: a.file, line: a.line, block: p.a.block, thread: p.a.thread, space: p.space,
      hazard: p.hazard, severity: p.severity, count: p.count, accesses: [a, side(p.second, p.b)], group: 0,
    };
  }

  /** Every pair as a race finding, grouped as compute-sanitizer displays them. */
  races(): RaceError[] {
    // Map iteration follows insertion: the order the pairs were first met.
    return groupRaces([...this.pairs.values()].map((p) => this.race(p)));
  }
}
