import type { Dim3 } from '../../engine/exec/env.js';
import type { LaunchStats } from './collector.js';
import type { LineMetric, LineMetrics } from './metrics.js';

/*
 * What `warpscope stats` prints: the JSON document (a stable contract, docs/stats.md) and the
 * table a person reads, one per launch, a row per source line.
 */

/** The JSON document: {"launches": [{kernel, grid, block, sharedBytes, staticSharedBytes, outcome, metrics, lines: [{file, line, metrics}]}]}. */
export function statsJson(launches: readonly LaunchStats[]): string {
  const dim = (d: Dim3): [number, number, number] => [d.x, d.y, d.z];
  const doc = {
    launches: launches.map((l) => ({
      kernel: l.kernel,
      grid: dim(l.grid),
      block: dim(l.block),
      sharedBytes: l.sharedBytes,
      staticSharedBytes: l.staticSharedBytes,
      outcome: l.outcome,
      metrics: l.metrics,
      lines: l.lines.map((x) => ({ file: x.file, line: x.line, metrics: x.metrics })),
    })),
  };
  return JSON.stringify(doc, null, 2) + '\n';
}

/** The table's columns: heading and metric, in order. */
const COLUMNS: readonly (readonly [string, LineMetric])[] = [
  ['gld req', 'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum'],
  ['gld sect', 'l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum'],
  ['gst req', 'l1tex__t_requests_pipe_lsu_mem_global_op_st.sum'],
  ['gst sect', 'l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum'],
  ['sld inst', 'smsp__inst_executed_op_shared_ld.sum'],
  ['sld wave', 'l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum'],
  ['sld conf', 'l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum'],
  ['sst inst', 'smsp__inst_executed_op_shared_st.sum'],
  ['sst wave', 'l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum'],
  ['sst conf', 'l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum'],
  ['thr stmts', 'smsp__thread_inst_executed.sum'],
  ['div br', 'smsp__sass_branch_targets_threads_divergent.sum'],
];

const dim3 = (d: Dim3): string => `(${d.x},${d.y},${d.z})`;

/** The human-readable report: per launch a heading, then a row per source line with its text, then the launch's totals. */
export function statsTable(launches: readonly LaunchStats[], files: ReadonlyMap<string, string>): string {
  if (launches.length === 0) return '== warpscope stats: no kernel ran\n';
  const sourceLines = new Map<string, readonly string[]>();
  const text = (file: string, line: number): string => {
    let ls = sourceLines.get(file);
    if (ls === undefined) sourceLines.set(file, (ls = (files.get(file) ?? '').split('\n')));
    const t = (ls[line - 1] ?? '').trim();
    return t.length > 60 ? t.slice(0, 57) + '...' : t;
  };
  const out: string[] = [];
  launches.forEach((l, i) => {
    const m = l.metrics;
    const shared = l.staticSharedBytes + l.sharedBytes;
    out.push(
      `== launch ${i + 1}: ${l.kernel}<<<${dim3(l.grid)}, ${dim3(l.block)}>>> ${shared} B shared/block${l.outcome === 'ok' ? '' : ` (${l.outcome})`}`,
      `   occupancy: achieved ${m['sm__warps_active.avg.pct_of_peak_sustained_active'].toFixed(1)}%, theoretical ${m['sm__maximum_warps_per_active_cycle_pct'].toFixed(1)}% (registers not counted)`,
    );
    const files1 = new Set(l.lines.map((x) => x.file));
    const rows: string[][] = l.lines.map((x) => [files1.size > 1 ? `${x.file}:${x.line}` : String(x.line), ...COLUMNS.map(([, k]) => String(x.metrics[k])), text(x.file, x.line)]);
    rows.push(['total', ...COLUMNS.map(([, k]) => String((m as LineMetrics)[k])), '']);
    const head = ['line', ...COLUMNS.map(([h]) => h), 'source'];
    const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
    const fmt = (r: readonly string[]): string =>
      r.map((v, c) => (c === r.length - 1 ? v : c === 0 ? v.padEnd(widths[c]!) : v.padStart(widths[c]!))).join('  ').trimEnd();
    out.push(fmt(head), ...rows.map(fmt), '');
  });
  return out.join('\n');
}
