import { basename } from 'node:path';
import type { Finding, Hazard, Index3, RaceError, Space } from '../../analysis/findings.js';
import { P, errorBlock, frameName, thousands } from '../../analysis/report.js';
import type { FindingRow } from './store.js';

/*
 * What a session prints about sanitizer findings: the stop (cuda-gdb's words where it has them:
 * memcheck stops as `set cuda memcheck on` does, with a CUDA exception; the other tools have no
 * cuda-gdb counterpart and say which tool stopped the program), the compute-sanitizer report
 * lines of the findings there, and a one-line summary per finding for `info cuda sanitizer`.
 */

const dim = (d: Index3): string => `(${d.x},${d.y},${d.z})`;
const hex = (a: number): string => `0x${a.toString(16)}`;
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
const HAZARD_WORDS: Readonly<Record<Hazard, string>> = { RAW: 'read-after-write', WAR: 'write-after-read', WAW: 'write-after-write' };

/** cuda-gdb's address notation: `(@global)0x7f4c3a000190`. */
const spaced = (space: Space, address: number): string => `(@${space})${hex(address)}`;

/** The text before the focus switch of a stop at `f` (the first finding there): what was detected and the signal line. */
export function stopHeader(f: Finding, program: string): string {
  const thread = `\nThread 1 "${program}"`;
  switch (f.kind) {
    case 'out-of-bounds':
    case 'use-after-free':
    case 'misaligned': {
      // cuda-gdb's precise lane exceptions, which it raises only with memcheck on.
      const [code, name] = f.kind === 'misaligned' ? [11, 'Lane Misaligned Address'] : [1, 'Lane Illegal Address'];
      return `\nCUDA Exception: ${name}\nMemcheck detected an illegal access to address ${spaced(f.space, f.address)}\n${thread} received signal CUDA_EXCEPTION_${code}, ${name}.\n`;
    }
    case 'uninitialized-read':
      return `\nInitcheck detected an uninitialized read of address ${spaced(f.space, f.address)}\n${thread} stopped by initcheck.\n`;
    case 'race':
      return `\nRacecheck detected a ${HAZARD_WORDS[f.hazard]} hazard (${f.hazard}) on __${f.space}__ memory\n${thread} stopped by racecheck.\n`;
    case 'barrier-divergence':
      return `\nSynccheck detected a barrier error: divergent thread(s) in warp\n${thread} stopped by synccheck.\n`;
    case 'invalid-warp-sync':
      return `\nSynccheck detected a barrier error: invalid arguments\n${thread} stopped by synccheck.\n`;
    case 'deadlock':
      return `\nSynccheck detected a barrier error: the launch can never finish\n${thread} stopped by synccheck.\n`;
    case 'api-error':
    case 'leak':
      return '';
  }
}

/** A race as met: the earlier access, then the one that met it (where the program stopped), with the thread of each. */
function raceLines(r: RaceError): string[] {
  const [a, b] = r.accesses;
  const memory = r.space === 'global' ? 'on __global__ memory ' : '';
  return [
    `${r.severity === 'error' ? 'Error' : 'Warning'}: Race reported ${memory}between ${cap(a.access)} access at ${frameName(r)} in ${basename(a.file)}:${a.line}`,
    `    and ${cap(b.access)} access at ${frameName(r)} in ${basename(b.file)}:${b.line}`,
    `    ${cap(a.access)} by thread ${dim(a.thread)} in block ${dim(a.block)}`,
    `    ${cap(b.access)} by thread ${dim(b.thread)} in block ${dim(b.block)}`,
  ];
}

/** compute-sanitizer's report blocks for the findings of one stop. */
export function reportText(rows: readonly FindingRow[]): string {
  const out: string[] = [];
  for (const { finding: f } of rows) {
    for (const l of f.kind === 'race' ? raceLines(f) : errorBlock(f)) out.push(`${P} ${l}\n`);
    out.push(`${P} \n`);
  }
  return out.join('');
}

/** Where a finding's thread stood and who it was: the access that stopped the program, for a race. */
export function findingSite(f: Finding): { file: string; line: number; block: Index3 | null; thread: Index3 | null } {
  switch (f.kind) {
    case 'race': {
      const b = f.accesses[1];
      return { file: b.file, line: b.line, block: b.block, thread: b.thread };
    }
    case 'api-error':
    case 'leak':
    case 'deadlock':
      return { file: f.file, line: f.line, block: null, thread: null };
    default:
      return { file: f.file, line: f.line, block: f.block, thread: f.thread };
  }
}

/** One line saying what a finding is (the `info cuda sanitizer` column). */
export function findingSummary(f: Finding): string {
  switch (f.kind) {
    case 'out-of-bounds':
    case 'use-after-free':
    case 'misaligned': {
      const what = f.kind === 'misaligned' ? 'misaligned' : f.kind === 'use-after-free' ? 'use after free' : 'out of bounds';
      return `Invalid __${f.space}__ ${f.access} of size ${thousands(f.size)} bytes at ${hex(f.address)} (${what})`;
    }
    case 'api-error':
      return `${f.api} returned ${f.error} (${f.code})`;
    case 'uninitialized-read':
      return `Uninitialized __${f.space}__ memory read of size ${thousands(f.size)} bytes at ${hex(f.address)}`;
    case 'race': {
      const [a, b] = f.accesses;
      return `${f.severity === 'error' ? 'Race' : 'Race (warning)'} ${f.hazard}: ${b.access} after ${a.access} at ${a.file}:${a.line} by thread ${dim(a.thread)} in block ${dim(a.block)}`;
    }
    case 'barrier-divergence':
      return 'Barrier error: divergent thread(s) in warp';
    case 'invalid-warp-sync':
      return `Barrier error: __syncwarp mask ${hex(f.mask >>> 0)} leaves out the calling thread`;
    case 'deadlock':
      return `Barrier error: the launch can never finish: ${f.detail}`;
    case 'leak':
      return `Leaked ${thousands(f.size)} bytes at ${hex(f.address)}`;
  }
}

/** Whether a finding stops the program: device errors do; host API errors are listed only (cuda-gdb's memcheck stops on device exceptions). */
export function stops(f: Finding): boolean {
  return f.kind !== 'api-error' && f.kind !== 'leak';
}

/** Pads columns to their widest cell (numbers right-aligned, text left), cuda-gdb table style. */
export function table(header: readonly string[], rows: readonly (readonly string[])[], right: readonly boolean[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => (i === cells.length - 1 ? c : right[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' ').trimEnd();
  return [line(header), ...rows.map(line)];
}
