import type { LaunchRow, Trace } from '../trace/reader.js';
import type { TimelineBar, TimelineView } from '../protocol/messages.js';

/*
 * The Timeline panel's data: the trace's modelled stream operations (docs/timing.md), each tied
 * to the steps of the recording it covers, so a cursor on the time axis can stand for a step.
 * A kernel covers its launch's statements; any other operation is a point in the recording,
 * the step the recording had reached when it ran. The model times a kernel as it ends, so the
 * kernel an unfinished recording stands in has no operation yet, and one that hung never gets
 * one: each gets an estimated bar.
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

const KINDS: readonly TimelineBar['kind'][] = ['kernel', 'memcpy', 'memset', 'free', 'event record', 'wait', 'host func'];

function isKind(k: string): k is TimelineBar['kind'] {
  return (KINDS as readonly string[]).includes(k);
}

/** A running kernel's least width: the fixed cost every kernel has in the timing model (docs/timing.md). */
const RUNNING_MIN_NS = 2000;

/** How a launch failed, by its recorded outcome; 'ok' (and a launch still running) is absent. */
const FAILED: Readonly<Record<string, TimelineBar['failed']>> = { fault: 'fault', 'barrier-deadlock': 'deadlock', 'step-limit': 'step-limit' };

/** The timeline of `trace` as far as it was recorded. */
export function timelineOf(trace: Trace): TimelineView {
  const rows = trace.db.prepare('SELECT op_id, step, kind, name, stream, start_ns, end_ns FROM timeline ORDER BY op_id LIMIT ?').all(MAX_BARS) as TimelineRow[];
  const all = trace.launches();
  const launches = all.filter((l) => l.outcome === null || !l.outcome.startsWith('rejected'));
  // Kernels ran one after another in the recording, in launch order, and each reported its
  // operation as it finished: so the k-th kernel operation (in finishing order) of a name is
  // the k-th launch of that kernel.
  const kernels = rows.filter((r) => r.kind === 'kernel').sort((a, b) => a.step - b.step || a.op_id - b.op_id);
  const launchOf = new Map<number, LaunchRow>();
  const used = new Set<number>();
  for (const op of kernels) {
    const l = launches.find((x) => !used.has(x.launch_id) && x.kernel === op.name && (x.end_step ?? Number.MAX_SAFE_INTEGER) <= op.step);
    if (!l) continue;
    used.add(l.launch_id);
    launchOf.set(op.op_id, l);
  }
  const bars: TimelineBar[] = [];
  for (const r of rows) {
    if (!isKind(r.kind)) continue;
    const l = launchOf.get(r.op_id);
    const failed = l?.outcome ? FAILED[l.outcome] : undefined;
    bars.push({ id: r.op_id, stream: r.stream, kind: r.kind, name: r.name, start: r.start_ns, end: r.end_ns, fromStep: l?.begin_step ?? r.step, toStep: l ? (l.end_step ?? l.begin_step) : r.step, launch: l?.launch_id ?? null, ...(failed ? { failed } : {}) });
  }
  if (rows.length >= MAX_BARS) return { bars, steps: trace.stepCount(), complete: trace.complete };
  const hung = hungBars(launches.filter((l) => !used.has(l.launch_id)), all, bars);
  const running = !trace.complete ? runningBar(all, bars, trace.stepCount()) : null;
  return { bars: [...bars, ...hung, ...(running ? [running] : [])], steps: trace.stepCount(), complete: trace.complete };
}

/**
 * The kernel still running at the end of the recording so far (its launch has no end yet), as
 * far as the recording tells (see unfinishedBar); its steps run to the recording's end.
 */
export function runningBar(launches: readonly LaunchRow[], bars: readonly TimelineBar[], steps: number): TimelineBar | null {
  const last = launches[launches.length - 1];
  if (!last || last.end_step !== null) return null;
  return { ...unfinishedBar(launches, bars, last, Math.max(last.begin_step, steps)), running: true };
}

/**
 * Kernels that never finished (`untimed`: launches without an operation): a barrier deadlock or
 * a loop without end (--max-steps, or a proof that it spins) ended the program where a GPU would
 * hang, so the model has no operation for them.
 * Each covers its steps up to where its launch (and the recording) ended.
 */
export function hungBars(untimed: readonly LaunchRow[], launches: readonly LaunchRow[], bars: readonly TimelineBar[]): TimelineBar[] {
  return untimed.flatMap((l) => {
    const failed = l.outcome ? FAILED[l.outcome] : undefined;
    if (l.end_step === null || (failed !== 'deadlock' && failed !== 'step-limit')) return [];
    return [{ ...unfinishedBar(launches, bars, l, l.end_step), failed }];
  });
}

/**
 * A kernel bar the model did not time: its stream is the one its launch site's last kernel ran
 * in (the default stream for a first launch), its start the end of its stream's last operation
 * (it cannot start earlier), and its length that of the kernel's last run, or the least a kernel takes.
 */
function unfinishedBar(launches: readonly LaunchRow[], bars: readonly TimelineBar[], l: LaunchRow, toStep: number): TimelineBar {
  const site = new Set(launches.filter((x) => x.loc_id === l.loc_id).map((x) => x.launch_id));
  const stream = lastOf(bars, (b) => b.launch !== null && site.has(b.launch))?.stream ?? 0;
  const start = Math.max(0, ...bars.filter((b) => b.stream === stream && b.toStep <= l.begin_step).map((b) => b.end));
  const before = lastOf(bars, (b) => b.kind === 'kernel' && b.name === l.kernel);
  const end = start + Math.max(RUNNING_MIN_NS, before ? before.end - before.start : 0);
  return { id: -l.launch_id, stream, kind: 'kernel', name: l.kernel, start, end, fromStep: l.begin_step, toStep, launch: l.launch_id };
}

function lastOf<T>(xs: readonly T[], ok: (x: T) => boolean): T | undefined {
  for (let i = xs.length - 1; i >= 0; i--) if (ok(xs[i]!)) return xs[i];
  return undefined;
}
