import type { Database as Db } from 'better-sqlite3';

/*
 * Checks made when a trace is opened, over what is cheap to read whole: the chunk lists, the
 * launches and the meta rows the readers parse. A recording commits each batch whole, so in an
 * undamaged trace (finished or killed) the chunks run on without gaps from statement 0 and
 * effect 0, and a finished one holds exactly the statements and effects its meta counts. What
 * these checks cannot see without decoding everything (a chunk's bytes) the reader checks as it
 * decodes them.
 */

/** A chunk list's rows: the first statement or effect number each holds, and how many. */
interface ChunkRange {
  readonly first: number;
  readonly count: number;
}

/** Why the chunks of `what` ('statements' or 'effects') do not run on from 0 without gaps or overlaps; null when they do. */
export function chunkGap(chunks: readonly ChunkRange[], what: string): string | null {
  let next = 0;
  for (const c of chunks) {
    if (!Number.isSafeInteger(c.first) || !Number.isSafeInteger(c.count) || c.count <= 0) return `a chunk of ${what} at ${c.first} holds ${c.count}`;
    if (c.first > next) return `${what} ${next} to ${c.first - 1} are missing`;
    if (c.first < next) return `two chunks hold ${what} ${c.first} to ${next - 1}`;
    next = c.first + c.count;
  }
  return null;
}

/** Whether `text` parses as JSON that `ok` accepts. */
function parses(text: string, ok: (v: unknown) => boolean): boolean {
  try {
    return ok(JSON.parse(text));
  } catch {
    return false;
  }
}

const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStrings = (v: unknown): boolean => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isInteger = (text: string | undefined): boolean => text !== undefined && /^-?\d+$/.test(text);

/** Meta rows every trace has from its creation on (src/trace/trace-file.ts), a killed recording's too. */
const REQUIRED = ['program', 'argv', 'device', 'options', 'created', 'complete'];

/** Why a meta row is missing or does not hold what a recording writes there; null when every one does. */
export function metaDamage(meta: ReadonlyMap<string, string>): string | null {
  const missing = REQUIRED.find((key) => !meta.has(key));
  if (missing !== undefined) return `its meta row '${missing}' is missing`;
  const json: [string, (v: unknown) => boolean][] = [['argv', isStrings], ['options', isObject], ['debug_info', isObject], ['sanitizers', Array.isArray]];
  for (const [key, ok] of json) {
    const text = meta.get(key);
    if (text !== undefined && !parses(text, ok)) return `its meta row '${key}' is not what a recording writes`;
  }
  for (const [key, text] of meta) {
    if (key.startsWith('fault_site:') && !parses(text, (v) => isObject(v) && typeof (v as { step?: unknown }).step === 'number')) return `its meta row '${key}' is not what a recording writes`;
  }
  const complete = meta.get('complete');
  if (complete !== '0' && complete !== '1') return `its meta row 'complete' is not what a recording writes`;
  if (complete === '0') return null;
  // A finished recording writes all three as it closes.
  for (const key of ['exit_status', 'steps', 'effects']) {
    const text = meta.get(key);
    if (text === undefined) return `its meta row '${key}' is missing`;
    if (!isInteger(text)) return `its meta row '${key}' is not a number`;
  }
  return null;
}

/** Why a finished recording's chunks do not hold the statements and effects its meta counts; null when they do. */
export function countDamage(meta: ReadonlyMap<string, string>, steps: number, effects: number): string | null {
  if (meta.get('complete') !== '1') return null;
  const want = (key: string): number | null => (meta.has(key) ? Number(meta.get(key)) : null);
  const s = want('steps');
  if (s !== null && s !== steps) return `the run made ${s} statements but ${steps} are recorded`;
  const e = want('effects');
  if (e !== null && e !== effects) return `the run made ${e} effects but ${effects} are recorded`;
  return null;
}

/**
 * Why the launches table does not hold what a recording writes (numbered 1, 2, ... with grids and
 * blocks of at least one thread, but for a rejected launch, recorded as it was given); null when it does.
 */
export function launchDamage(db: Db, steps: number): string | null {
  const rows = db.prepare('SELECT launch_id, grid_x, grid_y, grid_z, block_x, block_y, block_z, begin_step, end_step, outcome FROM launches ORDER BY launch_id').all() as Record<string, number | string | null>[];
  for (const [i, r] of rows.entries()) {
    if (r.launch_id !== i + 1) return `launch ${i + 1} is missing`;
    const dims = [r.grid_x, r.grid_y, r.grid_z, r.block_x, r.block_y, r.block_z];
    // <<<0, 32>>> is rejected by the runtime and ran nothing: its grid of no blocks is what the program asked for.
    const least = typeof r.outcome === 'string' && r.outcome.startsWith('rejected') ? 0 : 1;
    if (!dims.every((d) => typeof d === 'number' && Number.isSafeInteger(d) && d >= least)) return `launch ${r.launch_id} has no threads`;
    const begin = r.begin_step;
    const end = r.end_step;
    if (typeof begin !== 'number' || begin < 0 || (end !== null && (typeof end !== 'number' || end < begin || end > steps))) return `launch ${r.launch_id} runs outside the recorded statements`;
  }
  return null;
}

/** A table whose rows a recording numbers 1, 2, ... as it inserts them, and the meta row that counts them at the close. */
const COUNTED: readonly { readonly table: string; readonly key: string; readonly id: string; readonly what: string }[] = [
  { table: 'output', key: 'output_rows', id: 'seq', what: 'output' },
  { table: 'launches', key: 'launch_rows', id: 'launch_id', what: 'launch' },
];

/**
 * Why rows of the output or launches table are missing: their numbers have a gap, or there are fewer
 * than the meta row written at the close counts (traces made before those rows, and killed
 * recordings, are checked for gaps only: rows deleted from their end cannot be told from rows never
 * made). Both are read from the tables' b-trees without reading the rows; null when none is missing.
 */
export function rowDamage(db: Db, meta: ReadonlyMap<string, string>): string | null {
  for (const { table, key, id, what } of COUNTED) {
    const { n, last } = db.prepare(`SELECT count(*) AS n, coalesce(max(${id}), 0) AS last FROM ${table}`).get() as { n: number; last: number };
    if (n !== last) return `${last - n} of its ${last} ${what} rows are missing`;
    const counted = meta.get(key);
    if (counted !== undefined && !isInteger(counted)) return `its meta row '${key}' is not a number`;
    if (counted !== undefined && Number(counted) !== n) return `${what} rows are missing (the run made ${counted}, ${n} are recorded)`;
  }
  return null;
}
