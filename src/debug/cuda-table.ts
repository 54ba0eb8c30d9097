/*
 * cuda-gdb's tables, which are gdb's ui-out tables: a column is as wide as its header, its widest
 * cell or its minimum; a cell is aligned right, left or centred (an odd space goes to the left)
 * and followed by one space; every row starts with the current-row column (`*` or a space).
 * Group lines (`Kernel 0`, `Device 0 SM 3`) stand between rows, as cuda-gdb prints them.
 */

/** How a column aligns its header and cells. */
export type Align = 'left' | 'right' | 'center';

/** One column: its header, alignment (right unless said) and least width. */
export interface Column {
  readonly head: string;
  readonly align?: Align;
  readonly min?: number;
  /** Width from the header alone: a cell may run over it (cuda-gdb prints launch trace's `#` outside the level's field). */
  readonly fixed?: boolean;
}

/** A row (`current` marks the focus's row) or a group line. */
export type TableLine = { readonly current: boolean; readonly cells: readonly string[] } | { readonly group: string };

/** `text` in a field of `width` aligned as `align`. */
function field(text: string, width: number, align: Align): string {
  const excess = width - text.length;
  if (excess <= 0) return text;
  if (align === 'right') return ' '.repeat(excess) + text;
  if (align === 'left') return text + ' '.repeat(excess);
  const after = excess >> 1;
  return ' '.repeat(excess - after) + text + ' '.repeat(after);
}

/** The table's lines: header first, then rows and group lines in order. */
export function cudaTable(columns: readonly Column[], lines: readonly TableLine[]): string[] {
  const widths = columns.map((c, i) => {
    let w = Math.max(c.head.length, c.min ?? 0);
    if (!c.fixed) for (const l of lines) if ('cells' in l) w = Math.max(w, l.cells[i]?.length ?? 0);
    return w;
  });
  const row = (mark: string, cells: readonly string[]): string => `${mark} ${columns.map((c, i) => field(cells[i] ?? '', widths[i]!, c.align ?? 'right') + ' ').join('')}`;
  return [row(' ', columns.map((c) => c.head)), ...lines.map((l) => ('group' in l ? l.group : row(l.current ? '*' : ' ', l.cells)))];
}
