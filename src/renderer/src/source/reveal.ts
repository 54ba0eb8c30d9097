/*
 * Where the Source panel scrolls to show a line, as VS Code reveals a debugger stop or a clicked
 * problem: a line already in view with a few lines of context around it stays put (no jumping
 * while stepping through visible code); one off screen or at an edge is centred.
 */

/** Lines of context kept above and below a revealed line (fewer when the view is short). */
export const CONTEXT_LINES = 3;

/** A vertical extent in the scroller's content coordinates (pixels). */
export interface Extent {
  readonly top: number;
  readonly height: number;
}

/** The scrollTop that shows `line` in a view at `view.top` of height `view.height`, or null when it is shown well enough already. */
export function revealScrollTop(view: Extent, line: Extent): number | null {
  // A short view cannot keep three lines each side: a third of what is left is the margin then.
  const margin = Math.max(0, Math.min(CONTEXT_LINES * line.height, Math.floor((view.height - line.height) / 3)));
  const inView = line.top >= view.top + margin && line.top + line.height <= view.top + view.height - margin;
  if (inView) return null;
  return Math.max(0, Math.round(line.top - (view.height - line.height) / 2));
}

/** Whether `line` showed, even partly, in `view` (the view before its panel changed size). */
export function wasShown(view: Extent, line: Extent): boolean {
  return line.top + line.height > view.top && line.top < view.top + view.height;
}
