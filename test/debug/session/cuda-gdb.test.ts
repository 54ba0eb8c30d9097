import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The transcripts against cuda-gdb 13 itself. cuda-gdb/NAME.out is what cuda-gdb printed on an
 * H100 for the commands of NAME.gdb (scripts/goldens/cuda-gdb.sh). The two runs take different
 * paths (a GPU schedules warps its own way, a -G build optimizes variables out, Warpscope's
 * own commands are left out there), so whole transcripts cannot agree; the lines whose form
 * does not depend on the path must:
 * - every stop line (`CUDA thread hit Breakpoint 2, AverageShared<<<(1,1,1),(16,1,1)>>>`, the
 *   host's `Breakpoint 1, hnext (`) and info cuda table header cuda-gdb printed for a script
 *   appears in our transcript of it (cuda-gdb's breakpoint location suffix `1.2` aside);
 * - every gdb message of ours (`No CUDA kernels.`, `Invalid coordinates requested. ...`) is
 *   one cuda-gdb printed somewhere.
 * Addresses are masked: the GPU's and ours differ.
 */

const here = dirname(fileURLToPath(import.meta.url));
const real = join(here, 'cuda-gdb');
const mask = (l: string): string => l.replace(/0x[0-9a-f]{6,}/g, '0x…').replace(/\s+$/, '');
const lines = (path: string): string[] => readFileSync(path, 'utf8').split('\n').map(mask);

/** Lines whose form does not depend on the path a run takes: a stop's thread, breakpoint and frame name; a table's header. */
const FORMS: readonly ((l: string) => string | null)[] = [
  (l) => /^CUDA thread hit (?!application kernel entry)[^,]*, \w+(<<<[^>]*>>>)?/.exec(l)?.[0].replace(/(reakpoint \d+)\.\d+/, '$1') ?? null,
  (l) => /^(Thread 1 "[^"]*" hit )?(Temporary breakpoint|Breakpoint) \d+, \w+ \(/.exec(l)?.[0] ?? null,
  (l) => (/^  (Kernel Parent|Lvl Kernel|BlockIdx To BlockIdx|Dev PCI|SM  Active)/.test(l) ? l : null),
  (l) => (l.startsWith('Num     Type') ? l.slice(0, 32) : null),
];

/** gdb's messages for bad input and empty states, whose wording is cuda-gdb's. */
const MESSAGE = /^(Focus is not set|Invalid coordinates requested|Undefined cuda command|Unrecognized argument|No CUDA |No frame selected|No stack\.|No line \d+ in the current file|Wrong number of arguments|Bad format string|"finish" not meaningful|Initial frame selected|Bottom \(innermost\)|Kill the program|Undefined info command|Undefined command|No breakpoint number|Argument required|Bad breakpoint argument|No source file named|The program is not being run|A syntax error|Division by zero|No struct type named|warning: Warp\(s\) other than the current warp had to be single-stepped)/;

const names = readdirSync(real).filter((f) => f.endsWith('.out')).map((f) => f.slice(0, -4)).sort();
const formsOf = (ls: readonly string[]): string[] => ls.flatMap((l) => FORMS.map((f) => f(l)).filter((x): x is string => x !== null));

describe('the transcripts against cuda-gdb 13 on an H100', () => {
  it('has a cuda-gdb run for every transcript', () => {
    const scripts = readdirSync(here).filter((f) => f.endsWith('.gdb')).map((f) => f.slice(0, -4)).sort();
    expect(names).toEqual(scripts);
  });

  for (const name of names) {
    it(`${name}: prints every stop line and table header cuda-gdb printed`, () => {
      const ours = new Set(formsOf(lines(join(here, `${name}.out`))));
      const missing = formsOf(lines(join(real, `${name}.out`))).filter((l) => !ours.has(l));
      expect(missing).toEqual([]);
    });
  }

  it("words every gdb message as cuda-gdb words it", () => {
    const theirs = new Set(names.flatMap((n) => lines(join(real, `${n}.out`))));
    const ours = names.flatMap((n) => lines(join(here, `${n}.out`)).filter((l) => MESSAGE.test(l)).map((l) => `${n}: ${l}`));
    expect(ours.length).toBeGreaterThan(40);
    expect(ours.filter((l) => !theirs.has(l.slice(l.indexOf(': ') + 2)))).toEqual([]);
  });
});
