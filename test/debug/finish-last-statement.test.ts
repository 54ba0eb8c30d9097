import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { batchLiveAndReplay } from './session-helpers.js';

/*
 * finish out of a function called in main's last statement (`return twice(a);`): nothing of the
 * program runs after that statement, and gdb still stops inside it as the callee returns, with
 * the value returned. Asked of a live session and of its trace's replay, which print the same.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-finish-last-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const program = join(dir, 'f.cu');
writeFileSync(
  program,
  `int twice(int x) { return 2 * x; }
int main()
{
    int a = twice(1);
    return twice(a);
}
`,
);
const script = join(dir, 'cmds.gdb');
writeFileSync(script, ['break twice', 'run', 'continue', 'finish', 'print a', 'continue', ''].join('\n'));
const trace = join(dir, 'f.trace');

const expected = [
  'Breakpoint 1 at twice: file f.cu, line 1.',
  '',
  'Breakpoint 1, twice (x=1) at f.cu:1',
  '1\tint twice(int x) { return 2 * x; }',
  '',
  'Breakpoint 1, twice (x=2) at f.cu:1',
  '1\tint twice(int x) { return 2 * x; }',
  'main () at f.cu:5',
  '5\t    return twice(a);',
  'Value returned is $1 = 4',
  '$2 = 2',
  expect.stringMatching(/^\[Inferior 1 \(process \d+\) exited with code 04\]$/),
  '',
];

describe('finish', () => {
  it("stops in main's last statement as the function it calls returns, live and replayed", () => {
    expect(batchLiveAndReplay(program, script, trace, 'f.cu')).toEqual(expected);
  }, 60_000);
});
