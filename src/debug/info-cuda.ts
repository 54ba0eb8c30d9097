import type { DebugSession } from './session.js';
import { returned, type Focus } from './eval-context.js';
import type { WarpState } from '../trace/state.js';
import { errorName } from '../engine/runtime/errors.js';

/*
 * What the info cuda tables read of a warp at the stop (its state, its lanes' lines, its
 * barrier), their "none" lines, and `info streams` and `info events` (the tables themselves:
 * info-cuda-tables.ts).
 */

/** Lanes of a warp parked at a barrier at step `step` (from the barrier rows). */
export function waitingMask(s: DebugSession, launch: number, block: number, warp: number, step: number): number {
  const r = s.trace!.barriers().lastOf(launch, block, warp, step);
  return r && r.kind === 0 ? r.mask : 0;
}

/** The step barrier states are read before: a warp stopped at its arrival counts as arrived, as the barrier stop's own report says. */
export function barrierStep(s: DebugSession): number {
  return s.pos! + (s.trace!.barriers().arrivalSteps().has(s.pos!) ? 1 : 0);
}

/** A warp as it stands at the current step: the statement it is about to run when that is the current step's, else its latest. */
export function current(s: DebugSession, launch: number, block: number, warp: number, ws: WarpState | undefined): WarpState | undefined {
  // Inside a statement (after a finish), the statement at the current step has not begun.
  const r = s.cut === null ? s.trace!.stepRow(s.pos!) : null;
  if (ws && returned(ws)) return { ...ws, exited: -1 };
  if (!ws) return ws;
  if (r && r.launch === launch && r.block === block && r.warp === warp) return { ...ws, step: r.step, mask: r.mask, loc: r.loc, exited: r.exited };
  // A warp that returned inside its latest statement stands at its caller's statement.
  const at = s.focusRow(s.pos!, { kind: 'device', launch, block, warp, lane: 0 });
  return at && at.loc !== ws.loc ? { ...ws, loc: at.loc } : ws;
}

const NO_KERNEL: Readonly<Record<string, string>> = {
  kernels: 'No CUDA kernels.', 'launch trace': 'No CUDA kernels.', sms: 'No CUDA SMs.',
  blocks: 'No CUDA blocks.', warps: 'No CUDA Warps.', lanes: 'No CUDA Lanes.', threads: 'No CUDA threads.',
};

/** What `info cuda WHAT` says with no kernel on the GPU, each table its own line as cuda-gdb 13 says it (`No CUDA Warps.`). */
export function noKernelLine(what: string): string {
  return NO_KERNEL[what] ?? 'Focus is not set on any active CUDA kernel.';
}

/** The lanes of warp `warp` that are threads of a block of `threads` (a mask). */
export function lanesOf(threads: number, warp: number): number {
  const n = Math.min(32, Math.max(0, threads - warp * 32));
  return n === 32 ? -1 : (1 << n) - 1;
}

/** Each lane's current line: the warp's line for active lanes, the last line a divergent lane ran. */
export function laneLines(s: DebugSession, ws: WarpState, f: Focus): number[] {
  const t = s.trace!;
  const out = new Array<number>(32).fill(t.loc(ws.loc).line);
  // A warp that has run nothing has every thread at the kernel's entry.
  if (f.kind !== 'device' || ws.step < 0) return out;
  let todo = ~ws.mask & ~ws.exited;
  for (let st = ws.step - 1; st >= 0 && todo !== 0 && ws.step - st < 100000; st--) {
    const r = t.stepRow(st)!;
    if (r.launch !== f.launch || r.block !== f.block || r.warp !== f.warp) continue;
    const m = r.mask & todo;
    if (m === 0) continue;
    const line = t.loc(r.loc).line;
    for (let q = m; q !== 0; q &= q - 1) out[31 - Math.clz32(q & -q)] = line;
    todo &= ~m;
  }
  return out;
}

/** `info streams`: each stream's operations up to now, from the modelled timeline. */
export function infoStreams(s: DebugSession): void {
  const rows = s.trace!.db.prepare('SELECT stream, count(*) AS n, max(end_ns) AS until FROM timeline WHERE step <= ? GROUP BY stream ORDER BY stream').all(s.pos!) as { stream: number; n: number; until: number }[];
  if (rows.length === 0) return s.say('No stream operations yet.');
  s.say('  Stream  Operations  Last finishes at (modelled)');
  for (const r of rows) s.say(`  ${String(r.stream === 0 ? '0 (default)' : r.stream).padEnd(11)} ${String(r.n).padStart(6)}  ${(r.until / 1000).toFixed(3)} us`);
}

/** `info events`: the CUDA event calls made so far. */
export function infoEvents(s: DebugSession): void {
  const rows = s.trace!.db.prepare("SELECT step, name, args, result FROM api_calls WHERE name LIKE 'cudaEvent%' AND step < ? ORDER BY seq").all(s.pos!) as { step: number; name: string; args: string; result: string | null }[];
  if (rows.length === 0) return s.say('No CUDA events yet.');
  // Handles and addresses in hex, sizes plainly, the result by its error name.
  const arg = (a: unknown): string => (typeof a === 'string' ? a.replace(/n$/, '') : typeof a === 'number' && a >= 0x10000 ? `0x${a.toString(16)}` : String(a));
  for (const r of rows) s.say(`  step ${String(r.step).padStart(6)}  ${r.name}(${(JSON.parse(r.args) as unknown[]).map(arg).join(', ')})${r.result !== null ? ` = ${errorName(Number(r.result))}` : ''}`);
}
