/*
 * The rows a trace hands its readers: statements, effects, launches, output and
 * source locations, as the debugger and the host views consume them.
 */

/** A recorded warp statement. */
export interface StepRow {
  readonly step: number;
  readonly launch: number;
  readonly block: number;
  readonly warp: number;
  readonly mask: number;
  readonly loc: number;
  readonly exited: number;
  readonly depth: number;
}

/** A recorded effect (load, store, bulk write, register value, frame enter/leave). */
export interface EffectRow {
  readonly seq: number;
  readonly step: number;
  readonly kind: number;
  readonly space: string;
  readonly address: number;
  readonly size: number;
  readonly launch: number;
  readonly block: number;
  readonly warp: number;
  readonly lane: number;
}

/** A kernel launch of the run. */
export interface LaunchRow {
  readonly launch_id: number;
  readonly kernel: string;
  readonly grid_x: number; readonly grid_y: number; readonly grid_z: number;
  readonly block_x: number; readonly block_y: number; readonly block_z: number;
  readonly shared_bytes: number;
  readonly loc_id: number;
  readonly begin_step: number;
  readonly end_step: number | null;
  readonly outcome: string | null;
}

/** An output chunk: what the run printed to stdout or stderr, and the step it printed it at. */
export interface OutputRow {
  readonly seq: number;
  readonly step: number;
  /** Effects made before it (a statement's output may come before or after a call in it returns). */
  readonly effect: number;
  readonly stream: 'stdout' | 'stderr';
  readonly data: Buffer;
}

/** A source location by loc_id. */
export interface LocRow {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}
