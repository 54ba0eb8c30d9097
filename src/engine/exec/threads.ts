import type { Dim3 } from './env.js';

/*
 * Compact text for sets of threads in diagnostics: a block of 1024 threads must not turn a
 * deadlock message into a page of coordinates, so consecutive x of one (y, z) row collapse
 * into a range: "(1..254,0,0)".
 */

const MAX_ROWS = 6;

/** "(1..254,0,0)", "(0,0,0) and (255,0,0)", "(0..3,0,0), (5,1,0) and (7..9,1,0)" for the given threads (any order). */
export function formatThreads(threads: readonly Dim3[]): string {
  const rows = new Map<string, number[]>();
  for (const t of threads) {
    const k = `${t.y},${t.z}`;
    let xs = rows.get(k);
    if (!xs) rows.set(k, (xs = []));
    xs.push(t.x);
  }
  const items: string[] = [];
  for (const [yz, xs] of rows) {
    xs.sort((a, b) => a - b);
    let i = 0;
    while (i < xs.length) {
      let j = i;
      while (j + 1 < xs.length && xs[j + 1] === xs[j]! + 1) j++;
      items.push(j === i ? `(${xs[i]},${yz})` : `(${xs[i]}..${xs[j]},${yz})`);
      i = j + 1;
    }
  }
  const shown = items.length > MAX_ROWS ? items.slice(0, MAX_ROWS - 1) : items;
  const rest = items.length - shown.length;
  const parts = rest > 0 ? [...shown, `${rest} more ranges`] : shown;
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** "thread" or "threads" for a count. */
export function threadWord(n: number): string {
  return n === 1 ? 'thread' : 'threads';
}
