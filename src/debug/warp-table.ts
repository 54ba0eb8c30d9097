import type { DebugSession } from './session.js';
import { showSymbol, type Focus, type StateContext } from './eval-context.js';
import { inScope } from './scopes.js';
import { warpLaneMasks } from './lane-snapshot.js';
import { laneState, type LaneRow, type LaneState, type LaunchLayout, type WarpTable } from '../protocol/views.js';

/*
 * The Threads panel's table: for the focused warp, each lane's builtins and the variables in
 * scope in its frame (arguments, then locals), each shown as `print` shows it. A value is marked
 * changed when it differs from what it was before the warp's last statement ran: what that
 * statement did, whatever other warps did meanwhile.
 */

const dim = (d: { x: number; y: number; z: number }): string => `(${d.x},${d.y},${d.z})`;

/** The selected frame's variables in scope at its statement, as `info args` and `info locals` pick them. */
function variablesInScope(s: DebugSession, ctx: StateContext): { name: string; j: number }[] {
  const fr = ctx.frame();
  if (!fr) return [];
  const view = s.view!;
  const vars = fr.fn.vars.map((v, j) => ({ v, j })).filter(({ v }) => {
    if (v.name.startsWith('__')) return false;
    if (v.param) return true;
    const scope = view.scopeOf(fr.fn, v);
    return v.line <= ctx.at.line && (!scope || inScope(scope, { line: v.line, col: 0 }, ctx.at));
  });
  // Arguments first, each group in declaration order.
  vars.sort((a, b) => Number(b.v.param) - Number(a.v.param) || a.j - b.j);
  return vars.map(({ v, j }) => ({ name: v.name, j }));
}

/** Variable `j`'s text in `ctx`, or '' when the frame there is another function's. */
function valueText(ctx: StateContext, fn: number, j: number): string {
  if (ctx.frame()?.fn.id !== fn) return '';
  const sym = ctx.variable(j);
  return sym ? showSymbol(ctx, sym) : '<optimized out>';
}

/** The focused warp's table at the stop; null when the focus is not a thread of the running launch. */
export function warpTable(s: DebugSession, layout: LaunchLayout | null): WarpTable | null {
  const f = s.focus;
  if (f.kind !== 'device' || s.pos === null || !layout || layout.launch !== f.launch) return null;
  const l = s.view!.launch(f.launch);
  if (!l) return null;
  const pos = s.pos;
  const at = (lane: number): Focus => ({ ...f, lane });
  const ctx = s.context(pos, at(f.lane));
  const fn = ctx.frame()?.fn.id ?? -1;
  const vars = variablesInScope(s, ctx);
  // Before the warp's last statement: the state that statement started from.
  const last = s.warpState(pos, f)?.step ?? -1;
  const masks = warpLaneMasks(s, layout, f.block, f.warp);
  const threads = Math.min(32, layout.threadsPerBlock - f.warp * 32);
  const blockIdx = dim(s.view!.blockIdx(l, f.block));
  // Every lane's values now, then every lane's before: the cursor moves between the two steps once, not per lane.
  const now = Array.from({ length: threads }, (_, lane) => {
    const c = s.context(pos, at(lane));
    return vars.map((v) => valueText(c, fn, v.j));
  });
  const before = last >= 0 && last < pos ? Array.from({ length: threads }, (_, lane) => {
    const c = s.context(last, at(lane));
    return vars.map((v) => valueText(c, fn, v.j));
  }) : null;
  const lanes: LaneRow[] = now.map((texts, lane) => {
    const changed: number[] = [];
    texts.forEach((text, k) => {
      const was = before?.[lane]![k] ?? '';
      if (was !== '' && text !== '' && was !== text) changed.push(k + 2);
    });
    const state: LaneState = masks ? laneState(masks, 0, lane, threads) : 'unstarted';
    return { lane, state, values: [dim(s.view!.threadIdx(l, f.warp, lane)), blockIdx, ...texts], changed };
  });
  return { step: pos, launch: f.launch, block: f.block, warp: f.warp, label: `block ${blockIdx} warp ${f.warp}`, columns: ['threadIdx', 'blockIdx', ...vars.map((v) => v.name)], lanes };
}
