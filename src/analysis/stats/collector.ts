import type { SourceLoc } from '../../engine/front/token.js';
import type { Dim3 } from '../../engine/exec/env.js';
import type { WarpCtx } from '../../engine/exec/warp.js';
import type { SiteTraffic } from '../../engine/exec/transactions.js';
import type { ApiCallEvent, ExecutionListener, LaunchEvent } from '../../engine/runtime/listener.js';
import type { DevicePreset } from '../../engine/runtime/presets/index.js';
import { addInto, zeroLine, type LaunchMetrics, type LineMetrics } from './metrics.js';
import { launchOccupancy } from './occupancy.js';

/*
 * Listens to an instrumented run and counts, per kernel launch and source line, what Nsight
 * Compute would report: memory traffic from the engine's access sites (exact, every warp
 * instruction; see exec/transactions.ts), thread-level statements and divergent branches.
 */

/** One source line's counts in one launch. */
export interface LineStats {
  readonly file: string;
  readonly line: number;
  readonly metrics: LineMetrics;
}

/** One kernel launch that ran. */
export interface LaunchStats {
  readonly kernel: string;
  readonly grid: Dim3;
  readonly block: Dim3;
  /** Dynamic shared memory per block, as the launch asked for it. */
  readonly sharedBytes: number;
  /** The kernel's static __shared__ bytes per block. */
  readonly staticSharedBytes: number;
  /** How it ended: 'ok', 'fault', 'barrier-deadlock', 'step-limit'. */
  readonly outcome: string;
  readonly metrics: LaunchMetrics;
  /** Lines with any count, in file and line order. */
  readonly lines: readonly LineStats[];
}

/** A launch being counted. */
interface Open {
  readonly event: LaunchEvent;
  /** Per statement location (the engine interns them, so identity is a cheap key); several may share a line. */
  readonly byLoc: Map<SourceLoc, LineMetrics>;
  readonly byLine: Map<string, LineStats>;
}

const popcount = (m: number): number => {
  let n = 0;
  for (let x = m | 0; x !== 0; x &= x - 1) n++;
  return n;
};

/** The ExecutionListener of `warpscope stats`. */
export class StatsCollector implements ExecutionListener {
  readonly launches: LaunchStats[] = [];
  /** The program's source files, once it compiled (null: it did not, and nothing ran). */
  files: ReadonlyMap<string, string> | null = null;
  private open: Open | null = null;

  constructor(private readonly device: DevicePreset) {}

  sources(files: ReadonlyMap<string, string>): void {
    this.files = files;
  }

  apiCall(_e: ApiCallEvent): void {}

  launch(e: LaunchEvent): void {
    // A rejected launch never ran: a profiler has nothing of it either.
    if (e.phase === 'begin') this.open = { event: e, byLoc: new Map(), byLine: new Map() };
    else if (e.phase === 'end' && this.open !== null) {
      this.launches.push(this.close(this.open, String(e.outcome ?? 'ok')));
      this.open = null;
    }
  }

  statement(warp: WarpCtx, mask: number, loc: SourceLoc): boolean {
    if (this.open !== null && !warp.host) this.at(this.open, loc)['smsp__thread_inst_executed.sum'] += popcount(mask);
    return false;
  }

  access(): void {}

  diverge(_warp: WarpCtx, _mask: number, targets: number, loc: SourceLoc): void {
    // One per target beyond the first: an if whose lanes split counts 1, as an H100 counts a divergent BRA.
    if (this.open !== null) this.at(this.open, loc)['smsp__sass_branch_targets_threads_divergent.sum'] += targets - 1;
  }

  traffic(sites: readonly SiteTraffic[]): void {
    const o = this.open;
    if (o === null) return;
    for (const t of sites) {
      // Atomics are their own operations to a profiler (op_atom, op_red), not loads and stores.
      if (t.site.atomic) continue;
      const m = this.at(o, t.loc);
      if (t.site.store) {
        m['l1tex__t_requests_pipe_lsu_mem_global_op_st.sum'] += t.globalInstructions;
        m['l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum'] += t.globalSectors;
        m['smsp__inst_executed_op_shared_st.sum'] += t.sharedInstructions;
        m['l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum'] += t.sharedWavefronts;
        m['l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum'] += t.sharedWavefronts - t.sharedIdealWavefronts;
      } else {
        m['l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum'] += t.globalInstructions;
        m['l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum'] += t.globalSectors;
        m['smsp__inst_executed_op_shared_ld.sum'] += t.sharedInstructions;
        m['l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum'] += t.sharedWavefronts;
        m['l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum'] += t.sharedWavefronts - t.sharedIdealWavefronts;
      }
    }
  }

  /** The counts of `loc`'s line in launch `o`. */
  private at(o: Open, loc: SourceLoc): LineMetrics {
    let m = o.byLoc.get(loc);
    if (m !== undefined) return m;
    const key = `${loc.file}\0${loc.line}`;
    let rec = o.byLine.get(key);
    if (rec === undefined) o.byLine.set(key, (rec = { file: loc.file, line: loc.line, metrics: zeroLine() }));
    m = rec.metrics;
    o.byLoc.set(loc, m);
    return m;
  }

  private close(o: Open, outcome: string): LaunchStats {
    const e = o.event;
    const total = zeroLine();
    const lines = [...o.byLine.values()].filter((l) => Object.values(l.metrics).some((v) => v !== 0));
    lines.sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
    for (const l of lines) addInto(total, l.metrics);
    // The executor rounds static shared memory up to 16 bytes before the dynamic part, as it lays them out.
    const occ = launchOccupancy(this.device, e.grid, e.block, Math.ceil(e.staticSharedBytes / 16) * 16 + e.sharedBytes);
    const metrics: LaunchMetrics = { ...total, 'sm__warps_active.avg.pct_of_peak_sustained_active': occ.achieved, 'sm__maximum_warps_per_active_cycle_pct': occ.theoretical };
    return { kernel: e.kernel, grid: e.grid, block: e.block, sharedBytes: e.sharedBytes, staticSharedBytes: e.staticSharedBytes, outcome, metrics, lines };
  }
}
