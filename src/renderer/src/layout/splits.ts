/*
 * The window's resizable splits: each a fraction of the box it divides, kept in localStorage so
 * a reload (or the next session) opens with the sizes the user dragged to, as VS Code keeps its
 * panels' sizes.
 */

/** Where each sash stands, as a fraction of the box it splits. */
export interface Splits {
  /** The Source column's share of the window's width. */
  readonly source: number;
  /** The side column's (global memory, diagnostics, output) share of the window's width. */
  readonly side: number;
  /** The bottom row's (console, shared memory) share of the window's height. */
  readonly bottom: number;
  /** The console's share of the bottom row's width. */
  readonly console: number;
}

/**
 * The sizes a first start opens with (and a double-click on a sash goes back to). The main row
 * keeps the layout it had before it was resizable: the side column 21%, the Source and Grid
 * columns sharing the rest 1 : 1.15, so the top row opens as it did.
 */
export const DEFAULT_SPLITS: Splits = { source: (1 - 0.21) / 2.15, side: 0.21, bottom: 0.3, console: 0.59 };

/** Pixels the console wants: 100 columns of its 12-pixel font (723) beside its padding and 14-pixel scrollbar, so `info cuda warps` and `info breakpoints` do not wrap. */
const CONSOLE_WANTS = 760;

/**
 * The default sizes for a window `width` pixels wide. The console gets its 100 columns and the
 * Shared memory panel beside it the rest, for its 32 banks: at 1280 pixels that is 59% to the
 * console; a wider window gives what is left over to the banks (more digits a cell), down to 45%.
 */
export function defaultSplits(width: number): Splits {
  const console = width > 0 ? clamp(CONSOLE_WANTS / width, 0.45, DEFAULT_SPLITS.console) : DEFAULT_SPLITS.console;
  return { ...DEFAULT_SPLITS, console };
}

/** Where the splits are remembered. */
export const SPLITS_KEY = 'warpscope.layout';

/** The narrowest share a pane may be dragged to: no pane vanishes under a sash. */
const MIN_SHARE = 0.1;

/** `v` within [lo, hi]. */
export function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/** The range each split may take, given the others (the main row's three columns share one width). */
export function splitRange(s: Splits, key: keyof Splits): { min: number; max: number } {
  if (key === 'source') return { min: MIN_SHARE, max: 1 - s.side - MIN_SHARE };
  if (key === 'side') return { min: MIN_SHARE, max: 1 - s.source - MIN_SHARE };
  if (key === 'bottom') return { min: 0.12, max: 0.7 };
  return { min: 0.15, max: 0.85 };
}

/** `s` with `key` moved to `v`, kept within its range. */
export function withSplit(s: Splits, key: keyof Splits, v: number): Splits {
  const { min, max } = splitRange(s, key);
  return { ...s, [key]: clamp(v, min, max) };
}

/** The splits stored as `text` (a JSON object), falling back to `defaults` for whatever is missing or out of range. */
export function parseSplits(text: string | null, defaults: Splits = DEFAULT_SPLITS): Splits {
  let raw: unknown = null;
  try {
    raw = text === null ? null : JSON.parse(text);
  } catch {
    raw = null;
  }
  let s: Splits = defaults;
  if (raw === null || typeof raw !== 'object') return s;
  const rec = raw as Record<string, unknown>;
  for (const key of Object.keys(defaults) as (keyof Splits)[]) {
    const v = rec[key];
    if (typeof v === 'number' && Number.isFinite(v)) s = withSplit(s, key, v);
  }
  return s;
}

/** The splits remembered in `storage` (`defaults` when it holds none, or storage is refused). */
export function loadSplits(storage: Pick<Storage, 'getItem'> | null, defaults: Splits = DEFAULT_SPLITS): Splits {
  try {
    return parseSplits(storage?.getItem(SPLITS_KEY) ?? null, defaults);
  } catch {
    return defaults;
  }
}

/** Remembers `s` in `storage`; a storage that refuses (private mode, full) only loses the memory. */
export function saveSplits(storage: Pick<Storage, 'setItem'> | null, s: Splits): void {
  try {
    storage?.setItem(SPLITS_KEY, JSON.stringify(s));
  } catch {
    // Nothing to do: the sizes still hold for this page.
  }
}
