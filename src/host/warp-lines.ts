import type { DebugSession } from '../debug/session.js';
import { returned } from '../debug/eval-context.js';
import { current, lanesOf } from '../debug/info-cuda.js';
import type { WarpLineView } from '../protocol/messages.js';

/*
 * Where the focused block's other warps stand, for the Source panel's per-line marker: each
 * warp's line read from the trace state exactly as `info cuda warps` reads its Line column (the
 * statement it is about to run when that is the current step's, else its latest). Warps whose
 * lanes have all exited, or that returned, stand nowhere; warps not yet scheduled are left out.
 */

/** The lines of the focused block's warps other than the focused one, grouped by line; empty when the focus is not a device thread of a running launch. */
export function otherWarpLines(s: DebugSession): WarpLineView[] {
  const f = s.focus;
  if (s.pos === null || !s.trace || !s.view || f.kind !== 'device') return [];
  const L = s.state().launch;
  if (!L || L.id !== f.launch) return [];
  const l = s.view.launch(L.id);
  if (!l) return [];
  const threads = s.view.threadsPerBlock(l);
  const byLine = new Map<string, { file: string; line: number; warps: number[] }>();
  for (let w = 0; w * 32 < threads; w++) {
    if (w === f.warp) continue;
    const ws = current(s, L.id, f.block, w, L.warps.get(f.block * 64 + w));
    if (!ws || returned(ws)) continue;
    // Lanes past the block's last thread never run; a warp whose real lanes all exited is done.
    const all = lanesOf(threads, w);
    if ((ws.exited & all) === all) continue;
    const loc = s.trace.loc(ws.loc);
    const key = `${loc.file}:${loc.line}`;
    const at = byLine.get(key) ?? { file: loc.file, line: loc.line, warps: [] };
    at.warps.push(w);
    byLine.set(key, at);
  }
  return [...byLine.values()].sort((a, b) => (a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1));
}
