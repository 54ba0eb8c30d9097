/*
 * Sizes the console's terminal to its panel: xterm.js needs columns and rows, the panel has
 * pixels. The cell size is measured from the terminal's own rendered rows and a run of glyphs
 * in its font, so no add-on is needed.
 */

/** Columns and rows of cells that fit in `box`, given the cell size. */
export function cellsThatFit(box: { width: number; height: number }, cell: { width: number; height: number }): { cols: number; rows: number } {
  if (cell.width <= 0 || cell.height <= 0) return { cols: 80, rows: 24 };
  // One column is left for xterm's scrollbar.
  return { cols: Math.max(20, Math.floor(box.width / cell.width) - 1), rows: Math.max(4, Math.floor(box.height / cell.height)) };
}

/** The size of one character cell of the terminal inside `host`. */
export function measureCell(host: HTMLElement, font: string): { width: number; height: number } {
  const probe = document.createElement('span');
  probe.style.font = font;
  probe.style.position = 'absolute';
  probe.style.visibility = 'hidden';
  probe.style.whiteSpace = 'pre';
  probe.textContent = 'W'.repeat(64);
  host.appendChild(probe);
  const width = probe.getBoundingClientRect().width / 64;
  probe.remove();
  const row = host.querySelector<HTMLElement>('.xterm-rows > div');
  const height = row?.getBoundingClientRect().height ?? 0;
  return { width, height };
}
