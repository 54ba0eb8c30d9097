import type { DebugSession } from './session.js';
import { returned, type Focus } from './eval-context.js';
import type { WarpState } from '../trace/state.js';
import { frameHeader } from './describe.js';
import { barrierReport } from './barriers.js';
import { errorName } from '../engine/runtime/errors.js';

/*
 * `info cuda kernels|blocks|warps|lanes|threads|barriers|launch trace`, `info streams` and
 * `info events`, laid out as cuda-gdb lays its tables out. Warpscope has no machine code, so
 * where cuda-gdb shows a PC these tables show the source line.
 */

const dim = (d: { x: number; y: number; z: number }): string => `(${d.x},${d.y},${d.z})`;
const hex = (m: number): string => `0x${(m >>> 0).toString(16).padStart(8, '0')}`;

/** Lanes of a warp parked at a barrier at step `step` (from the barrier rows). */
function waitingMask(s: DebugSession, launch: number, block: number, warp: number, step: number): number {
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

/** The kernel's invocation text for the focused (or first) thread. */
function invocation(s: DebugSession, launch: number, first: Focus): string {
  const l = s.view!.launch(launch)!;
  const fn = s.view!.fnByName(l.kernel);
  if (!fn) return l.kernel;
  const ctx = s.context(s.pos!, first, 0);
  return frameHeader(s.view!, fn, ctx, null).replace(' (', '(');
}

/** `info cuda WHAT`. */
export function infoCuda(s: DebugSession, what: string): void {
  const state = s.state();
  // A launch whose warps have all returned is over, though the host has not run its next statement yet.
  const L = state.launch && [...state.launch.warps.values()].some((w) => !returned(w)) ? state.launch : null;
  if (what === 'launch trace' || what === 'kernels') {
    if (!L) return s.say('No CUDA kernels.');
  }
  if (!L) return s.say('Focus is not set on any active CUDA kernel.');
  const view = s.view!;
  const l = view.launch(L.id)!;
  const f: Focus = s.focus.kind === 'device' && s.focus.launch === L.id ? s.focus : { kind: 'device', launch: L.id, block: Math.min(...[...L.warps.keys()].map((k) => Math.floor(k / 64))), warp: 0, lane: 0 };
  const blocks = [...new Set([...L.warps.keys()].map((k) => Math.floor(k / 64)))].sort((a, b) => a - b);
  switch (what) {
    case 'kernels': {
      const sms = new Set(blocks.map((b) => b % view.smCount));
      let mask = 0n;
      for (const sm of sms) mask |= 1n << BigInt(sm);
      s.say('  Kernel Parent Dev Grid Status   SMs Mask GridDim  BlockDim Invocation');
      s.say(`*      ${L.id - 1}      -   0    ${L.id} Active ${`0x${mask.toString(16).padStart(8, '0')}`} ${dim({ x: l.grid_x, y: l.grid_y, z: l.grid_z })} ${dim({ x: l.block_x, y: l.block_y, z: l.block_z })} ${invocation(s, L.id, f)}`);
      return;
    }
    case 'launch trace':
      s.say('  Lvl Kernel Dev Grid     Status   GridDim  BlockDim Invocation');
      s.say(`*   0      ${L.id - 1}   0    ${L.id}     Active ${dim({ x: l.grid_x, y: l.grid_y, z: l.grid_z })} ${dim({ x: l.block_x, y: l.block_y, z: l.block_z })} ${invocation(s, L.id, f)}`);
      return;
    case 'blocks': {
      s.say('  BlockIdx To BlockIdx Count   State');
      s.say(`Kernel ${L.id - 1}`);
      // Consecutive blocks in the same state share a row, as cuda-gdb groups them.
      const done = (b: number): boolean => [...L.warps].filter(([k]) => Math.floor(k / 64) === b).every(([k, w]) => returned(w) || w.exited === lanesOf(view.threadsPerBlock(l), k % 64));
      let i = 0;
      while (i < blocks.length) {
        let j = i;
        const st = done(blocks[i]!) ? 'exited' : 'running';
        while (j + 1 < blocks.length && blocks[j + 1] === blocks[j]! + 1 && (done(blocks[j + 1]!) ? 'exited' : 'running') === st) j++;
        const mark = f.kind === 'device' && f.block >= blocks[i]! && f.block <= blocks[j]! ? '*' : ' ';
        s.say(`${mark}  ${dim(view.blockIdx(l, blocks[i]!)).padEnd(8)}    ${dim(view.blockIdx(l, blocks[j]!)).padEnd(8)} ${String(j - i + 1).padStart(5)} ${st}`);
        i = j + 1;
      }
      return;
    }
    case 'warps': {
      if (f.kind !== 'device') return;
      s.say('  Wp Active Lanes Mask Divergent Lanes Mask Barrier Lanes Mask Line Kernel BlockIdx First Active ThreadIdx');
      s.say(`Device 0 SM ${f.block % view.smCount} Block ${dim(view.blockIdx(l, f.block))}`);
      for (let w = 0; w * 32 < view.threadsPerBlock(l); w++) {
        const ws = current(s, L.id, f.block, w, L.warps.get(f.block * 64 + w));
        // A warp the scheduler has not run yet: resident, no statement run.
        if (!ws) {
          s.say(`${w === f.warp ? '*' : ' '} ${String(w).padStart(2)}        ${hex(0)}           ${hex(0)}         ${hex(0)} ${'-'.padStart(4)}      ${L.id - 1} ${dim(view.blockIdx(l, f.block))}    ${dim(view.threadIdx(l, w, 0))}`);
          continue;
        }
        const all = lanesOf(view.threadsPerBlock(l), w);
        const bar = waitingMask(s, L.id, f.block, w, barrierStep(s));
        const active = bar ? 0 : ws.mask & ~ws.exited;
        const divergent = all & ~ws.exited & ~active & ~bar;
        const first = active ? 31 - Math.clz32(active & -active) : 0;
        s.say(`${w === f.warp ? '*' : ' '} ${String(w).padStart(2)}        ${hex(active)}           ${hex(divergent)}         ${hex(bar)} ${String(s.trace!.loc(ws.loc).line).padStart(4)}      ${L.id - 1} ${dim(view.blockIdx(l, f.block))}    ${dim(view.threadIdx(l, w, first))}`);
      }
      return;
    }
    case 'lanes': {
      if (f.kind !== 'device') return;
      const ws = current(s, L.id, f.block, f.warp, L.warps.get(f.block * 64 + f.warp))!;
      const bar = waitingMask(s, L.id, f.block, f.warp, barrierStep(s));
      s.say('  Ln    State  Line ThreadIdx');
      s.say(`Device 0 SM ${f.block % view.smCount} Warp ${f.warp}`);
      const lines = laneLines(s, ws, f);
      for (let lane = 0; lane < 32 && f.warp * 32 + lane < view.threadsPerBlock(l); lane++) {
        const bit = 1 << lane;
        const st = ws.exited & bit ? 'exited' : bar & bit ? 'barrier' : ws.mask & bit ? 'active' : 'divergent';
        s.say(`${lane === f.lane ? '*' : ' '} ${String(lane).padStart(2)} ${st.padStart(9)} ${String(st === 'exited' ? '-' : lines[lane]).padStart(5)} ${dim(view.threadIdx(l, f.warp, lane))}`);
      }
      return;
    }
    case 'threads': {
      s.say('  BlockIdx ThreadIdx To BlockIdx ThreadIdx Count  Location');
      s.say(`Kernel ${L.id - 1}`);
      for (const b of blocks) {
        let run: { from: number; to: number; where: string } | null = null;
        const flush = (): void => {
          if (!run) return;
          const a = view.threadIdx(l, Math.floor(run.from / 32), run.from % 32);
          const z = view.threadIdx(l, Math.floor(run.to / 32), run.to % 32);
          const mark = f.kind === 'device' && f.block === b && f.warp * 32 + f.lane >= run.from && f.warp * 32 + f.lane <= run.to ? '*' : ' ';
          s.say(`${mark}  ${dim(view.blockIdx(l, b))} ${dim(a).padStart(9)}     ${dim(view.blockIdx(l, b))} ${dim(z).padStart(9)} ${String(run.to - run.from + 1).padStart(5)}  ${run.where}`);
        };
        for (let w = 0; w * 32 < view.threadsPerBlock(l); w++) {
          const ws = current(s, L.id, b, w, L.warps.get(b * 64 + w));
          const lines = ws ? laneLines(s, ws, { kind: 'device', launch: L.id, block: b, warp: w, lane: 0 }) : [];
          const file = ws ? s.trace!.loc(ws.loc).file : '';
          for (let lane = 0; lane < 32 && w * 32 + lane < view.threadsPerBlock(l); lane++) {
            const where = !ws ? 'not started' : ws.exited & (1 << lane) ? 'exited' : `${file}:${lines[lane]}`;
            const t = w * 32 + lane;
            if (run && run.where === where && run.to === t - 1) run.to = t;
            else {
              flush();
              run = { from: t, to: t, where };
            }
          }
        }
        flush();
      }
      return;
    }
    case 'barriers':
      if (f.kind !== 'device') return;
      s.io.out(barrierReport(s, barrierStep(s), { launch: L.id, block: f.block }));
      return;
    default:
      s.say(`Undefined info cuda command: "${what}".  Try "help info cuda".`);
  }
}

/** The lanes of warp `warp` that are threads of a block of `threads` (a mask). */
export function lanesOf(threads: number, warp: number): number {
  const n = Math.min(32, Math.max(0, threads - warp * 32));
  return n === 32 ? -1 : (1 << n) - 1;
}

/** Each lane's current line: the warp's line for active lanes, the last line a divergent lane ran. */
function laneLines(s: DebugSession, ws: WarpState, f: Focus): number[] {
  const t = s.trace!;
  const out = new Array<number>(32).fill(t.loc(ws.loc).line);
  if (f.kind !== 'device') return out;
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
