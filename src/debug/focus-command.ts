import type { DebugSession } from './session.js';
import { returned, type Focus } from './eval-context.js';
import { focusMessage, focusQuery } from './describe.js';
import { residentBlocks, warpAt } from './resident.js';

/*
 * cuda-gdb's focus command: `cuda kernel 0 block (1,0,0) thread (5,0,0)`, `cuda warp 2 lane 7`,
 * and the query form `cuda thread` / `cuda kernel block thread`.
 */

const WORDS = ['device', 'sm', 'warp', 'lane', 'kernel', 'grid', 'block', 'thread'] as const;
type Word = (typeof WORDS)[number];

/** Parses `block (1,0,0) thread 5 ...` into coordinates by word; a string on bad syntax. */
function parseCoords(args: string): Map<Word, number[]> | string {
  const out = new Map<Word, number[]>();
  const re = /\s*([a-z]+)\s*(\(\s*\d+\s*(?:,\s*\d+\s*){0,2}\)|\d+(?:\s*,\s*\d+){0,2})?/y;
  let at = 0;
  while (at < args.length) {
    re.lastIndex = at;
    const m = re.exec(args);
    if (!m || m[0].trim() === '') return `Unrecognized argument(s).`;
    const w = m[1] as Word;
    // An unknown first word is an unknown subcommand of `cuda`; a later one, a bad argument.
    if (!WORDS.includes(w)) return at === 0 ? `Undefined cuda command: "${args}".  Try "help cuda".` : 'Unrecognized argument(s).';
    out.set(w, m[2] ? m[2].replace(/[()\s]/g, '').split(',').map(Number) : []);
    at = re.lastIndex;
  }
  return out;
}

/** `cuda ...`. */
export function focusCommand(s: DebugSession, args: string): void {
  const coords = parseCoords(args.trim());
  if (typeof coords === 'string') return s.say(coords);
  if (coords.size === 0) return s.say('Missing argument(s).');
  const view = s.view;
  const query = [...coords.values()].every((v) => v.length === 0);
  // With no kernel to focus on, a query has no answer and a switch no target.
  if (!view || s.pos === null) return s.say(query ? 'Focus is not set on any active CUDA kernel.' : 'Invalid coordinates requested. CUDA focus unchanged.');
  if (query) return s.say(focusQuery(view, s.focus, [...coords.keys()]));
  // Query words among coordinates (`cuda block 1 lane`).
  if ([...coords.values()].some((v) => v.length === 0)) return s.say('Unrecognized argument(s).');
  const state = s.state();
  const running = state.launch;
  const cur = s.focus;
  const launchId = coords.has('kernel') ? coords.get('kernel')![0]! + 1 : coords.has('grid') ? coords.get('grid')![0]! : cur.kind === 'device' ? cur.launch : running?.id ?? 0;
  const l = view.launch(launchId);
  if (!l || !running || running.id !== launchId) return s.say('Invalid coordinates requested. CUDA focus unchanged.');
  const dims = (v: number[], d: { x: number; y: number }): number => (v[0] ?? 0) + d.x * ((v[1] ?? 0) + d.y * (v[2] ?? 0));
  let block = cur.kind === 'device' && cur.launch === launchId ? cur.block : -1;
  if (coords.has('block')) block = dims(coords.get('block')!, { x: l.grid_x, y: l.grid_y });
  let warp = cur.kind === 'device' && cur.launch === launchId ? cur.warp : 0;
  let lane = cur.kind === 'device' && cur.launch === launchId ? cur.lane : 0;
  if (coords.has('thread')) {
    const t = dims(coords.get('thread')!, { x: l.block_x, y: l.block_y });
    warp = Math.floor(t / 32);
    lane = t % 32;
    if (t >= view.threadsPerBlock(l)) return s.say('Invalid coordinates requested. CUDA focus unchanged.');
  }
  if (coords.has('warp')) warp = coords.get('warp')![0]!;
  if (coords.has('lane')) lane = coords.get('lane')![0]!;
  if (block < 0) {
    // A kernel named alone: its first resident block.
    const resident = [...residentBlocks(s.trace!, state, launchId)];
    block = Math.min(...(resident.length ? resident : [...running.warps.keys()].map((k) => Math.floor(k / 64))));
  }
  // Every thread of a resident block exists, run or not (one that has not stands at the kernel's entry); a block not yet admitted, or retired, has none.
  const ws = warpAt(s.trace!, state, launchId, block, warp);
  if (!ws || warp * 32 + lane >= view.threadsPerBlock(l) || lane > 31) return s.say('Invalid coordinates requested. CUDA focus unchanged.');
  if (returned(ws) || ws.exited & (1 << lane)) {
    const t = view.threadIdx(l, warp, lane);
    const b = view.blockIdx(l, block);
    return s.say(`Invalid coordinates requested: thread (${t.x},${t.y},${t.z}) of block (${b.x},${b.y},${b.z}) has exited. CUDA focus unchanged.`);
  }
  const f: Focus = { kind: 'device', launch: launchId, block, warp, lane };
  s.focus = f;
  s.frameIndex = 0;
  s.say(focusMessage(view, f));
  s.where('line');
}
