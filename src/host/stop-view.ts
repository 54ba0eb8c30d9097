import type { DebugSession } from '../debug/session.js';
import type { FocusView, StopView } from '../protocol/messages.js';

/*
 * Where a session stands, as the front ends are told it: the step, the focused thread (named as
 * cuda-gdb names it), the line, and whether the stop was a CUDA exception or a sanitizer's
 * finding raised there (a classroom's viewers raise it too, rather than only going to its step).
 */

/** The session's stop, or null when its program is not being run. */
export function stopOf(s: DebugSession): StopView | null {
  if (s.pos === null || !s.trace || !s.view) return null;
  const row = s.focusRow();
  const loc = row ? s.trace.loc(row.loc) : null;
  const f = s.focus;
  let focus: FocusView = { kind: 'host' };
  if (f.kind === 'device') {
    const l = s.view.launch(f.launch);
    const d = (v: { x: number; y: number; z: number }): string => `(${v.x},${v.y},${v.z})`;
    const label = l ? `block ${d(s.view.blockIdx(l, f.block))} thread ${d(s.view.threadIdx(l, f.warp, f.lane))}` : `warp ${f.warp} lane ${f.lane}`;
    focus = { kind: 'device', launch: f.launch, block: f.block, warp: f.warp, lane: f.lane, label };
  }
  // A caller frame selected with `up` is where print, info locals and list look: the panels show it too.
  const callRow = s.frameIndex > 0 ? s.frameRows()[s.frameIndex] : undefined;
  const call = callRow ? s.trace.loc(callRow.loc) : null;
  const frame = call ? { frame: { level: s.frameIndex, file: call.file, line: call.line } } : {};
  return { step: s.pos, focus, file: loc?.file ?? '', line: loc?.line ?? 0, ...(s.faultStop === s.pos ? { exception: true as const } : {}), ...(s.sanitizerStop === s.pos ? { sanitizer: true as const } : {}), ...frame };
}
