import { basename } from 'node:path';
import type { AccessError, CheckResult, Finding, Index3, RaceError } from './findings.js';
import { displayedRaces } from './racecheck-groups.js';

/*
 * The human report, in compute-sanitizer's structure: a banner, one block per error (what, size,
 * kernel and file:line, thread and block, address and nearest allocation), and the summary lines.
 * Device frames name the kernel by its demangled signature, as compute-sanitizer does, less the
 * program counter offset (+0xc0); host backtraces are left out. Neither has a meaning in a
 * simulator: the source line stands in for them.
 */

/** The prefix of every report line. */
export const P = '=========';

/** 1234567 -> "1,234,567", as compute-sanitizer writes sizes in error blocks. */
export function thousands(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

const hex = (a: number): string => `0x${a.toString(16)}`;
const dim = (d: Index3): string => `(${d.x},${d.y},${d.z})`;
const where = (file: string, line: number): string => `${basename(file)}:${line}`;
const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** A device frame as compute-sanitizer names it, less its PC offset: the kernel's demangled signature, or its name in findings made before signatures were kept. */
export function frameName(f: { readonly kernel: string; readonly signature?: string }): string {
  return f.signature ?? f.kernel;
}

/** The banner compute-sanitizer prints before the program starts. */
export const BANNER = `${P} COMPUTE-SANITIZER\n`;

/** Where an access error's address lies relative to the allocation the report names. */
function allocationLine(e: AccessError): string | null {
  const a = e.allocation;
  if (a === undefined) return null;
  const at = `at ${hex(a.address)} of size ${thousands(a.size)} bytes`;
  if (e.kind === 'use-after-free') return `and is inside an allocation ${at} that was freed`;
  if (e.address >= a.address && e.address < a.address + Math.max(a.size, 1)) return `and is inside the nearest allocation ${at}`;
  if (e.address < a.address) return `and is ${thousands(a.address - e.address)} bytes before the nearest allocation ${at}`;
  return `and is ${thousands(e.address - (a.address + a.size) + 1)} bytes after the nearest allocation ${at}`;
}

/** The lines of one error block (without the trailing separator or the `=========` prefix); none for a race, whose blocks are per group. */
export function errorBlock(f: Finding): string[] {
  switch (f.kind) {
    case 'out-of-bounds':
    case 'misaligned':
    case 'use-after-free': {
      const lines = [
        `Invalid __${f.space}__ ${f.access} of size ${thousands(f.size)} bytes`,
        `    at ${frameName(f)} in ${where(f.file, f.line)}`,
        `    by thread ${dim(f.thread)} in block ${dim(f.block)}`,
        `    Access to ${hex(f.address)} is ${f.kind === 'misaligned' ? 'misaligned' : 'out of bounds'}`,
      ];
      const a = allocationLine(f);
      return a === null ? lines : [...lines, `    ${a}`];
    }
    case 'api-error':
      return [`Program hit ${f.error} (error ${f.code}) due to "${f.description}" on CUDA API call to ${f.api}.`, `    at ${where(f.file, f.line)}`];
    case 'leak':
      return [`Leaked ${thousands(f.size)} bytes at ${hex(f.address)}`, `    allocated at ${where(f.file, f.line)}`];
    case 'uninitialized-read':
      return [`Uninitialized __${f.space}__ memory read of size ${thousands(f.size)} bytes`, `    at ${frameName(f)} in ${where(f.file, f.line)}`, `    by thread ${dim(f.thread)} in block ${dim(f.block)}`, `    Address ${hex(f.address)}`];
    case 'barrier-divergence':
      return ['Barrier error detected. Divergent thread(s) in warp.', `    at ${frameName(f)} in ${where(f.file, f.line)}`, `    by thread ${dim(f.thread)} in block ${dim(f.block)}`];
    case 'invalid-warp-sync':
      return ['Barrier error detected. Invalid arguments.', `    at ${frameName(f)} in ${where(f.file, f.line)}`, `    by thread ${dim(f.thread)} in block ${dim(f.block)}`, `    __syncwarp mask ${hex(f.mask >>> 0)} leaves out the calling thread`];
    case 'deadlock':
      return [`Barrier error detected. The launch can never finish: ${f.detail}.`, `    at ${frameName(f)} in ${where(f.file, f.line)}`];
    case 'race':
      return [];
  }
}

/** One displayed race: the grouping access, then each partner with its hazard count. */
function raceBlock(group: readonly RaceError[]): string[] {
  const first = group[0]!;
  const a = first.accesses[0];
  const name = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
  return [
    // Global hazards are Warpscope's extension (--racecheck-memory): their heading names the memory; shared ones read as compute-sanitizer's.
    `${first.severity === 'error' ? 'Error' : 'Warning'}: Race reported ${first.space === 'global' ? 'on __global__ memory ' : ''}between ${name(a.access)} access at ${frameName(first)} in ${where(a.file, a.line)}`,
    ...group.map((r) => `    and ${name(r.accesses[1].access)} access at ${frameName(r)} in ${where(r.accesses[1].file, r.accesses[1].line)} [${thousands(r.count)} hazards]`),
  ];
}

/** A block's lines as printed: each prefixed, then the separator line. */
function printed(lines: readonly string[]): string {
  return lines.map((l) => `${P} ${l}\n`).join('') + `${P} \n`;
}

/** The printed block of one finding that is not a race (races are printed per group, by errorBlocks). */
export function findingBlock(f: Finding): string {
  return printed(errorBlock(f));
}

/** The error blocks of a result (everything before the program's own output). */
export function errorBlocks(r: CheckResult): string {
  if (r.tool === 'racecheck') return displayedRaces(r.findings).map((g) => printed(raceBlock(g))).join('');
  return r.findings.map(findingBlock).join('');
}

/** The summary lines printed after the program's output; none for a run that was stopped, as a killed compute-sanitizer prints none. */
export function summaryLines(r: CheckResult): string {
  if (r.stopped) return '';
  if (r.tool === 'racecheck') {
    const groups = displayedRaces(r.findings);
    const errors = groups.filter((g) => g[0]!.severity === 'error').length;
    const warnings = groups.length - errors;
    return `${P} RACECHECK SUMMARY: ${plural(groups.length, 'hazard', 'hazards')} displayed (${plural(errors, 'error', 'errors')}, ${plural(warnings, 'warning', 'warnings')})\n`;
  }
  let s = '';
  if (r.tool === 'memcheck' && r.leakCheck) {
    const leaks = r.findings.filter((f) => f.kind === 'leak');
    s += `${P} LEAK SUMMARY: ${leaks.reduce((n, l) => n + l.size, 0)} bytes leaked in ${leaks.length} allocations\n`;
  }
  return s + `${P} ERROR SUMMARY: ${plural(errorCount(r), 'error', 'errors')}\n`;
}

/** How many errors the result counts (compute-sanitizer's ERROR SUMMARY; displayed hazards for racecheck). */
export function errorCount(r: CheckResult): number {
  return r.tool === 'racecheck' ? displayedRaces(r.findings).length : r.findings.length;
}
