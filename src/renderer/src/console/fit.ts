/*
 * Sizes the console's terminal to its panel: xterm.js needs columns and rows, the panel has
 * pixels. The cell size is measured from the terminal's own rendered rows and a run of glyphs
 * in its font, so no add-on is needed. xterm 6 draws its scrollbar over the right edge of the
 * text (14 pixels, about two columns), so the columns stop where the scrollbar starts: a line of
 * exactly `cols` characters is then seen whole.
 */

/** Columns and rows of cells that fit in `box` (the terminal's own box) beside a scrollbar `scrollbar` pixels wide, given the cell size. */
export function cellsThatFit(box: { width: number; height: number }, cell: { width: number; height: number }, scrollbar = 0): { cols: number; rows: number } {
  if (cell.width <= 0 || cell.height <= 0) return { cols: 80, rows: 24 };
  return { cols: Math.max(20, Math.floor((box.width - scrollbar) / cell.width)), rows: Math.max(4, Math.floor(box.height / cell.height)) };
}

/** The size of one character cell of the terminal inside `host`: as xterm lays its screen out for `cols` columns, else measured from glyphs of `font`. */
export function measureCell(host: HTMLElement, font: string, cols: number): { width: number; height: number } {
  const row = host.querySelector<HTMLElement>('.xterm-rows > div');
  const height = row?.getBoundingClientRect().height ?? 0;
  // xterm sizes its screen to exactly its columns' cells, which may be a little wider than the glyphs' advance.
  const screen = host.querySelector<HTMLElement>('.xterm-screen')?.getBoundingClientRect().width ?? 0;
  if (screen > 0 && cols > 0) return { width: screen / cols, height };
  const probe = document.createElement('span');
  probe.style.font = font;
  probe.style.position = 'absolute';
  probe.style.visibility = 'hidden';
  probe.style.whiteSpace = 'pre';
  probe.textContent = 'W'.repeat(64);
  host.appendChild(probe);
  const width = probe.getBoundingClientRect().width / 64;
  probe.remove();
  return { width, height };
}

/** The pixels xterm's vertical scrollbar covers at the right of the terminal inside `host` (its overlay, or a native scrollbar's gutter). */
export function scrollbarWidth(host: HTMLElement): number {
  const overlay = host.querySelector<HTMLElement>('.xterm-scrollable-element > .scrollbar.vertical');
  if (overlay) return overlay.offsetWidth;
  const viewport = host.querySelector<HTMLElement>('.xterm-viewport');
  return viewport ? viewport.offsetWidth - viewport.clientWidth : 0;
}

/** The box the terminal's text may fill: `host`'s content box (inside its padding), where xterm's element sits. */
export function terminalBox(host: HTMLElement): { width: number; height: number } {
  const style = getComputedStyle(host);
  const r = host.getBoundingClientRect();
  const px = (v: string): number => Number.parseFloat(v) || 0;
  return { width: r.width - px(style.paddingLeft) - px(style.paddingRight), height: r.height - px(style.paddingTop) - px(style.paddingBottom) };
}
