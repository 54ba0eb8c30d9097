import { formatThreads, threadWord } from '../engine/exec/threads.js';
import type { Dim3 } from '../engine/exec/env.js';
import type { DebugSession } from './session.js';
import { returned } from './eval-context.js';

/*
 * Barrier state of a block at a step, from the trace's arrival and release rows: which threads
 * wait at which __syncthreads, and which have not arrived (the ones a divergent barrier never sees).
 */


/** The barrier report of the block whose warp arrived at step `step - 1` (or of the focused block). */
export function barrierReport(s: DebugSession, step: number, block?: { launch: number; block: number }): string {
  const t = s.trace!;
  const at = block ?? (() => {
    const r = t.stepRow(step - 1);
    return r ? { launch: r.launch, block: r.block } : null;
  })();
  if (!at || at.launch === 0) return 'No CUDA block in focus.\n';
  const l = s.view!.launch(at.launch)!;
  const rows = t.barriers().ofBlock(at.launch, at.block, step);
  const waiting = new Map<number, { mask: number; loc: number }>();
  for (const r of rows) {
    // A barrier that opens in the step its last warp arrives is shown as it was on arrival.
    if (r.kind === 0) waiting.set(r.warp, { mask: r.mask, loc: r.loc_id });
    else if (r.step < step - 1) waiting.delete(r.warp);
  }
  const state = s.stateAt(step);
  const threads = s.view!.threadsPerBlock(l);
  const arrived: Dim3[] = [];
  const missing: Dim3[] = [];
  let loc = -1;
  for (let w = 0; w * 32 < threads; w++) {
    const ws = state.launch?.warps.get(at.block * 64 + w);
    const exited = ws && returned(ws) ? -1 : (ws?.exited ?? 0);
    const waits = waiting.get(w);
    if (waits && loc < 0) loc = waits.loc;
    for (let lane = 0; lane < 32 && w * 32 + lane < threads; lane++) {
      const tid = s.view!.threadIdx(l, w, lane);
      if (waits && waits.mask & (1 << lane)) arrived.push(tid);
      else if (!(exited & (1 << lane))) missing.push(tid);
    }
  }
  const b = s.view!.blockIdx(l, at.block);
  if (arrived.length === 0) return `Block (${b.x},${b.y},${b.z}): no thread waits at a barrier.\n`;
  const where = loc > 0 ? ` at ${t.loc(loc).file}:${t.loc(loc).line}` : '';
  const lines = [`Block (${b.x},${b.y},${b.z}), barrier${where}: ${arrived.length} of ${arrived.length + missing.length} threads arrived`, `  arrived:     ${threadWord(arrived.length)} ${formatThreads(arrived)}`];
  lines.push(missing.length ? `  not arrived: ${threadWord(missing.length)} ${formatThreads(missing)}` : '  not arrived: none (the barrier opens)');
  return lines.join('\n') + '\n';
}
