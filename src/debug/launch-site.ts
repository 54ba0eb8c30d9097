import type { LaunchRow, Trace } from '../trace/reader.js';
import type { DebugSession } from './session.js';

/*
 * The host statement that launched a kernel. A launch is queued and its kernel runs later (when
 * the host waits for it), so the host has moved on by the kernel's first step; the trace keeps the
 * launch's place, and the host ran the statement there once per launch made from it.
 */

/**
 * The host step of the statement that made `launch`: the n-th run of the statement at its place
 * for the n-th launch made from there. When the host ran no statement there (a launch inside a
 * larger statement, as `err = cudaLaunchKernel(...)`), its last statement before the kernel
 * began; null when it ran none.
 */
export function launchStatement(trace: Trace, launches: readonly LaunchRow[], launch: LaunchRow): number | null {
  let known = found.get(trace);
  if (!known) found.set(trace, (known = new Map()));
  // The steps before a kernel began never change: each launch is looked for once.
  if (!known.has(launch.launch_id)) known.set(launch.launch_id, search(trace, launches, launch));
  return known.get(launch.launch_id)!;
}

/** Where a reverse step out of the focused kernel's outermost frame goes: the host step of its launch statement; null in the host or a device function. */
export function launchStart(s: DebugSession): number | null {
  const f = s.focus;
  const row = s.focusRow();
  if (f.kind !== 'device' || !row || row.depth > 1) return null;
  const l = s.view!.launch(f.launch);
  return l ? launchStatement(s.trace!, s.view!.launches, l) : null;
}

const found = new WeakMap<Trace, Map<number, number | null>>();

function search(trace: Trace, launches: readonly LaunchRow[], launch: LaunchRow): number | null {
  const rank = launches.filter((l) => l.loc_id === launch.loc_id && l.launch_id < launch.launch_id).length;
  let seen = 0;
  let last: number | null = null;
  let host: number | null = null;
  for (let c = 0; c < trace.stepChunks.length; c++) {
    const ix = trace.stepChunks[c]!;
    if (ix.first >= launch.begin_step) break;
    const d = trace.stepChunk(c);
    for (let i = 0; i < d.count && ix.first + i < launch.begin_step; i++) {
      if (d.launch[i] !== 0) continue;
      host = ix.first + i;
      if (d.loc[i] !== launch.loc_id) continue;
      if (seen++ === rank) return host;
      last = host;
    }
  }
  // More launches than runs of the statement (one the trace cannot tell apart): its latest run.
  return last ?? host;
}
