import type { DebugSession } from './session.js';
import { returned } from './eval-context.js';
import { cudaTable, type TableLine } from './cuda-table.js';
import type { ProgramView } from './program-view.js';
import { matches, type Coords, type CudaFilter } from './cuda-filter.js';
import { residentBlocks, warpAt } from './resident.js';

/*
 * `info cuda devices` and `info cuda sms`: the simulated GPU as cuda-gdb lists a real one. A
 * block runs on SM (block index mod SM count), as the focus messages say, and its warps take
 * that SM's warp slots after those of the lower-numbered blocks resident there.
 */

const hex2 = (n: number): string => n.toString(16).padStart(2, '0');

/** The running launch's resident blocks with a warp that has not returned, by SM: each block's live warps, run or not. */
function residency(s: DebugSession): Map<number, Map<number, number[]>> {
  const L = s.state().launch;
  const out = new Map<number, Map<number, number[]>>();
  if (!L) return out;
  const st = s.state();
  const sms = s.view!.smCount;
  // Warps of resident blocks that have not run hold their slots too (resident.ts).
  const nw = Math.ceil(s.view!.threadsPerBlock(s.view!.launch(L.id)!) / 32);
  const keys = new Set(L.warps.keys());
  for (const b of residentBlocks(s.trace!, st, L.id)) for (let w = 0; w < nw; w++) keys.add(b * 64 + w);
  for (const k of [...keys].sort((a, b) => a - b)) {
    const w = warpAt(s.trace!, st, L.id, Math.floor(k / 64), k % 64);
    if (!w || returned(w)) continue;
    const block = Math.floor(k / 64);
    let blocks = out.get(block % sms);
    if (!blocks) out.set(block % sms, (blocks = new Map()));
    let warps = blocks.get(block);
    if (!warps) blocks.set(block, (warps = []));
    warps.push(k % 64);
  }
  return out;
}

/** SMs as cuda-gdb's mask columns write them: a bit per SM, in whole bytes (34 hex digits for an H100's 132). */
export function smMask(view: ProgramView, sms: Iterable<number>): string {
  let mask = 0n;
  for (const sm of sms) mask |= 1n << BigInt(sm);
  return `0x${mask.toString(16).padStart(Math.ceil(view.smCount / 8) * 2, '0')}`;
}

/** The SM of the focused thread, or -1 on the host. */
const focusSm = (s: DebugSession): number => (s.focus.kind === 'device' ? s.focus.block % s.view!.smCount : -1);

/** The focus's device coordinates, for `current` in a filter (an SM no block has, on the host). */
function here(s: DebugSession): Required<Coords> {
  const none = { x: -1, y: -1, z: -1 };
  return { sm: focusSm(s), kernel: -1, grid: -1, block: none, warp: -1, lane: -1, thread: none };
}

/** `info cuda devices [FILTER]`: the one device, unless the filter names another. */
export function infoDevices(s: DebugSession, filter: CudaFilter | null = null): void {
  if (filter && !matches({ device: filter.device }, {}, here(s))) return s.say('No CUDA devices.');
  const view = s.view!;
  const preset = view.preset;
  const p = preset.props;
  const cells = [
    '0', `${hex2(p.pciBusID)}:${hex2(p.pciDeviceID)}.0`, p.name, preset.chip ?? '-', `sm_${p.major}${p.minor}`, String(p.multiProcessorCount),
    String(preset.sm.maxWarps), String(p.warpSize), String(preset.sm.maxRegsPerThread), smMask(view, residency(s).keys()),
  ];
  const heads = ['Dev', 'PCI Bus/Dev ID', 'Name', 'Description', 'SM Type', 'SMs', 'Warps/SM', 'Lanes/Warp', 'Max Regs/Lane', 'Active SMs Mask'];
  s.say(cudaTable(heads.map((head) => ({ head })), [{ current: s.focus.kind === 'device', cells }]).join('\n'));
}

/** `info cuda sms [FILTER]`: the SMs holding warps of the running kernel (those the filter names), each with its occupied warp slots. */
export function infoSms(s: DebugSession, filter: CudaFilter | null = null): void {
  const fl = filter ?? { device: 'current' };
  const res = residency(s);
  for (const sm of res.keys()) if (!matches({ device: fl.device, sm: fl.sm }, { sm }, here(s))) res.delete(sm);
  if (res.size === 0) return s.say('No CUDA SMs.');
  const rows: TableLine[] = [{ group: 'Device 0' }];
  const perBlock = Math.ceil(s.view!.threadsPerBlock(s.view!.launch(s.state().launch!.id)!) / 32);
  for (const sm of [...res.keys()].sort((a, b) => a - b)) {
    const blocks = [...res.get(sm)!].sort((a, b) => a[0] - b[0]);
    let mask = 0n;
    blocks.forEach(([, warps], rank) => {
      for (const w of warps) mask |= 1n << BigInt(rank * perBlock + w);
    });
    rows.push({ current: sm === focusSm(s), cells: [String(sm), `0x${mask.toString(16).padStart(16, '0')}`] });
  }
  s.say(cudaTable([{ head: 'SM' }, { head: 'Active Warps Mask', min: 18 }], rows).join('\n'));
}
