/*
 * The Source view's cursor line, moved from the keyboard as an editor's is (VS Code's keys):
 * the arrows a line, Page Up/Down a screenful, Home/End (with or without Ctrl) the first and
 * last lines. F9 on it toggles a breakpoint, so the gutter is reachable without a mouse.
 */

/** Lines a Page Up/Down moves in a view `height` pixels high of `lineHeight`-pixel lines: a screenful less one, for context, at least one. */
export function pageLines(height: number, lineHeight: number): number {
  return lineHeight > 0 ? Math.max(1, Math.floor(height / lineHeight) - 1) : 1;
}

/** The line a key moves the cursor to from `line` in a file of `last` lines (`page` lines a page), or null when the key does not move it. */
export function lineForKey(key: string, line: number, last: number, page: number): number | null {
  const to = (n: number): number => Math.min(Math.max(1, n), Math.max(1, last));
  switch (key) {
    case 'ArrowUp':
      return to(line - 1);
    case 'ArrowDown':
      return to(line + 1);
    case 'PageUp':
      return to(line - page);
    case 'PageDown':
      return to(line + page);
    case 'Home':
      return 1;
    case 'End':
      return to(last);
    default:
      return null;
  }
}

/** What a screen reader is told of the cursor line: its number, its breakpoint, whether the program stands there, and its code. */
export function cursorText(line: number, code: string, breakpoint: string | null, stoppedHere: boolean): string {
  const parts = [`Line ${line}`];
  if (breakpoint) parts.push(breakpoint);
  if (stoppedHere) parts.push('the program is stopped here');
  return `${parts.join(', ')}: ${code.trim() === '' ? 'blank' : code.trim()}`;
}
