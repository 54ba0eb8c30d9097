import { CONST_BASE, GLOBAL_BASE, LOCAL_BASE, SHARED_BASE } from '../memory/layout.js';
import type { SourceLoc } from '../front/token.js';
import { globalSectors, localSectors, sharedIdealOfLast, sharedWavefronts } from './access-cost.js';

/*
 * Memory transactions of warp-level memory instructions, counted the way the hardware splits
 * them (access-cost.ts prices one instruction): a global access costs one 32-byte sector per distinct sector its active lanes touch;
 * a shared access costs one wavefront per pass through the 32 four-byte banks (the most
 * distinct words any one bank must deliver; lanes reading the same word share it); local
 * memory is interleaved per lane (word i of lane l at i * 128 + l * 4), so a warp reading one
 * local variable touches 4 sectors per word.
 *
 * Every device load or store in the generated code is an access site (compile/traffic.ts).
 * A lane loop holding sites counts down a per-loop counter; when it reaches 0 (the loop's first
 * execution in a launch, then every `period`th) the loop runs in a recording version that
 * stores each lane's address in `addr` (32 slots per site), and `flush` counts that warp
 * instruction into the site's sampled totals. At the end of a launch `settle` scales each
 * site's sampled totals by executions / sampled executions into `deviceTraffic`. Recording
 * every execution cost matmul 512 about 17% in address stores alone; sampling keeps the usual
 * cost to a counter decrement, and a kernel whose warps all access alike (the usual case) is
 * counted exactly. Instrumented code (record, the debugger) samples with the same period, so a
 * recorded run models the same times as a plain one. The per-site totals are what a per-source-line breakdown would report (each site
 * knows its location).
 */

/** Where an access site's address points, as the compiler knows it ('generic': found per lane at run time). */
export const SITE_GLOBAL = 0, SITE_SHARED = 1, SITE_LOCAL = 2, SITE_CONSTANT = 3, SITE_GENERIC = 4;

/**
 * Lane loops record one execution in this many. A prime, so that loops run once per warp of a
 * block of 2^k warps do not keep sampling the same warp of each block. A recorded execution
 * costs a few hundred ns: one in 17 made matmul 512 about 14% slower, one in 61 about 5%.
 */
export const TRAFFIC_SAMPLE_PERIOD = 61;

/** One load or store in the generated code. */
export interface AccessSite {
  readonly space: number;
  /** Bytes each lane accesses. */
  readonly bytes: number;
  readonly store: boolean;
  /** Index of the statement's source location in the program's LOC table. */
  readonly loc: number;
  /** The load or the store of an atomic read-modify-write (profilers count those apart from plain loads and stores). */
  readonly atomic: boolean;
  /**
   * One warp instruction of a struct or vector copy (instrumented code only, compile/expr.ts):
   * counted in exact mode alone, so `warpscope stats` sees it while the timing model, and so
   * every modelled time, stays what a plain run computes.
   */
  readonly copy?: boolean;
}

/** Memory traffic of every device launch so far (runtime/host-env.ts takes a launch's share for the timing model). */
export const deviceTraffic = {
  /** Warp-level global memory instructions (atomics count as a load and a store). */
  globalLoads: 0,
  globalStores: 0,
  /** 32-byte sectors those instructions touched. */
  globalLoadSectors: 0,
  globalStoreSectors: 0,
  sharedLoads: 0,
  sharedStores: 0,
  /** Passes through the shared-memory banks: one per instruction without bank conflicts, k for a k-way conflict. */
  sharedLoadWavefronts: 0,
  sharedStoreWavefronts: 0,
  localLoads: 0,
  localStores: 0,
  localSectors: 0,
};

/** A copy of the totals (launches and benchmarks subtract one from a later one). */
export type TrafficTotals = { -readonly [K in keyof typeof deviceTraffic]: number };

/** The current totals. */
export function trafficSnapshot(): TrafficTotals {
  return { ...deviceTraffic };
}

/** Per-site totals, STATS numbers per site: instructions and sectors/wavefronts per space. */
const STATS = 7;
const G_INSTR = 0, G_SECT = 1, S_INSTR = 2, S_WAVE = 3, S_IDEAL = 4, L_INSTR = 5, L_SECT = 6;

/** One access site's exact counts over a launch (TrafficSites in exact mode): what `warpscope stats` reports per source line. */
export interface SiteTraffic {
  readonly site: AccessSite;
  /** The site's statement. */
  readonly loc: SourceLoc;
  /** Warp-level instructions that reached global memory, and the distinct 32-byte sectors each touched, summed. */
  readonly globalInstructions: number;
  readonly globalSectors: number;
  /** Warp-level instructions that reached shared memory, their wavefronts, and the wavefronts they would need without bank conflicts. */
  readonly sharedInstructions: number;
  readonly sharedWavefronts: number;
  readonly sharedIdealWavefronts: number;
  readonly localInstructions: number;
  readonly localSectors: number;
}

/** A program's access sites: the buffers generated code records in, sampled totals, and their settlement. */
export class TrafficSites {
  /** 32 lane addresses per site (written by the recording version of a lane loop). */
  readonly addr: Float64Array;
  /** Per site: lanes that reached it, for sites only some lanes of their loop execute (inside ?: or &&). */
  readonly mask: Int32Array;
  /** Per lane loop: executions left until the next recorded one (generated code decrements it). */
  readonly countdown: Int32Array;
  /** Per lane loop: recorded executions since the last settle. */
  private readonly sampled: Float64Array;
  private readonly stats: Float64Array;
  private readonly space: Uint8Array;
  private readonly bytes: Uint8Array;
  /** Per site: its lane loop. */
  private readonly loopOf: Int32Array;
  /** Per site: 1 for a copy's instruction, which only exact mode counts. */
  private readonly copyOnly: Uint8Array;
  /**
   * Exact mode (`setExact`): every execution of every lane loop records, `exact` holds every
   * instruction's counts, and the sampling the timing model sees goes on in `sampleClock`, so
   * modelled times stay those of a plain run. Null when off: then nothing here costs anything.
   */
  private exact: Float64Array | null = null;
  private sampleClock: Int32Array | null = null;
  /** Per lane loop, in exact mode: whether its current execution is one the sampling would record. */
  private live: Uint8Array | null = null;

  /** `loops[q]` lists the sites lane loop q executes; every `period`th execution of a loop is recorded. */
  constructor(readonly sites: readonly AccessSite[], private readonly loops: readonly (readonly number[])[], private readonly period: number) {
    const n = Math.max(1, sites.length);
    this.addr = new Float64Array(32 * n);
    this.mask = new Int32Array(n);
    this.stats = new Float64Array(STATS * n);
    this.space = new Uint8Array(n);
    this.bytes = new Uint8Array(n);
    this.loopOf = new Int32Array(n);
    this.copyOnly = new Uint8Array(n);
    sites.forEach((s, i) => {
      this.space[i] = s.space;
      this.bytes[i] = s.bytes;
      this.copyOnly[i] = s.copy === true ? 1 : 0;
    });
    loops.forEach((sites, q) => sites.forEach((s) => (this.loopOf[s] = q)));
    this.countdown = new Int32Array(Math.max(1, loops.length)).fill(1);
    this.sampled = new Float64Array(Math.max(1, loops.length));
  }

  /** Counts every warp instruction exactly from now on (for `takeExact`), while the timing model keeps its sampled estimate. */
  setExact(): void {
    if (this.exact) return;
    this.exact = new Float64Array(this.stats.length);
    // Executions already under way keep their place in the sampling cycle.
    this.sampleClock = Int32Array.from(this.countdown);
    this.live = new Uint8Array(this.countdown.length);
    this.countdown.fill(1);
  }

  /** Lane loop q runs its recording version now. */
  sample(q: number): void {
    const clock = this.sampleClock;
    if (clock === null) {
      this.countdown[q] = this.period;
      this.sampled[q]++;
      return;
    }
    // Exact mode: the generated code records every execution; only every period-th feeds the model.
    this.countdown[q] = 1;
    const live = --clock[q]! === 0;
    this.live![q] = live ? 1 : 0;
    if (live) {
      clock[q] = this.period;
      this.sampled[q]++;
    }
  }

  /** Counts the warp instruction of site `s` executed by the lanes of `m` (after a recorded lane loop). */
  flush(s: number, m: number): void {
    if (m === 0) return;
    const space = this.space[s]!;
    if (space === SITE_GENERIC) this.generic(s, m);
    else this.count(space, s, m);
  }

  /** flush for a site that records its own lanes in `mask`. */
  flushRecorded(s: number): void {
    const m = this.mask[s]!;
    this.mask[s] = 0;
    this.flush(s, m);
  }

  /** Adds the launch's estimated traffic (sampled totals x executions / sampled executions) to deviceTraffic and starts afresh. */
  settle(): void {
    const t = deviceTraffic;
    const clock = this.sampleClock ?? this.countdown;
    for (let q = 0; q < this.loops.length; q++) {
      const k = this.sampled[q]!;
      if (k === 0) continue;
      // Executions since the last settle: samples at the 1st, (period+1)th... execution, countdown left over.
      const runs = k * this.period - clock[q]! + 1;
      const scale = runs / k;
      for (const s of this.loops[q]!) {
        const o = s * STATS;
        const x = (i: number): number => Math.round(this.stats[o + i]! * scale);
        if (this.sites[s]!.store) {
          t.globalStores += x(G_INSTR), t.globalStoreSectors += x(G_SECT);
          t.sharedStores += x(S_INSTR), t.sharedStoreWavefronts += x(S_WAVE);
          t.localStores += x(L_INSTR);
        } else {
          t.globalLoads += x(G_INSTR), t.globalLoadSectors += x(G_SECT);
          t.sharedLoads += x(S_INSTR), t.sharedLoadWavefronts += x(S_WAVE);
          t.localLoads += x(L_INSTR);
        }
        t.localSectors += x(L_SECT);
        this.stats.fill(0, o, o + STATS);
      }
      this.sampled[q] = 0;
      clock[q] = 1;
    }
  }

  /** In exact mode, the exact counts of every site executed since the last call (and starts afresh), with locations from the program's LOC table; null when not in exact mode. */
  takeExact(locs: readonly SourceLoc[]): SiteTraffic[] | null {
    const e = this.exact;
    if (e === null) return null;
    const out: SiteTraffic[] = [];
    this.sites.forEach((site, s) => {
      const o = s * STATS;
      if (e[o + G_INSTR] === 0 && e[o + S_INSTR] === 0 && e[o + L_INSTR] === 0) return;
      out.push({
        site,
        loc: locs[site.loc]!,
        globalInstructions: e[o + G_INSTR]!,
        globalSectors: e[o + G_SECT]!,
        sharedInstructions: e[o + S_INSTR]!,
        sharedWavefronts: e[o + S_WAVE]!,
        sharedIdealWavefronts: e[o + S_IDEAL]!,
        localInstructions: e[o + L_INSTR]!,
        localSectors: e[o + L_SECT]!,
      });
    });
    e.fill(0);
    return out;
  }

  private count(space: number, s: number, m: number): void {
    const b = s << 5;
    const n = this.bytes[s]!;
    let instr: number, cost: number, ideal = 0;
    switch (space) {
      case SITE_GLOBAL:
        instr = G_INSTR, cost = globalSectors(this.addr, b, m, n);
        break;
      case SITE_SHARED:
        instr = S_INSTR, cost = sharedWavefronts(this.addr, b, m, n);
        ideal = sharedIdealOfLast();
        break;
      case SITE_LOCAL:
        instr = L_INSTR, cost = localSectors(this.addr, b, m, n);
        break;
      default:
        // Constant memory goes through its own broadcast cache: not counted.
        return;
    }
    const o = s * STATS;
    // The instruction's cost (sectors or wavefronts) sits in the slot after its instruction count.
    if ((this.exact === null || this.live![this.loopOf[s]!] === 1) && this.copyOnly[s] === 0) {
      this.stats[o + instr]++;
      this.stats[o + instr + 1] += cost;
    }
    const e = this.exact;
    if (e !== null) {
      e[o + instr]++;
      e[o + instr + 1] += cost;
      e[o + S_IDEAL] += ideal;
    }
  }

  /** A generic pointer's lanes may point into different spaces: each space's lanes count as their own instruction. */
  private generic(s: number, m: number): void {
    const b = s << 5;
    let g = 0, sh = 0, lo = 0;
    for (let l = 0; l < 32; l++) {
      if (((m >>> l) & 1) === 0) continue;
      const a = this.addr[b + l]!;
      // Below the local window is host memory a kernel reaches as mapped pinned memory: global traffic.
      if (a >= GLOBAL_BASE || a < LOCAL_BASE) g |= 1 << l;
      else if (a >= CONST_BASE) continue;
      else if (a >= SHARED_BASE) sh |= 1 << l;
      else lo |= 1 << l;
    }
    if (g !== 0) this.count(SITE_GLOBAL, s, g);
    if (sh !== 0) this.count(SITE_SHARED, s, sh);
    if (lo !== 0) this.count(SITE_LOCAL, s, lo);
  }
}
