import { LOCAL_BASE, SHARED_BASE } from '../memory/layout.js';

/*
 * What one warp-level memory instruction costs, from its active lanes' addresses: 32-byte
 * sectors for global and local memory, wavefronts through the 32 shared-memory banks. The
 * sampling and per-site totals around these live in transactions.ts; the debugger's shared
 * memory view prices single accesses with them too.
 */

// Distinct keys of one instruction (at most 32 lanes x 2): an open-addressed table whose slots
// are valid only when stamped with the current epoch, so it never needs clearing.
const SLOTS = 256;
const slotKey = new Float64Array(SLOTS);
const slotStamp = new Int32Array(SLOTS);
const found = new Float64Array(64);
let epoch = 0;
let nFound = 0;

/** Starts the distinct set of a new instruction. */
function begin(): void {
  epoch = (epoch + 1) | 0;
  if (epoch === 0) slotStamp.fill(0), (epoch = 1);
  nFound = 0;
}

/** Adds key k (a non-negative integer below 2^53) to the distinct set. */
function add(k: number): void {
  const lo = k >>> 0;
  let h = (lo ^ (lo >>> 8)) & (SLOTS - 1);
  for (;;) {
    if (slotStamp[h] !== epoch) {
      slotStamp[h] = epoch;
      slotKey[h] = k;
      found[nFound++] = k;
      return;
    }
    if (slotKey[h] === k) return;
    h = (h + 1) & (SLOTS - 1);
  }
}

/** Distinct 32-byte sectors touched by the lanes of `mask` accessing `bytes` each at addr[base + lane]. */
export function globalSectors(addr: Float64Array, base: number, mask: number, bytes: number): number {
  begin();
  for (let l = 0; l < 32; l++) {
    if (((mask >>> l) & 1) === 0) continue;
    const a = addr[base + l]!;
    const first = Math.floor(a / 32);
    add(first);
    // Only a misaligned access (which faults) can span two sectors.
    if (Math.floor((a + bytes - 1) / 32) !== first) add(first + 1);
  }
  return nFound;
}

const bankWords = new Int32Array(32);

/**
 * Lanes of one shared-memory phase. Measured on an H100 (test/analysis/stats/probe): 32- and 64-bit
 * accesses are served for the whole warp at once (a double every lane reads is 1 wavefront, and two
 * half-warps reading two doubles also 1), 128-bit ones a half-warp at a time (a float4 every lane
 * reads is 2 wavefronts, contiguous float4s 4); banks conflict only within a phase.
 */
function phaseLanes(bytes: number): number {
  return bytes > 8 ? 16 : 32;
}

let idealOfLast = 0;

/**
 * Shared-memory wavefronts: per phase, the most distinct 4-byte words any one of the 32 banks must
 * deliver (lanes reading the same word share it: a broadcast), summed over the phases.
 * `sharedIdealOfLast()` then holds what the same access would need without bank conflicts.
 */
export function sharedWavefronts(addr: Float64Array, base: number, mask: number, bytes: number): number {
  const words = Math.max(1, bytes >>> 2);
  const per = phaseLanes(bytes);
  let total = 0;
  idealOfLast = 0;
  for (let p = 0; p < 32; p += per) {
    begin();
    for (let l = p; l < p + per; l++) {
      if (((mask >>> l) & 1) === 0) continue;
      // Offsets into the block's window are small integers; a word's bank is its index mod 32.
      const w = (addr[base + l]! - SHARED_BASE) >>> 2;
      for (let k = 0; k < words; k++) add(w + k);
    }
    let most = 0;
    for (let i = 0; i < nFound; i++) {
      const c = ++bankWords[found[i]! & 31]!;
      if (c > most) most = c;
    }
    for (let i = 0; i < nFound; i++) bankWords[found[i]! & 31] = 0;
    total += most;
    idealOfLast += Math.ceil(nFound / 32);
  }
  return total;
}

/**
 * The wavefronts the last sharedWavefronts access needs without bank conflicts: per phase, its
 * distinct words over 32 banks. Nsight Compute's bank conflicts are the wavefronts beyond these
 * (a stride-2 double access: 4 wavefronts, 2 ideal, 2 conflicts; a broadcast double: 1 and 1).
 */
export function sharedIdealOfLast(): number {
  return idealOfLast;
}

/** Sectors of a local access: lane l's word i lives at i * 128 + l * 4 in the interleaved local space. */
export function localSectors(addr: Float64Array, base: number, mask: number, bytes: number): number {
  const words = Math.max(1, bytes >>> 2);
  begin();
  for (let l = 0; l < 32; l++) {
    if (((mask >>> l) & 1) === 0) continue;
    const w = (addr[base + l]! - LOCAL_BASE) >>> 2;
    for (let k = 0; k < words; k++) add((w + k) * 4 + (l >>> 3));
  }
  return nFound;
}
