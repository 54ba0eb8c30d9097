import type { Space } from '../check/ir.js';
import { SITE_CONSTANT, SITE_GENERIC, SITE_GLOBAL, SITE_LOCAL, SITE_SHARED, type AccessSite } from '../exec/transactions.js';
import { CODE_SIZE } from '../memory/layout.js';

/*
 * The generated code's side of transaction counting (exec/transactions.ts counts). Every device
 * load and store is an access site, and its address expression is written so that it records
 * the lane's address on the way in:
 *   GL6(TA[544 + l] = addr, l)                      (site 17: slots 544..575)
 *   GL6(TA[544 + l] = (TM[17] |= 1 << l, addr), l)  (a site only some lanes reach: ?: arms, && right sides)
 * A lane loop whose body holds sites becomes
 *   if (--TK[q] !== 0) { the loop without the recording } else { TX.sample(q); recording loop; TX.flush(17, A); }
 * so most executions pay one decrement and only sampled ones record and count. Removing the
 * two recording patterns from the body leaves the plain access, `GL6(addr, l)` or `GL6((addr), l)`.
 */

/** Bound once per generated module. */
export const TRAFFIC_PROLOGUE = 'const TX = RT.tx, TA = TX.addr, TM = TX.mask, TK = TX.countdown;';

/** An access site as the function compiler tracks it. */
interface SiteRef {
  readonly id: number;
  readonly site: AccessSite;
  /** True when only some lanes of the loop reach it (it records its lanes in TM). */
  readonly partial: boolean;
  /** Whether a lane loop already executes it. */
  claimed: boolean;
}

/** What the site tracker needs from the program tables. */
export interface SiteTables {
  site(s: AccessSite): number;
  /** Registers a lane loop executing these sites; returns its index in TK. */
  laneLoop(sites: readonly number[]): number;
}

/** The site kind of an access through an address of `space`. */
function siteSpace(space: Space): number {
  switch (space) {
    case 'global': return SITE_GLOBAL;
    case 'shared': return SITE_SHARED;
    case 'local': return SITE_LOCAL;
    case 'constant': return SITE_CONSTANT;
    default: return SITE_GENERIC;
  }
}

const slot = (id: number): string => `TA[${id * 32} + l] = `;
const lanesOf = (id: number): string => `TM[${id}] |= 1 << l, `;

/** The access sites of one function being compiled, and the lane loops that execute them. */
export class SiteTracker {
  private readonly sites: SiteRef[] = [];
  /** Above 0 while compiling a part of a lane expression only some lanes evaluate. */
  private partial = 0;
  /** LOC index of the statement being compiled (sites remember it). */
  loc = 0;
  /** True while compiling the load and store of an atomic. */
  atomic = false;

  constructor(private readonly T: SiteTables) {}

  /** A new site for a device access of type code `code` through `space`: the address expression that records `addr`. */
  address(addr: string, code: number, space: Space, store: boolean): string {
    const site = { space: siteSpace(space), bytes: CODE_SIZE[code]!, store, loc: this.loc, atomic: this.atomic };
    const s: SiteRef = { id: this.T.site(site), site, partial: this.partial > 0, claimed: false };
    this.sites.push(s);
    return s.partial ? `${slot(s.id)}(${lanesOf(s.id)}${addr})` : `${slot(s.id)}${addr}`;
  }

  /** A new site for one `bytes`-wide instruction of a struct or vector copy at `addr` (its space found per lane): the address expression that records it. */
  copyChunk(addr: string, bytes: number, store: boolean): string {
    const site: AccessSite = { space: SITE_GENERIC, bytes, store, loc: this.loc, atomic: false, copy: true };
    const s: SiteRef = { id: this.T.site(site), site, partial: this.partial > 0, claimed: false };
    this.sites.push(s);
    return s.partial ? `${slot(s.id)}(${lanesOf(s.id)}${addr})` : `${slot(s.id)}${addr}`;
  }

  /** Compiles a part of a lane expression that only some lanes evaluate (its sites record their lanes). */
  partly(f: () => string): string {
    this.partial++;
    const v = f();
    this.partial--;
    return v;
  }

  /**
   * A lane loop over `body` (built by `loops`), sampled when the body executes access sites. A
   * site already claimed by another loop (its text copied into a second loop) gets a fresh id
   * here, so each site's counts scale by its own loop's executions.
   */
  loop(body: string, loops: (body: string) => string): string {
    const ids: number[] = [];
    let flushes = '';
    for (const s of [...this.sites]) {
      if (!body.includes(slot(s.id))) continue;
      let id = s.id;
      if (s.claimed) {
        id = this.T.site(s.site);
        body = body.split(slot(s.id)).join(slot(id)).split(lanesOf(s.id)).join(lanesOf(id));
        this.sites.push({ id, site: s.site, partial: s.partial, claimed: true });
      }
      s.claimed = true;
      ids.push(id);
      flushes += s.partial ? ` TX.flushRecorded(${id});` : ` TX.flush(${id}, A);`;
    }
    if (ids.length === 0) return loops(body);
    let plain = body;
    for (const id of ids) plain = plain.split(slot(id)).join('').split(lanesOf(id)).join('');
    const q = this.T.laneLoop(ids);
    return `if (--TK[${q}] !== 0) { ${loops(plain)} } else { TX.sample(${q}); for (let m_ = A; m_ !== 0; m_ &= m_ - 1) { const l = 31 - Math.clz32(m_ & -m_); ${body} }${flushes} }`;
  }
}
