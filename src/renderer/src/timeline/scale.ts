import type { TimelineBar, TimelineView } from '../../../protocol/messages';

/*
 * The Timeline's two axes in one: modelled time (where bars are drawn) and recording steps
 * (where the program stands). Each operation anchors steps to times: a kernel's first and last
 * statements to its start and end, any other operation's step to its start and end (time
 * passes inside it while the recording stands still). Between anchors both advance linearly,
 * so dragging through a kernel bar walks through its statements, and through a copy stays on
 * the step that ran it.
 */

/** A step of the recording at a modelled time. */
interface Anchor {
  readonly step: number;
  readonly time: number;
}

/** Maps steps to times and back, monotonically both ways. */
export class TimeScale {
  private readonly anchors: Anchor[];

  constructor(view: Pick<TimelineView, 'bars' | 'steps'>) {
    const raw: Anchor[] = [{ step: 0, time: 0 }];
    for (const b of view.bars) raw.push({ step: b.fromStep, time: b.start }, { step: b.toStep, time: b.end });
    raw.sort((a, b) => a.step - b.step || a.time - b.time);
    // Operations of other streams may end out of step order: time never runs backwards along the steps.
    const out: Anchor[] = [];
    let t = 0;
    for (const a of raw) {
      t = Math.max(t, a.time);
      out.push({ step: a.step, time: t });
    }
    const lastStep = Math.max(0, view.steps - 1);
    const end = out[out.length - 1]!;
    if (end.step < lastStep) out.push({ step: lastStep, time: end.time + Math.max(1, end.time * 0.02) });
    this.anchors = out;
  }

  /** The end of the axis (ns). */
  get span(): number {
    return Math.max(1, this.anchors[this.anchors.length - 1]!.time);
  }

  /** The time the cursor stands at for `step`: after every operation that ran by then. */
  timeOf(step: number): number {
    const a = this.anchors;
    let i = 0;
    while (i + 1 < a.length && a[i + 1]!.step <= step) i++;
    const lo = a[i]!;
    const hi = a[i + 1];
    if (!hi || hi.step === lo.step) return lo.time;
    return lo.time + ((step - lo.step) / (hi.step - lo.step)) * (hi.time - lo.time);
  }

  /** The step the cursor means at time `time` (ns). */
  stepOf(time: number): number {
    const a = this.anchors;
    if (time <= a[0]!.time) return a[0]!.step;
    for (let i = 0; i + 1 < a.length; i++) {
      const lo = a[i]!;
      const hi = a[i + 1]!;
      if (time > hi.time) continue;
      if (hi.time === lo.time) return lo.step;
      return Math.round(lo.step + ((time - lo.time) / (hi.time - lo.time)) * (hi.step - lo.step));
    }
    return a[a.length - 1]!.step;
  }
}

/** The last step the cursor can stand at: a recording that has not ended may still be running its last statement (a goto there would record more, moving the end). */
export function lastStep(view: Pick<TimelineView, 'steps' | 'complete'>): number {
  return Math.max(0, view.steps - (view.complete ? 1 : 2));
}

/** The step the cursor means at `time` (ns) on `scale`, within the steps of `view` it can stand at. */
export function cursorStepAt(scale: TimeScale, view: Pick<TimelineView, 'steps' | 'complete'>, time: number): number {
  return Math.min(Math.max(0, scale.stepOf(Math.max(0, time))), lastStep(view));
}

/** The streams with operations, in order: one row each. */
export function streamRows(bars: readonly TimelineBar[]): number[] {
  return [...new Set(bars.map((b) => b.stream))].sort((a, b) => a - b);
}

/** A time as the axis labels it (µs with a precision that suits the span). */
export function formatTime(ns: number, span: number): string {
  if (span >= 2e6) return `${(ns / 1e6).toFixed(span >= 2e7 ? 0 : 1)} ms`;
  return `${(ns / 1e3).toFixed(span >= 2e4 ? 0 : 1)} µs`;
}
