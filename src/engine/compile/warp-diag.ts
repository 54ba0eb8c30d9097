import type { SourceLoc } from '../front/token.js';
import type { Dim3 } from '../exec/env.js';

/*
 * The words for a warp primitive whose mask names lanes that are not active where it runs, or a
 * shuffle that reads such a lane (warp-intrinsics.ts detects both). CUDA calls it undefined; the
 * H100 goes on with those lanes contributing nothing and reading 0, so users only notice wrong
 * numbers. One warning per call site says what happened.
 */

/** One run of a primitive with lanes named or read that were not there. Lane sets are 32-bit masks. */
export interface WarpMaskEvent {
  readonly primitive: string;
  readonly loc: SourceLoc;
  readonly block: Dim3;
  /** The warp's index in its block. */
  readonly warp: number;
  /** The mask the lowest active lane passed. */
  readonly mask: number;
  /** Whether every active lane passed that mask. */
  readonly uniformMask: boolean;
  /** Lanes executing the call. */
  readonly active: number;
  /** Lanes some mask names that are not active. */
  readonly inactiveNamed: number;
  /** Lanes that read an inactive lane (a shuffle; they got 0). */
  readonly readersOfInactive: number;
  /** Lanes that read a lane outside their own mask (a shuffle). */
  readonly readersOutsideMask: number;
  /** The lanes those readers read. */
  readonly sources: number;
}

/** Lane numbers of a mask as ranges: "16-31", "3, 5, 7-9". */
export function laneRanges(mask: number): string {
  const out: string[] = [];
  for (let i = 0; i < 32; i++) {
    if (((mask >>> i) & 1) === 0) continue;
    let j = i;
    while (j + 1 < 32 && ((mask >>> (j + 1)) & 1) !== 0) j++;
    out.push(i === j ? `${i}` : `${i}-${j}`);
    i = j;
  }
  return out.join(', ');
}

const lanesWord = (mask: number): string => (mask !== 0 && (mask & (mask - 1)) === 0 ? 'lane' : 'lanes');
const hex = (m: number): string => '0x' + (m >>> 0).toString(16).padStart(8, '0');

/** The warning text for one event, e.g. "__shfl_sync mask 0xffffffff names lanes 16-31, which are not active here (block (0,0,0), warp 0); lanes 12-15 read them and get 0". */
export function warpMaskMessage(e: WarpMaskEvent, exited: number, present: number): string {
  const where = `block (${e.block.x},${e.block.y},${e.block.z}), warp ${e.warp}`;
  const mask = e.uniformMask ? `mask ${hex(e.mask)}` : 'masks (which differ by lane)';
  const parts: string[] = [];
  if (e.inactiveNamed !== 0) {
    const n = e.inactiveNamed;
    const why: string[] = [];
    if (n & ~present) why.push(`the block has no thread in ${lanesWord(n & ~present)} ${laneRanges(n & ~present)}`);
    if (n & present & exited) why.push(`${lanesWord(n & present & exited)} ${laneRanges(n & present & exited)} returned`);
    if (n & present & ~exited) why.push(`${lanesWord(n & present & ~exited)} ${laneRanges(n & present & ~exited)} ${(n & present & ~exited & ((n & present & ~exited) - 1)) === 0 ? 'is' : 'are'} on another path`);
    const effect = /^__shfl/.test(e.primitive) ? '' : /^__ballot/.test(e.primitive) ? '; their ballot bits are 0' : '; they are left out';
    parts.push(`${e.primitive} ${mask} names ${lanesWord(n)} ${laneRanges(n)}, which ${n & (n - 1) ? 'are' : 'is'} not active here (${where}: ${why.join(', ')})${effect}`);
  }
  if (e.readersOfInactive !== 0) {
    const src = e.sources & ~e.active;
    const head = parts.length ? '' : `${e.primitive} in ${where}: `;
    parts.push(`${head}${lanesWord(e.readersOfInactive)} ${laneRanges(e.readersOfInactive)} read inactive ${lanesWord(src)} ${laneRanges(src)} and get 0`);
  }
  if (e.readersOutsideMask !== 0) {
    const src = e.sources & e.active;
    const head = parts.length ? '' : `${e.primitive} in ${where}: `;
    parts.push(`${head}${lanesWord(e.readersOutsideMask)} ${laneRanges(e.readersOutsideMask)} read ${lanesWord(src)} ${laneRanges(src)}${e.uniformMask ? `, outside their mask ${hex(e.mask)}` : ', outside their own masks'} (undefined in CUDA; Warpscope gives the value)`);
  }
  return parts.join('; ');
}
