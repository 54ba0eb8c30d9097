/*
 * What the visual panels are sent at each stop: the running launch's shape, lane states packed
 * as bitmasks (a grid of a million threads is 32768 warps of five words, never an object per
 * thread), the focused warp's variables lane by lane, and the focused block's shared memory
 * with the accesses of the warp's last statement. Binary parts travel as base64 so every
 * transport (IPC, WebSocket, worker messages) carries them as plain JSON.
 */

/** An (x,y,z) triple: gridDim, blockDim, blockIdx, threadIdx. */
export interface Dim3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** The running launch as the grid view draws it. */
export interface LaunchLayout {
  readonly launch: number;
  readonly kernel: string;
  readonly grid: Dim3;
  readonly block: Dim3;
  /** Blocks in the grid (gridDim.x * y * z). */
  readonly blocks: number;
  readonly threadsPerBlock: number;
  /** ceil(threadsPerBlock / 32). */
  readonly warpsPerBlock: number;
}

/** A lane's state as the grid view colours it; `none` is a lane past the block's last thread. */
export type LaneState = 'none' | 'unstarted' | 'active' | 'divergent' | 'barrier' | 'exited' | 'faulted';

/** Words per warp in a packed snapshot: masks of active, divergent, barrier, exited and faulted lanes. */
export const WARP_WORDS = 5;

/** Index of each mask among a warp's words. */
export const MASK = { active: 0, divergent: 1, barrier: 2, exited: 3, faulted: 4 } as const;

/** A block's summary state (one byte per block), for the zoomed-out grid: the most notable of its lanes'. */
export const BLOCK_STATE = { unstarted: 0, active: 1, divergent: 2, barrier: 3, exited: 4, faulted: 5 } as const;

/** The most warps one snapshot details (a million threads); the rest of the grid is drawn from block summaries. */
export const MAX_DETAIL_WARPS = 32768;

/** Blocks [first, first + count) of a launch (linear block numbers). */
export interface BlockRange {
  readonly first: number;
  readonly count: number;
}

/** Lane states at one stop: every block's summary, and lane masks of the blocks the grid views watch. */
export interface LaneSnapshot {
  readonly step: number;
  readonly launch: number;
  /** base64 of a Uint8Array with one BLOCK_STATE per block. */
  readonly blockStates: string;
  /** The watched blocks whose warps are detailed: sorted, apart from each other (each front end's view merged with the others'). */
  readonly ranges: readonly BlockRange[];
  /** base64 of a Uint32Array of WARP_WORDS masks per warp of every detailed block, range by range, block by block, warp by warp. */
  readonly warps: string;
}

/** Ranges sorted, with overlapping and touching ones merged and empty ones left out. */
export function mergeRanges(ranges: readonly BlockRange[]): BlockRange[] {
  const out: { first: number; count: number }[] = [];
  for (const r of [...ranges].filter((r) => r.count > 0).sort((a, b) => a.first - b.first)) {
    const last = out[out.length - 1];
    if (last && r.first <= last.first + last.count) last.count = Math.max(last.count, r.first + r.count - last.first);
    else out.push({ first: r.first, count: r.count });
  }
  return out;
}

/** Block `b`'s place among the detailed blocks of merged `ranges` (its masks start at place * warpsPerBlock * WARP_WORDS), or -1. */
export function detailIndex(ranges: readonly BlockRange[], b: number): number {
  let before = 0;
  for (const r of ranges) {
    if (b < r.first) return -1;
    if (b < r.first + r.count) return before + b - r.first;
    before += r.count;
  }
  return -1;
}

/** Whether merged `ranges` detail every block of [first, first + count). */
export function coversRange(ranges: readonly BlockRange[], first: number, count: number): boolean {
  return count <= 0 || ranges.some((r) => first >= r.first && first + count <= r.first + r.count);
}

/** One lane's row of the Threads panel. */
export interface LaneRow {
  readonly lane: number;
  readonly state: LaneState;
  /** One text per column (as `print` shows it); '' where the lane has no value. */
  readonly values: readonly string[];
  /** Indices of the columns whose value changed since the previous stop. */
  readonly changed: readonly number[];
}

/** The focused warp's variables, lane by lane. */
export interface WarpTable {
  readonly step: number;
  readonly launch: number;
  readonly block: number;
  readonly warp: number;
  /** `block (0,0,0) warp 0`. */
  readonly label: string;
  /** Column names: builtins first, then the frame's variables in scope. */
  readonly columns: readonly string[];
  readonly lanes: readonly LaneRow[];
}

/** How the words of a shared variable read. */
export type ScalarKind = 'i8' | 'u8' | 'i16' | 'u16' | 'i32' | 'u32' | 'i64' | 'u64' | 'f32' | 'f64' | 'bool' | 'ptr' | 'raw';

/** A field of a shared struct: its name and byte offset in the struct. */
export interface SharedField {
  readonly name: string;
  readonly offset: number;
  readonly type: SharedType;
}

/** A shared variable's type laid out, for the panel to read each word and name it as C subscripts it (`tile[1][0]`, `parts[2].x`). */
export type SharedType =
  | { readonly kind: 'scalar'; readonly elem: ScalarKind; readonly size: number }
  /** `stride`: the element's size in bytes. */
  | { readonly kind: 'array'; readonly of: SharedType; readonly length: number; readonly stride: number }
  | { readonly kind: 'struct'; readonly size: number; readonly fields: readonly SharedField[] };

/** A shared variable as declared: its place in the block's window and its type. */
export interface SharedVar {
  readonly name: string;
  /** The declared type as gdb's ptype spells it (`float [16][17]`). */
  readonly type: string;
  readonly offset: number;
  readonly size: number;
  readonly layout: SharedType;
}

/** One warp instruction's shared-memory access: each lane's byte offset, and the bank conflict it makes. */
export interface SharedAccess {
  readonly kind: 'load' | 'store';
  readonly warp: number;
  /** Bytes per lane. */
  readonly size: number;
  /** [lane, offset] pairs in lane order. */
  readonly lanes: readonly (readonly [number, number])[];
  /** Wavefronts the access takes (Nsight's measure), and those it would take without bank conflicts. */
  readonly wavefronts: number;
  readonly ideal: number;
}

/** The focused block's shared memory at a stop. */
export interface SharedView {
  readonly step: number;
  readonly launch: number;
  readonly block: number;
  /** `block (0,0,0)`. */
  readonly label: string;
  /** base64 of the window's bytes [0, size). */
  readonly bytes: string;
  readonly size: number;
  readonly vars: readonly SharedVar[];
  /** 4-byte words (offset / 4) whose bytes changed since the previous stop in this block. */
  readonly changed: readonly number[];
  /** The shared loads and stores of the focused warp's last statement. */
  readonly accesses: readonly SharedAccess[];
}

/** Encodes bytes as base64 (btoa exists in browsers and in Node). */
export function toBase64(bytes: Uint8Array): string {
  let s = '';
  // Chunks keep String.fromCharCode's argument list short.
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** Decodes base64 into bytes. */
export function fromBase64(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/** The warp masks of a snapshot as words. */
export function snapshotWords(s: LaneSnapshot): Uint32Array {
  const b = fromBase64(s.warps);
  return new Uint32Array(b.buffer, b.byteOffset, b.byteLength >> 2);
}

/** Lane `lane`'s state from its warp's masks (`threads` lanes exist in the warp). */
export function laneState(words: Uint32Array, at: number, lane: number, threads: number): LaneState {
  if (lane >= threads) return 'none';
  const bit = 1 << lane;
  if (words[at + MASK.faulted]! & bit) return 'faulted';
  if (words[at + MASK.exited]! & bit) return 'exited';
  if (words[at + MASK.barrier]! & bit) return 'barrier';
  if (words[at + MASK.active]! & bit) return 'active';
  if (words[at + MASK.divergent]! & bit) return 'divergent';
  return 'unstarted';
}
