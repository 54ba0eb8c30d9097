import type { DebugSession } from './session.js';
import { returned, type Focus } from './eval-context.js';
import type { WarpState } from '../trace/state.js';
import { frameHeader } from './describe.js';
import { barrierReport } from './barriers.js';
import { errorName } from '../engine/runtime/errors.js';
import { cudaTable, type TableLine } from './cuda-table.js';
import { infoDevices, infoSms, smMask } from './info-device.js';

/*
 * `info cuda kernels|blocks|warps|lanes|threads|barriers|launch trace`, `info streams` and
 * `info events`, laid out as cuda-gdb lays its tables out (devices and sms: info-device.ts).
 * Warpscope has no machine code, so where cuda-gdb shows a PC these tables show the source line.
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

const NO_KERNEL: Readonly<Record<string, string>> = {
  kernels: 'No CUDA kernels.', 'launch trace': 'No CUDA kernels.', sms: 'No CUDA SMs.',
  blocks: 'No CUDA blocks.', warps: 'No CUDA Warps.', lanes: 'No CUDA Lanes.', threads: 'No CUDA threads.',
};

/** What `info cuda WHAT` says with no kernel on the GPU, each table its own line as cuda-gdb 13 says it (`No CUDA Warps.`). */
export function noKernelLine(what: string): string {
  return NO_KERNEL[what] ?? 'Focus is not set on any active CUDA kernel.';
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
  if (what === 'devices') return infoDevices(s);
  if (what === 'sms') return infoSms(s);
  const state = s.state();
  // A launch whose warps have all returned is over, though the host has not run its next statement yet.
  const L = state.launch && [...state.launch.warps.values()].some((w) => !returned(w)) ? state.launch : null;
  if (!L) return s.say(noKernelLine(what));
  const view = s.view!;
  const l = view.launch(L.id)!;
  const f: Focus = s.focus.kind === 'device' && s.focus.launch === L.id ? s.focus : { kind: 'device', launch: L.id, block: Math.min(...[...L.warps.keys()].map((k) => Math.floor(k / 64))), warp: 0, lane: 0 };
  const blocks = [...new Set([...L.warps.keys()].map((k) => Math.floor(k / 64)))].sort((a, b) => a - b);
  const say = (lines: string[]): void => s.say(lines.join('\n'));
  // A block whose threads have all exited has left the GPU: cuda-gdb no longer lists it.
  const onGpu = (b: number): boolean => ![...L.warps].filter(([k]) => Math.floor(k / 64) === b).every(([k, w]) => returned(w) || w.exited === lanesOf(view.threadsPerBlock(l), k % 64));
  const grid = dim({ x: l.grid_x, y: l.grid_y, z: l.grid_z });
  const block = dim({ x: l.block_x, y: l.block_y, z: l.block_z });
  switch (what) {
    case 'kernels': {
      const sms = smMask(view, blocks.filter(onGpu).map((b) => b % view.smCount));
      const cols = ['Kernel', 'Parent', 'Dev', 'Grid', 'Status', 'SMs Mask', 'GridDim', 'BlockDim'].map((head) => ({ head }));
      return say(cudaTable([...cols, { head: 'Invocation', align: 'left' }], [{ current: true, cells: [String(L.id - 1), '-', '0', String(L.id), 'Active', sms, grid, block, invocation(s, L.id, f)] }]));
    }
    case 'launch trace': {
      const cols = ['Kernel', 'Dev', 'Grid', 'Status', 'GridDim', 'BlockDim'].map((head) => ({ head }));
      return say(cudaTable([{ head: 'Lvl', align: 'left', fixed: true }, ...cols, { head: 'Invocation', align: 'left' }], [{ current: true, cells: ['#0  ', String(L.id - 1), '0', String(L.id), 'Active', grid, block, invocation(s, L.id, f)] }]));
    }
    case 'blocks': {
      // Consecutive blocks share a row, as cuda-gdb coalesces them.
      const running = blocks.filter(onGpu);
      const rows: TableLine[] = [{ group: `Kernel ${L.id - 1}` }];
      for (let i = 0; i < running.length; ) {
        let j = i;
        while (j + 1 < running.length && running[j + 1] === running[j]! + 1) j++;
        rows.push({ current: f.block >= running[i]! && f.block <= running[j]!, cells: [dim(view.blockIdx(l, running[i]!)), dim(view.blockIdx(l, running[j]!)), String(j - i + 1), 'running'] });
        i = j + 1;
      }
      return say(cudaTable([{ head: 'BlockIdx' }, { head: 'To BlockIdx' }, { head: 'Count' }, { head: 'State', min: 7 }], rows));
    }
    case 'warps': {
      // Where cuda-gdb shows a warp's PC, its source line.
      const rows: TableLine[] = [{ group: `Device 0 SM ${f.block % view.smCount}` }];
      for (let w = 0; w * 32 < view.threadsPerBlock(l); w++) {
        const ws = current(s, L.id, f.block, w, L.warps.get(f.block * 64 + w));
        const cells = (active: number, divergent: number, bar: number, line: string, first: number): string[] =>
          [String(w), hex(active), hex(divergent), hex(bar), line, String(L.id - 1), dim(view.blockIdx(l, f.block)), dim(view.threadIdx(l, w, first))];
        // A warp the scheduler has not run yet: resident, no statement run.
        if (!ws) {
          rows.push({ current: w === f.warp, cells: cells(0, 0, 0, '-', 0) });
          continue;
        }
        const all = lanesOf(view.threadsPerBlock(l), w);
        const bar = waitingMask(s, L.id, f.block, w, barrierStep(s));
        const active = bar ? 0 : ws.mask & ~ws.exited;
        const divergent = all & ~ws.exited & ~active & ~bar;
        rows.push({ current: w === f.warp, cells: cells(active, divergent, bar, String(s.trace!.loc(ws.loc).line), active ? 31 - Math.clz32(active & -active) : 0) });
      }
      const heads = ['Wp', 'Active Lanes Mask', 'Divergent Lanes Mask', 'Barrier Lanes Mask', 'Line', 'Kernel', 'BlockIdx', 'First Active ThreadIdx'];
      return say(cudaTable(heads.map((head) => ({ head })), rows));
    }
    case 'lanes': {
      const ws = current(s, L.id, f.block, f.warp, L.warps.get(f.block * 64 + f.warp))!;
      const bar = waitingMask(s, L.id, f.block, f.warp, barrierStep(s));
      const lines = laneLines(s, ws, f);
      const rows: TableLine[] = [{ group: `Device 0 SM ${f.block % view.smCount} Warp ${f.warp}` }];
      for (let lane = 0; lane < 32 && f.warp * 32 + lane < view.threadsPerBlock(l); lane++) {
        const bit = 1 << lane;
        const st = ws.exited & bit ? 'exited' : bar & bit ? 'barrier' : ws.mask & bit ? 'active' : 'divergent';
        rows.push({ current: lane === f.lane, cells: [String(lane), st, st === 'exited' ? '-' : String(lines[lane]), dim(view.threadIdx(l, f.warp, lane))] });
      }
      return say(cudaTable([{ head: 'Ln' }, { head: 'State', align: 'center' }, { head: 'Line', align: 'center' }, { head: 'ThreadIdx' }], rows));
    }
    case 'threads': {
      // Threads still on the GPU; consecutive ones at one line share a row, across blocks too, as cuda-gdb coalesces them.
      const rows: TableLine[] = [{ group: `Kernel ${L.id - 1}` }];
      const tpb = view.threadsPerBlock(l);
      const at = (g: number): string => dim(view.threadIdx(l, Math.floor((g % tpb) / 32), (g % tpb) % 32));
      const blockOf = (g: number): string => dim(view.blockIdx(l, Math.floor(g / tpb)));
      const mine = f.block * tpb + f.warp * 32 + f.lane;
      let run: { from: number; to: number; file: string; line: string } | null = null;
      const flush = (): void => {
        if (run) rows.push({ current: mine >= run.from && mine <= run.to, cells: [blockOf(run.from), at(run.from), blockOf(run.to), at(run.to), String(run.to - run.from + 1), run.file, run.line] });
        run = null;
      };
      for (const b of blocks) {
        for (let w = 0; w * 32 < tpb; w++) {
          const ws = current(s, L.id, b, w, L.warps.get(b * 64 + w));
          const lines = ws ? laneLines(s, ws, { kind: 'device', launch: L.id, block: b, warp: w, lane: 0 }) : [];
          // A warp not run yet has no line to show.
          const file = ws ? s.trace!.loc(ws.loc).file : l.kernel;
          for (let lane = 0; lane < 32 && w * 32 + lane < tpb; lane++) {
            const g = b * tpb + w * 32 + lane;
            if (ws && ws.exited & (1 << lane)) {
              flush();
              continue;
            }
            const line = ws ? String(lines[lane]) : '-';
            if (run && run.file === file && run.line === line && run.to === g - 1) run.to = g;
            else {
              flush();
              run = { from: g, to: g, file, line };
            }
          }
        }
      }
      flush();
      const heads = ['BlockIdx', 'ThreadIdx', 'To BlockIdx', 'ThreadIdx', 'Count', 'Filename'];
      return say(cudaTable([...heads.map((head) => ({ head })), { head: 'Line', min: 5 }], rows));
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
