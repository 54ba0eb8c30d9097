import type { LaunchFault } from '../engine/runtime/listener.js';
import type { Dim3 } from '../engine/exec/env.js';

/*
 * Where a launch faulted (docs/trace-format.md "Fault sites"): one meta row per faulted launch,
 * key `fault_site:LAUNCH`, its value the site as JSON. Meta rows, not a table of their own, since
 * the storing side writes only the tables it knows; an older reader ignores the keys, and a trace
 * without any has no fault sites.
 */

/** What went wrong, by the engine's CUDA error: 700 illegal address, 716 misaligned, 710 assert, 719 a sanitizer stopped the launch. */
export type FaultKind = 'illegal-address' | 'misaligned' | 'assert' | 'aborted' | 'other';

/** A faulted launch's faulting thread and statement. */
export interface FaultSite {
  readonly launch: number;
  /** The statement that faulted: the program stops before it. */
  readonly step: number;
  /** Linear block index, warp in the block, lane in the warp. */
  readonly block: number;
  readonly warp: number;
  readonly lane: number;
  readonly kind: FaultKind;
  /** The CUDA error the launch ended with, and its message. */
  readonly code: number;
  readonly message: string;
  /** A memory fault's address and the space the address map put it in; absent otherwise. */
  readonly address?: number;
  readonly space?: string;
}

const PREFIX = 'fault_site:';

const KINDS: Readonly<Record<number, FaultKind>> = { 700: 'illegal-address', 716: 'misaligned', 710: 'assert', 719: 'aborted' };

/** The meta row recording that launch `launch` (of grid `grid`, blocks `blockDim`) faulted during step `step`. */
export function faultSiteRow(launch: number, step: number, grid: Dim3, blockDim: Dim3, f: LaunchFault): [key: string, value: string] {
  const t = f.thread.x + blockDim.x * (f.thread.y + blockDim.y * f.thread.z);
  const site: FaultSite = {
    launch, step, block: f.block.x + grid.x * (f.block.y + grid.y * f.block.z), warp: Math.floor(t / 32), lane: t % 32,
    kind: KINDS[f.code] ?? 'other', code: f.code, message: f.message,
    ...(f.address !== undefined ? { address: f.address, space: f.space } : {}),
  };
  return [`${PREFIX}${launch}`, JSON.stringify(site)];
}

/** Every fault site a trace's meta holds, by the step of its faulting statement. */
export function readFaultSites(meta: ReadonlyMap<string, string>): Map<number, FaultSite> {
  const out = new Map<number, FaultSite>();
  for (const [key, value] of meta) {
    if (!key.startsWith(PREFIX)) continue;
    const site = JSON.parse(value) as FaultSite;
    out.set(site.step, site);
  }
  return out;
}
