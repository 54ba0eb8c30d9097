/*
 * The SQLite schema of a .trace file (docs/trace-format.md describes every table and column).
 * High-volume events (warp statements, memory writes) live in compressed columnar chunks so a
 * recording stays under ~16 bytes per event and costs one INSERT per 64k events; everything
 * else is one row per event so SQL can answer questions about it directly.
 */

import { SPACE_NAMES } from '../engine/memory/layout.js';

/** The format version a writer writes and a reader accepts; any change a reader could misread bumps it. */
export const FORMAT_VERSION = 8;

/** The value of meta.format: tells a .trace from any other SQLite file. */
export const FORMAT_NAME = 'warpscope-trace';

/** Events per chunk: the unit of a commit, so a killed recording loses at most this many. */
export const CHUNK_EVENTS = 65536;

/** Memory spaces as stored in the effects' space column: the engine's order, in which instrumented code names them (Observer.accessValues). */
export const SPACES = SPACE_NAMES;

/** A space's code in the effects' space column. */
export const SPACE_CODE: Readonly<Record<(typeof SPACES)[number], number>> = { host: 0, global: 1, shared: 2, local: 3, constant: 4 };

/** SPACE_CODE of an access's space name (a switch, not a lookup: it runs for every lane's load and store). */
export function spaceCode(space: string): number {
  switch (space) {
    case 'global': return 1;
    case 'shared': return 2;
    case 'local': return 3;
    case 'constant': return 4;
    default: return 0;
  }
}

/** What an effect row is (the effects' kind column). */
export const EFFECT = {
  /** A lane's load: address and size (no value). */
  load: 0,
  /** A lane's store of `size` bytes: old and new bits. */
  store: 1,
  /** A runtime write of any length (cudaMemcpy, memset, static data, struct copies): `new` holds a blobs.blob_id. */
  bulk: 2,
  /** A register variable's new values: `address` is fn << 16 | variable index, `new` the lanes written and the index of their first value in the chunk's values (tags: float64 or int64). */
  register: 3,
  /** A function activation begins on the warp: `address` is the frame pointer, `new` the function id. */
  enter: 4,
  /** The innermost activation returns. */
  leave: 5,
  /** An atomic or shuffle of the warp: `address` indexes WARP_OPS, `new`'s low word is the lanes' mask. */
  op: 6,
} as const;

/**
 * The variable index under which a register effect carries a function's return value (fn << 16 | RETURN_VALUE), made as
 * it returns; for a function returning a struct, the address in the caller's frame its lanes copied the struct to.
 */
export const RETURN_VALUE = 0xffff;

/** Operations an `op` effect names (by index). */
export const WARP_OPS = [
  'atomicAdd', 'atomicSub', 'atomicExch', 'atomicMin', 'atomicMax', 'atomicInc', 'atomicDec', 'atomicAnd', 'atomicOr', 'atomicXor', 'atomicCAS',
  '__shfl_sync', '__shfl_up_sync', '__shfl_down_sync', '__shfl_xor_sync',
] as const;

/** Replay cost between checkpoints, in device statement rows (batches.ts counts it): a checkpoint is taken before the statement that reaches it. */
export const CHECKPOINT_EVENTS = 98304;

/** Output streams as stored in output.stream. */
export const STREAMS = { stdout: 1, stderr: 2 } as const;

/** Tags of a register row's values (effects column `tags`, its low 2 bits): float64 bits, int64, or float64 integers stored as int32. */
export const VALUE_TAG = { none: 0, number: 1, bigint: 2, int32: 3 } as const;

/** A register row's `tags` bit: every lane it writes takes one value, stored once (a loop counter, a parameter, a block's index). */
export const UNIFORM = 4;

/**
 * What the sanitizers a debugging session ran found (src/debug/sanitize): one row per finding,
 * `detail` the finding as JSON (src/analysis/findings.ts). Not in TABLES: traces older than it lack
 * it and read as having no findings.
 */
export const SANITIZER_SCHEMA = `CREATE TABLE IF NOT EXISTS sanitizer_findings (seq INTEGER PRIMARY KEY, step INTEGER NOT NULL, tool TEXT NOT NULL, launch_id INTEGER NOT NULL, block INTEGER NOT NULL, warp INTEGER NOT NULL, lane INTEGER NOT NULL, kind TEXT NOT NULL, detail TEXT NOT NULL);
`;

/**
 * Allocations of device memory and the host heap (docs/trace-format.md): what a debugger may read
 * at a step. `step` is the statement that made it, `freed_step` the one that ended it (NULL while
 * live); `[mapped_start, mapped_end)` the addresses its pages map. Not in TABLES: a trace older
 * than it lacks it, and the debugger then reads every address as before.
 */
export const ALLOCATIONS_SCHEMA = `CREATE TABLE IF NOT EXISTS allocations (seq INTEGER PRIMARY KEY, step INTEGER NOT NULL, space TEXT NOT NULL, address INTEGER NOT NULL, size INTEGER NOT NULL, mapped_start INTEGER NOT NULL, mapped_end INTEGER NOT NULL, freed_step INTEGER);
`;

/** The DDL: run once on a new file. Each chunk's `crc` is the CRC-32 of its stored bytes (checksum.ts); older traces lack the column. */
export const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE sources (file_id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, text TEXT);
CREATE TABLE locs (loc_id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL, line INTEGER NOT NULL, col INTEGER NOT NULL);
CREATE TABLE launches (
  launch_id INTEGER PRIMARY KEY, kernel TEXT NOT NULL,
  grid_x INTEGER NOT NULL, grid_y INTEGER NOT NULL, grid_z INTEGER NOT NULL,
  block_x INTEGER NOT NULL, block_y INTEGER NOT NULL, block_z INTEGER NOT NULL,
  shared_bytes INTEGER NOT NULL, loc_id INTEGER NOT NULL,
  begin_step INTEGER NOT NULL, end_step INTEGER, outcome TEXT);
CREATE TABLE step_chunks (first_step INTEGER PRIMARY KEY, count INTEGER NOT NULL, data BLOB NOT NULL, crc INTEGER);
CREATE TABLE effect_chunks (first_seq INTEGER PRIMARY KEY, count INTEGER NOT NULL, first_step INTEGER NOT NULL, last_step INTEGER NOT NULL, data BLOB NOT NULL, crc INTEGER);
CREATE INDEX effect_chunks_step ON effect_chunks (last_step);
CREATE TABLE blobs (blob_id INTEGER PRIMARY KEY, old BLOB NOT NULL, new BLOB NOT NULL, crc INTEGER);
CREATE TABLE checkpoints (step INTEGER PRIMARY KEY, effect_seq INTEGER NOT NULL, full INTEGER NOT NULL, data BLOB NOT NULL, crc INTEGER);
CREATE TABLE barrier_chunks (first_seq INTEGER PRIMARY KEY, count INTEGER NOT NULL, data BLOB NOT NULL, crc INTEGER);
CREATE TABLE warp_masks (seq INTEGER PRIMARY KEY, step INTEGER NOT NULL, launch_id INTEGER NOT NULL, block INTEGER NOT NULL, warp INTEGER NOT NULL, primitive TEXT NOT NULL, detail TEXT NOT NULL, loc_id INTEGER NOT NULL);
CREATE TABLE api_calls (seq INTEGER PRIMARY KEY, step INTEGER NOT NULL, name TEXT NOT NULL, args TEXT NOT NULL, result TEXT, loc_id INTEGER NOT NULL);
CREATE TABLE timeline (op_id INTEGER PRIMARY KEY, step INTEGER NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL, stream INTEGER NOT NULL, start_ns REAL NOT NULL, end_ns REAL NOT NULL, detail TEXT NOT NULL);
CREATE TABLE output (seq INTEGER PRIMARY KEY, step INTEGER NOT NULL, effect INTEGER NOT NULL, stream INTEGER NOT NULL, data BLOB NOT NULL);
CREATE TABLE diagnostics (seq INTEGER PRIMARY KEY, step INTEGER NOT NULL, severity TEXT NOT NULL, message TEXT NOT NULL, file TEXT NOT NULL, line INTEGER NOT NULL, col INTEGER NOT NULL, rendered TEXT NOT NULL);
${SANITIZER_SCHEMA}${ALLOCATIONS_SCHEMA}`;

/** Every table a reader expects: a file lacking one is not a trace of this format. */
export const TABLES = ['meta', 'sources', 'locs', 'launches', 'step_chunks', 'effect_chunks', 'blobs', 'checkpoints', 'barrier_chunks', 'warp_masks', 'api_calls', 'timeline', 'output', 'diagnostics'] as const;
