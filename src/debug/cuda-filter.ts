/*
 * cuda-gdb's filters on its info cuda tables (`info cuda threads block (1,0,0)`, `info cuda lanes
 * warp 2`, `info cuda warps sm 0`), read as its parser reads them: words device, sm, warp,
 * lane, kernel, grid, block and thread, each once, each
 * followed by a number, `current` (the focus's), or `all`/`any` (anything); a block or thread a
 * triple whose left-out components are anything. A table given no filter narrows itself to the
 * focus's SM, warp or kernel; given one, it narrows to what the filter names and nothing else.
 */

/** A coordinate as written: a number, the focus's, or anything. */
export type Coord = number | 'current' | 'any';
type Triple = readonly [Coord, Coord, Coord];

/** A parsed filter: the coordinates it names (absent: anything). */
export interface CudaFilter {
  readonly device?: Coord;
  readonly sm?: Coord;
  readonly warp?: Coord;
  readonly lane?: Coord;
  readonly kernel?: Coord;
  readonly grid?: Coord;
  readonly block?: Triple;
  readonly thread?: Triple;
}

const dim3Words = new Set(['block', 'thread']);
// cuda-gdb's documentation names a `breakpoint` filter too, but cuda-gdb 13 answers it `Incorrect filter` (run on the H100).
const scalarWords = new Set(['device', 'sm', 'warp', 'lane', 'kernel', 'grid']);

/** The words a filter is written with, for completion. */
export const FILTER_WORDS: readonly string[] = [...scalarWords, ...dim3Words, 'all', 'any', 'current'];

/** Tokens as cuda-gdb's lexer cuts them (keywords match without word boundaries: `lanes` is `lane` then an error). */
function tokens(text: string): string[] | null {
  const re = /\s*(threadIdx\.[xyz]|blockIdx\.[xyz]|device|sm|warp|lane|kernel|grid|block|thread|current|any|all|0x[0-9a-fA-F]+|\d+|[(),])/y;
  const out: string[] = [];
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) return null;
    out.push(m[1]!);
    at = re.lastIndex;
  }
  return out;
}

const coordOf = (t: string | undefined): Coord | null =>
  t === undefined ? null : t === 'current' ? 'current' : t === 'all' || t === 'any' ? 'any' : /^(0x[0-9a-f]+|\d+)$/i.test(t) ? Number(t) : null;

/** The filter `text` names, or null where cuda-gdb's parser rejects it (`Incorrect filter`). `kernelOnly`: launch trace's, which takes `kernel N` alone. */
export function parseFilter(text: string, kernelOnly = false): CudaFilter | null {
  const ts = tokens(text);
  if (!ts || ts.length === 0) return null;
  const out: Record<string, Coord | Triple> = {};
  let i = 0;
  while (i < ts.length) {
    const word = ts[i++]!;
    if (!scalarWords.has(word) && !dim3Words.has(word)) return null;
    if (word in out || (kernelOnly && word !== 'kernel')) return null;
    const paren = ts[i] === '(';
    if (paren) i++;
    const parts: Coord[] = [];
    for (;;) {
      const c = coordOf(ts[i]);
      if (c === null) return null;
      parts.push(c);
      i++;
      if (ts[i] !== ',' || !dim3Words.has(word) || parts.length === 3) break;
      i++;
    }
    if (paren && ts[i++] !== ')') return null;
    if (!dim3Words.has(word)) out[word] = parts[0]!;
    else out[word] = [parts[0]!, parts[1] ?? 'any', parts[2] ?? 'any'];
  }
  return out as CudaFilter;
}

/** Where a thread, warp or block is, in the filter's coordinates; those a table's rows lack are left out. */
export interface Coords {
  readonly sm?: number;
  readonly kernel?: number;
  readonly grid?: number;
  readonly block?: { readonly x: number; readonly y: number; readonly z: number };
  readonly warp?: number;
  readonly lane?: number;
  readonly thread?: { readonly x: number; readonly y: number; readonly z: number };
}

/** Whether `c` is one the filter names, `current` read as the focus's coordinates `focus`. */
export function matches(filter: CudaFilter, c: Coords, focus: Required<Coords>): boolean {
  const one = (want: Coord | undefined, have: number | undefined, cur: number): boolean =>
    want === undefined || want === 'any' || have === undefined || have === (want === 'current' ? cur : want);
  const three = (want: Triple | undefined, have: Coords['block'], cur: Required<Coords>['block']): boolean =>
    !want || !have || (one(want[0], have.x, cur.x) && one(want[1], have.y, cur.y) && one(want[2], have.z, cur.z));
  return one(filter.device, 0, 0) && one(filter.sm, c.sm, focus.sm) && one(filter.warp, c.warp, focus.warp) && one(filter.lane, c.lane, focus.lane)
    && one(filter.kernel, c.kernel, focus.kernel) && one(filter.grid, c.grid, focus.grid)
    && three(filter.block, c.block, focus.block) && three(filter.thread, c.thread, focus.thread);
}
