import type { DebugSession } from './session.js';
import { returned, type Focus } from './eval-context.js';
import type { LaunchRow } from '../trace/reader.js';
import type { LaunchState, WarpState } from '../trace/state.js';
import { frameHeader } from './describe.js';
import { barrierReport } from './barriers.js';
import { cudaTable, type TableLine } from './cuda-table.js';
import { infoDevices, infoSms, smMask } from './info-device.js';
import { barrierStep, current, laneLines, lanesOf, noKernelLine, waitingMask } from './info-cuda.js';
import { matches, type Coords, type CudaFilter } from './cuda-filter.js';
import { residentBlocks, warpAt } from './resident.js';

/*
 * `info cuda kernels|blocks|warps|lanes|threads|barriers|launch trace [FILTER]`, laid out as
 * cuda-gdb lays its tables out (devices and sms: info-device.ts), each narrowed by its filter as
 * cuda-gdb narrows it: no filter means the table's default (the focus's SM for warps, its warp for
 * lanes, its kernel for blocks and threads); a filter replaces that default. Warpscope has no
 * machine code, so where cuda-gdb shows a PC these tables show the source line.
 */

const dim = (d: { x: number; y: number; z: number }): string => `(${d.x},${d.y},${d.z})`;
const hex = (m: number): string => `0x${(m >>> 0).toString(16).padStart(8, '0')}`;

/** The running launch as the tables see it. */
interface Live {
  readonly s: DebugSession;
  readonly L: LaunchState;
  readonly l: LaunchRow;
  /** The focused thread, or the launch's first when the focus is elsewhere. */
  readonly f: Focus & { kind: 'device' };
  /** Blocks resident on the GPU (resident.ts) and any other with a warp that has run, ascending. */
  readonly blocks: readonly number[];
  readonly tpb: number;
  /** The focus's coordinates, for `current` in a filter. */
  readonly here: Required<Coords>;
}

/** A block's coordinates. */
function blockAt(v: Live, b: number): Coords {
  return { sm: b % v.s.view!.smCount, kernel: v.L.id - 1, grid: v.L.id, block: v.s.view!.blockIdx(v.l, b) };
}

/** Warp `w` of block `b` at the stop: the state's, or one at the kernel's entry for a resident block's warp that has not run. */
function warpOf(v: Live, b: number, w: number): WarpState | undefined {
  return warpAt(v.s.trace!, v.s.state(), v.L.id, b, w);
}

/** Whether any thread of block `b` is still on the GPU (cuda-gdb no longer lists a block whose threads have all exited). */
function onGpu(v: Live, b: number): boolean {
  for (let w = 0; w * 32 < v.tpb; w++) {
    const ws = warpOf(v, b, w);
    if (ws && !returned(ws) && ws.exited !== lanesOf(v.tpb, w)) return true;
  }
  return false;
}

/** The live blocks in the order an SM-by-SM table lists them. */
function bySm(v: Live): number[] {
  const sms = v.s.view!.smCount;
  return v.blocks.filter((b) => onGpu(v, b)).sort((a, b) => (a % sms) - (b % sms) || a - b);
}

/** The kernel's invocation text for the focused (or first) thread. */
function invocation(v: Live): string {
  const view = v.s.view!;
  const fn = view.fnByName(v.l.kernel);
  if (!fn) return v.l.kernel;
  return frameHeader(view, fn, v.s.context(v.s.pos!, v.f, 0), null).replace(' (', '(');
}

/** `info cuda WHAT [FILTER]`; `filter` null: the table's default. */
export function infoCuda(s: DebugSession, what: string, filter: CudaFilter | null): void {
  if (what === 'devices') return infoDevices(s, filter);
  if (what === 'sms') return infoSms(s, filter);
  const state = s.state();
  // A launch whose warps have all returned is over, though the host has not run its next statement yet.
  const L = state.launch && [...state.launch.warps.values()].some((w) => !returned(w)) ? state.launch : null;
  if (!L) return s.say(noKernelLine(what));
  const view = s.view!;
  const l = view.launch(L.id)!;
  const blocks = [...new Set([...residentBlocks(s.trace!, state, L.id), ...[...L.warps.keys()].map((k) => Math.floor(k / 64))])].sort((a, b) => a - b);
  const f = s.focus.kind === 'device' && s.focus.launch === L.id ? s.focus : { kind: 'device' as const, launch: L.id, block: blocks[0]!, warp: 0, lane: 0 };
  const here = { sm: f.block % view.smCount, kernel: L.id - 1, grid: L.id, block: view.blockIdx(l, f.block), warp: f.warp, lane: f.lane, thread: view.threadIdx(l, f.warp, f.lane) };
  const v: Live = { s, L, l, f, blocks, tpb: view.threadsPerBlock(l), here };
  const lines = TABLES[what]?.(v, filter);
  if (lines === undefined) return;
  s.say(lines.length ? lines.join('\n') : noKernelLine(what));
}

/** Each table's lines (none: its "No CUDA ..." line), or undefined when it printed itself. */
const TABLES: Readonly<Record<string, (v: Live, filter: CudaFilter | null) => string[] | undefined>> = {
  // cuda-gdb reads a filter here but lists every kernel whatever it says.
  kernels: (v) => {
    const view = v.s.view!;
    const sms = smMask(view, v.blocks.filter((b) => onGpu(v, b)).map((b) => b % view.smCount));
    const cols = ['Kernel', 'Parent', 'Dev', 'Grid', 'Status', 'SMs Mask', 'GridDim', 'BlockDim'].map((head) => ({ head }));
    return cudaTable([...cols, { head: 'Invocation', align: 'left' }], [{ current: true, cells: [String(v.L.id - 1), '-', '0', String(v.L.id), 'Active', sms, dim(gridDim(v.l)), dim(blockDim(v.l)), invocation(v)] }]);
  },
  'launch trace': (v, filter) => {
    const k = filter?.kernel;
    if (k !== undefined && k !== 'current' && k !== 'any' && k !== v.L.id - 1) {
      v.s.say('Incorrect kernel specified or the focus is not set on a kernel');
      return undefined;
    }
    const cols = ['Kernel', 'Dev', 'Grid', 'Status', 'GridDim', 'BlockDim'].map((head) => ({ head }));
    return cudaTable([{ head: 'Lvl', align: 'left', fixed: true }, ...cols, { head: 'Invocation', align: 'left' }], [{ current: true, cells: ['#0  ', String(v.L.id - 1), '0', String(v.L.id), 'Active', dim(gridDim(v.l)), dim(blockDim(v.l)), invocation(v)] }]);
  },
  blocks: (v, filter) => {
    const fl = filter ?? { kernel: 'current' };
    const running = v.blocks.filter((b) => onGpu(v, b) && matches(fl, blockAt(v, b), v.here));
    if (running.length === 0) return [];
    // Consecutive blocks share a row, as cuda-gdb coalesces them.
    const rows: TableLine[] = [{ group: `Kernel ${v.L.id - 1}` }];
    for (let i = 0; i < running.length; ) {
      let j = i;
      while (j + 1 < running.length && running[j + 1] === running[j]! + 1) j++;
      rows.push({ current: v.f.block >= running[i]! && v.f.block <= running[j]!, cells: [dim(v.s.view!.blockIdx(v.l, running[i]!)), dim(v.s.view!.blockIdx(v.l, running[j]!)), String(j - i + 1), 'running'] });
      i = j + 1;
    }
    return cudaTable([{ head: 'BlockIdx' }, { head: 'To BlockIdx' }, { head: 'Count' }, { head: 'State', min: 7 }], rows);
  },
  warps: (v, filter) => {
    const fl = filter ?? { device: 'current', sm: 'current' };
    const rows: TableLine[] = [];
    let sm = -1;
    for (const b of bySm(v)) {
      for (let w = 0; w * 32 < v.tpb; w++) {
        const c = { ...blockAt(v, b), warp: w };
        if (!matches(fl, c, v.here)) continue;
        if (c.sm !== sm) rows.push({ group: `Device 0 SM ${(sm = c.sm!)}` });
        rows.push({ current: b === v.f.block && w === v.f.warp, cells: warpCells(v, b, w) });
      }
    }
    const heads = ['Wp', 'Active Lanes Mask', 'Divergent Lanes Mask', 'Barrier Lanes Mask', 'Line', 'Kernel', 'BlockIdx', 'First Active ThreadIdx'];
    return rows.length ? cudaTable(heads.map((head) => ({ head })), rows) : [];
  },
  lanes: (v, filter) => {
    const fl = filter ?? { device: 'current', sm: 'current', warp: 'current' };
    const view = v.s.view!;
    const rows: TableLine[] = [];
    for (const b of bySm(v)) {
      for (let w = 0; w * 32 < v.tpb; w++) {
        const at = { ...blockAt(v, b), warp: w };
        if (!matches(fl, at, v.here)) continue;
        const ws = current(v.s, v.L.id, b, w, warpOf(v, b, w));
        const bar = waitingMask(v.s, v.L.id, b, w, barrierStep(v.s));
        const lines = ws ? laneLines(v.s, ws, { kind: 'device', launch: v.L.id, block: b, warp: w, lane: 0 }) : [];
        let grouped = false;
        for (let lane = 0; lane < 32 && w * 32 + lane < v.tpb; lane++) {
          const thread = view.threadIdx(v.l, w, lane);
          if (!matches(fl, { ...at, lane, thread }, v.here)) continue;
          if (!grouped) rows.push({ group: `Device 0 SM ${at.sm} Warp ${w}` });
          grouped = true;
          const bit = 1 << lane;
          // A warp the scheduler has not run yet: its lanes neither active nor divergent, at no line.
          const st = !ws ? 'inactive' : ws.exited & bit ? 'exited' : bar & bit ? 'barrier' : ws.mask & bit ? 'active' : 'divergent';
          rows.push({ current: b === v.f.block && w === v.f.warp && lane === v.f.lane, cells: [String(lane), st, st === 'exited' || !ws ? '-' : String(lines[lane]), dim(thread)] });
        }
      }
    }
    return rows.length ? cudaTable([{ head: 'Ln' }, { head: 'State', align: 'center' }, { head: 'Line', align: 'center' }, { head: 'ThreadIdx' }], rows) : [];
  },
  threads: (v, filter) => threadsTable(v, filter ?? { kernel: 'current' }),
  barriers: (v, filter) => {
    const chosen = filter ? v.blocks.filter((b) => onGpu(v, b) && matches(filter, blockAt(v, b), v.here)) : [v.f.block];
    if (chosen.length === 0) return [];
    v.s.write(chosen.map((b) => barrierReport(v.s, barrierStep(v.s), { launch: v.L.id, block: b })).join(''));
    return undefined;
  },
};

const gridDim = (l: LaunchRow): { x: number; y: number; z: number } => ({ x: l.grid_x, y: l.grid_y, z: l.grid_z });
const blockDim = (l: LaunchRow): { x: number; y: number; z: number } => ({ x: l.block_x, y: l.block_y, z: l.block_z });

/** A warps-table row's cells; where cuda-gdb shows a warp's PC, its source line. */
function warpCells(v: Live, b: number, w: number): string[] {
  const view = v.s.view!;
  const ws = current(v.s, v.L.id, b, w, warpOf(v, b, w));
  const cells = (active: number, divergent: number, bar: number, line: string, first: number): string[] =>
    [String(w), hex(active), hex(divergent), hex(bar), line, String(v.L.id - 1), dim(view.blockIdx(v.l, b)), dim(view.threadIdx(v.l, w, first))];
  // A warp the scheduler has not run yet: resident, no statement run.
  if (!ws) return cells(0, 0, 0, '-', 0);
  const all = lanesOf(v.tpb, w);
  const bar = waitingMask(v.s, v.L.id, b, w, barrierStep(v.s));
  const active = bar ? 0 : ws.mask & ~ws.exited;
  const divergent = all & ~ws.exited & ~active & ~bar;
  return cells(active, divergent, bar, String(v.s.trace!.loc(ws.loc).line), active ? 31 - Math.clz32(active & -active) : 0);
}

/** `info cuda threads`: the threads still on the GPU that the filter names; consecutive ones at one line share a row, across blocks too, as cuda-gdb coalesces them. */
function threadsTable(v: Live, fl: CudaFilter): string[] {
  const view = v.s.view!;
  const rows: TableLine[] = [{ group: `Kernel ${v.L.id - 1}` }];
  const at = (g: number): string => dim(view.threadIdx(v.l, Math.floor((g % v.tpb) / 32), (g % v.tpb) % 32));
  const blockOf = (g: number): string => dim(view.blockIdx(v.l, Math.floor(g / v.tpb)));
  const mine = v.f.block * v.tpb + v.f.warp * 32 + v.f.lane;
  let run: { from: number; to: number; file: string; line: string } | null = null;
  const flush = (): void => {
    if (run) rows.push({ current: mine >= run.from && mine <= run.to, cells: [blockOf(run.from), at(run.from), blockOf(run.to), at(run.to), String(run.to - run.from + 1), run.file, run.line] });
    run = null;
  };
  for (const b of v.blocks) {
    const where = blockAt(v, b);
    if (!matches(fl, where, v.here)) continue;
    for (let w = 0; w * 32 < v.tpb; w++) {
      const ws = current(v.s, v.L.id, b, w, warpOf(v, b, w));
      const lines = ws ? laneLines(v.s, ws, { kind: 'device', launch: v.L.id, block: b, warp: w, lane: 0 }) : [];
      // A warp not run yet has no line to show.
      const file = ws ? v.s.trace!.loc(ws.loc).file : v.l.kernel;
      for (let lane = 0; lane < 32 && w * 32 + lane < v.tpb; lane++) {
        const g = b * v.tpb + w * 32 + lane;
        if (ws && ws.exited & (1 << lane)) continue;
        if (!matches(fl, { ...where, warp: w, lane, thread: view.threadIdx(v.l, w, lane) }, v.here)) continue;
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
  if (rows.length === 1) return [];
  const heads = ['BlockIdx', 'ThreadIdx', 'To BlockIdx', 'ThreadIdx', 'Count', 'Filename'];
  return cudaTable([...heads.map((head) => ({ head })), { head: 'Line', min: 5 }], rows);
}
