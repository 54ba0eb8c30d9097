import { readFileSync } from 'node:fs';

/*
 * Reads a compute-sanitizer report recorded on a real H100 (test/sanitizer/*.txt) into what
 * `warpscope check` must agree with: each error block's kind, line, thread and block, the program's
 * own output, the summary lines and the exit status. Addresses and PC offsets are left out: they
 * belong to the real process. Device frames keep the kernel's signature, less the PC offset.
 */

/** One error block of a report, reduced to what both tools can agree on. */
export interface GoldenBlock {
  /** The first line without the prefix, addresses and sizes with separators normalised away. */
  readonly what: string;
  readonly line: number | null;
  readonly thread: string | null;
  readonly block: string | null;
  /** "out of bounds" / "misaligned" for access errors. */
  readonly access: string | null;
  /** Race partners: "Write@8" for each "and Write access at ... :8" line. */
  readonly partners: readonly string[];
  /** Every device frame the block names, in order, without its PC offset: `k(const int *, int *, int)` for `at k(const int *, int *, int)+0xc0 in f.cu:6`. */
  readonly frames: readonly string[];
}

/** A whole report. */
export interface GoldenReport {
  readonly blocks: readonly GoldenBlock[];
  /** Lines the program printed (those without the ========= prefix). */
  readonly output: readonly string[];
  /** Summary lines (LEAK SUMMARY, ERROR SUMMARY, RACECHECK SUMMARY). */
  readonly summaries: readonly string[];
  readonly exit: number;
}

const PREFIX = '=========';

/** Reduces a block's first line to its kind: addresses and byte counts removed. */
export function normaliseWhat(line: string): string {
  return line.replace(/ at 0x[0-9a-f]+$/, '').replace(/Leaked [\d,]+ bytes/, 'Leaked N bytes').replace(/ at .+? in \S+:\d+$/, '');
}

/** The device frame a report line names (`at FRAME+0xc0 in file.cu:6`), PC offset dropped; null when it names none. */
export function frameOf(line: string): string | null {
  const m = /(?:^|\s)at (.+?)(?:\+0x[0-9a-f]+)? in \S+:\d+(?: \[|$)/.exec(line);
  return m === null ? null : m[1]!;
}

/** Parses report text (ours or the golden's). */
export function parseReport(text: string): GoldenReport {
  const blocks: GoldenBlock[] = [];
  const output: string[] = [];
  const summaries: string[] = [];
  let exit = -1;
  let cur: string[] = [];
  const close = (): void => {
    if (cur.length === 0) return;
    const first = cur[0]!;
    const at = cur.map((l) => /in (\S+):(\d+)( \[|$)/.exec(l)).find((m) => m !== null);
    const by = cur.map((l) => /by thread (\(\d+,\d+,\d+\)) in block (\(\d+,\d+,\d+\))/.exec(l)).find((m) => m !== null);
    const acc = cur.map((l) => /Access to \S+ is (out of bounds|misaligned)/.exec(l)).find((m) => m !== null);
    const partners = cur.slice(1).map((l) => /^and (\w+) access at .*:(\d+) \[/.exec(l.trim())).filter((m) => m !== null).map((m) => `${m![1]}@${m![2]}`);
    const frames = cur.map(frameOf).filter((f) => f !== null);
    blocks.push({ what: normaliseWhat(first), line: at ? Number(at[2]) : null, thread: by ? by[1]! : null, block: by ? by[2]! : null, access: acc ? acc[1]! : null, partners, frames });
    cur = [];
  };
  for (const raw of text.split('\n')) {
    if (/^exit \d+$/.test(raw)) {
      exit = Number(raw.slice(5));
      continue;
    }
    if (!raw.startsWith(PREFIX)) {
      if (raw !== '') output.push(raw);
      continue;
    }
    const body = raw.slice(PREFIX.length + 1);
    if (body === 'COMPUTE-SANITIZER') continue;
    if (/^(LEAK|ERROR|RACECHECK) SUMMARY/.test(body)) {
      close();
      summaries.push(body);
    } else if (body.trim() === '') close();
    else if (body.startsWith('    ')) cur.push(body.trim());
    else {
      close();
      cur.push(body);
    }
  }
  close();
  return { blocks, output, summaries, exit };
}

/** Reads and parses a golden report file. */
export function readGolden(path: string): GoldenReport {
  return parseReport(readFileSync(path, 'latin1'));
}
