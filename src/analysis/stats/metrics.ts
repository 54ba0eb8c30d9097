/*
 * The metrics `warpscope stats` reports, named as Nsight Compute names them so that a user can set
 * our numbers beside `ncu --metrics ...` output. docs/stats.md says what each counts here and
 * which ones cannot agree with a GPU's.
 */

/** Metrics counted per source line (and summed per launch). */
export const LINE_METRICS = [
  'smsp__inst_executed_op_shared_ld.sum',
  'smsp__inst_executed_op_shared_st.sum',
  'l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum',
  'l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum',
  'l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum',
  'l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum',
  'l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum',
  'l1tex__t_requests_pipe_lsu_mem_global_op_st.sum',
  'l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum',
  'l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum',
  'smsp__thread_inst_executed.sum',
  'smsp__sass_branch_targets_threads_divergent.sum',
] as const;

/** Metrics of a whole launch only: occupancy, in percent of the SM's warp slots. */
export const LAUNCH_METRICS = ['sm__warps_active.avg.pct_of_peak_sustained_active', 'sm__maximum_warps_per_active_cycle_pct'] as const;

export type LineMetric = (typeof LINE_METRICS)[number];
export type LaunchMetric = (typeof LAUNCH_METRICS)[number];

/** Counts of one source line or one launch, every key present. */
export type LineMetrics = Record<LineMetric, number>;
export type LaunchMetrics = Record<LineMetric | LaunchMetric, number>;

/** A fresh set of line counts, all zero. */
export function zeroLine(): LineMetrics {
  const m = {} as LineMetrics;
  for (const k of LINE_METRICS) m[k] = 0;
  return m;
}

/** Adds `b`'s counts into `a`. */
export function addInto(a: LineMetrics, b: Readonly<LineMetrics>): void {
  for (const k of LINE_METRICS) a[k] += b[k];
}
