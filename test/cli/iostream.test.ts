import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/* A `std::cout << ...` line is one statement to the debugger: next steps over it, step enters a call among its operands. */

const dir = mkdtempSync(join(tmpdir(), 'ws-iostream-'));
const program = 'test/cli/programs/iostream_steps.cu';

describe('debugging a program that prints with std::cout', () => {
  it('steps over and into stream lines as over any statement', () => {
    const cmds = join(dir, 'steps.gdb');
    writeFileSync(cmds, ['break 6', 'run', 'next', 'step', 'bt', 'next', 'next', 'continue', ''].join('\n'));
    const r = spawnSync(process.execPath, ['bin/warpscope.mjs', 'debug', program, '-o', join(dir, 'steps.trace'), '-x', cmds, '--batch'], { encoding: 'latin1', timeout: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n').slice(2)).toEqual([
      '',
      `Breakpoint 1, main () at ${program}:6`,
      '6\t  std::cout << "a=" << a << std::endl;',
      'a=5',
      '7\t  std::cout << "b=" << twice(a) << \'\\n\';',
      `twice (x=5) at ${program}:3`,
      '3\tint twice(int x) { printf("twice %d\\n", x); return 2 * x; }',
      `#0  twice (x=5) at ${program}:3`,
      `#1  main () at ${program}:7`,
      'b=twice 5',
      '10',
      `main () at ${program}:8`,
      '8\t  printf("done\\n");',
      'done',
      '9\t  return 0;',
      expect.stringMatching(/^\[Inferior 1 \(process \d+\) exited normally\]$/),
      '',
    ]);
  });
});
