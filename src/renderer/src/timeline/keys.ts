import type { TimelineBar } from '../../../protocol/messages';

/*
 * The Timeline's cursor is a slider over the recording's steps, moved by keys as WAI-ARIA's
 * slider and a media player's seek bar are: arrows a step, Page Up/Down a tenth of the run,
 * Home/End its ends.
 */

/** Steps a Page Up/Down moves in a recording whose last step is `last`: a tenth of the run, at least one. */
export function pageSteps(last: number): number {
  return Math.max(1, Math.round((last + 1) / 10));
}

/** The step a key moves the cursor to from `step` (0..`last`), or null when the key is not the slider's. */
export function stepForKey(key: string, step: number, last: number): number | null {
  const to = (n: number): number => Math.min(Math.max(0, n), last);
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return to(step - 1);
    case 'ArrowRight':
    case 'ArrowUp':
      return to(step + 1);
    case 'PageDown':
      return to(step - pageSteps(last));
    case 'PageUp':
      return to(step + pageSteps(last));
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/** What a screen reader says of the cursor at `step`: the step, its modelled time and the operation running there. */
export function positionText(step: number, time: string, bars: readonly TimelineBar[]): string {
  const bar = bars.find((b) => b.kind === 'kernel' && b.fromStep <= step && step < b.toStep) ?? bars.find((b) => b.fromStep === step && b.toStep === step);
  return `step ${step} · ${time}${bar ? ` · ${bar.kind === 'kernel' ? `kernel ${bar.name}` : bar.name}` : ''}`;
}
