import type { Trace } from '../trace/reader.js';
import type { TimelineBar, TimelineView } from '../protocol/messages.js';

/*
 * The Timeline panel's data: the trace's modelled stream operations (docs/timing.md), each tied
 * to the steps of the recording it covers, so a cursor on the time axis can stand for a step.
 * A kernel covers its launch's statements; any other operation is a point in the recording,
 * the step the recording had reached when it ran.
 */

/** Operations sent at most: a program that issues more shows its first ones (the panel says so through `steps`). */
export const MAX_BARS = 5000;

interface TimelineRow {
  readonly op_id: number;
  readonly step: number;
  readonly kind: string;
  readonly name: string;
  readonly stream: number;
  readonly start_ns: number;
  readonly end_ns: number;
}

const KINDS: readonly TimelineBar['kind'][] = ['kernel', 'memcpy', 'memset', 'event record', 'wait', 'host func'];

function isKind(k: string): k is TimelineBar['kind'] {
  return (KINDS as readonly string[]).includes(k);
}

/** The timeline of `trace` as far as it was recorded. */
export function timelineOf(trace: Trace): TimelineView {
  const rows = trace.db.prepare('SELECT op_id, step, kind, name, stream, start_ns, end_ns FROM timeline ORDER BY op_id LIMIT ?').all(MAX_BARS) as TimelineRow[];
  const launches = trace.launches().filter((l) => l.outcome === null || !l.outcome.startsWith('rejected'));
  // Kernels ran one after another in the recording, in launch order, and each reported its
  // operation as it finished: so the k-th kernel operation (in finishing order) of a name is
  // the k-th launch of that kernel.
  const kernels = rows.filter((r) => r.kind === 'kernel').sort((a, b) => a.step - b.step || a.op_id - b.op_id);
  const launchOf = new Map<number, { id: number; from: number; to: number }>();
  const used = new Set<number>();
  for (const op of kernels) {
    const l = launches.find((x) => !used.has(x.launch_id) && x.kernel === op.name && (x.end_step ?? Number.MAX_SAFE_INTEGER) <= op.step);
    if (!l) continue;
    used.add(l.launch_id);
    launchOf.set(op.op_id, { id: l.launch_id, from: l.begin_step, to: l.end_step ?? l.begin_step });
  }
  const bars: TimelineBar[] = [];
  for (const r of rows) {
    if (!isKind(r.kind)) continue;
    const l = launchOf.get(r.op_id);
    bars.push({ id: r.op_id, stream: r.stream, kind: r.kind, name: r.name, start: r.start_ns, end: r.end_ns, fromStep: l?.from ?? r.step, toStep: l?.to ?? r.step, launch: l?.id ?? null });
  }
  return { bars, steps: trace.stepCount(), complete: trace.complete };
}
