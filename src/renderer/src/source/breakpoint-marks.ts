import type { BreakpointView } from '../../../protocol/messages';

/*
 * What the Source gutter draws for a line's breakpoints: a line whose breakpoints are all
 * disabled (`disable N`) cannot stop the program, so it must not look like one that can.
 */

/** One line's breakpoints as the gutter shows them. */
export interface BreakpointMark {
  /** The line's first breakpoint: the one whose condition a right-click edits. */
  readonly first: BreakpointView;
  /** Whether any of the line's breakpoints is enabled (else the dot is drawn greyed). */
  readonly enabled: boolean;
  /** Whether the first one stops only under a condition. */
  readonly conditional: boolean;
  /** The gutter's tooltip. */
  readonly title: string;
}

/** The gutter marks of `file`'s lines, by line number (`readOnly`: a classroom viewer's, which shows the presenter's and changes none). */
export function breakpointMarks(breakpoints: readonly BreakpointView[], file: string | null, readOnly = false): Map<number, BreakpointMark> {
  const byLine = new Map<number, BreakpointView[]>();
  for (const b of breakpoints) if (b.file === file) byLine.set(b.line, [...(byLine.get(b.line) ?? []), b]);
  const marks = new Map<number, BreakpointMark>();
  for (const [line, bps] of byLine) {
    const first = bps.reduce((a, b) => (b.num < a.num ? b : a));
    const enabled = bps.some((b) => b.enabled);
    const state = enabled ? '' : ' (disabled)';
    const how = readOnly ? "the presenter's" : 'click to clear, right-click to edit its condition';
    // A tbreak is named as gdb names it (`Temporary breakpoint 2`): it goes away at its first stop.
    const kind = first.temporary ? 'Temporary breakpoint' : 'Breakpoint';
    const title = `${kind} ${first.num}${state}${first.condition ? ` if ${first.condition}` : ''}: ${how}`;
    marks.set(line, { first, enabled, conditional: !!first.condition, title });
  }
  return marks;
}
