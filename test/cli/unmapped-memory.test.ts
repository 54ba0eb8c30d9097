import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/*
 * Memory no allocation maps reads as gdb reads it on a GPU: `Cannot access memory at address A`,
 * A the first byte that cannot be read, never zeros. The program's one cudaMalloc is the first
 * (at 0x7f4c3a000000, its 2 MiB chunk mapped), its kernel has 128 bytes of __shared__ after the
 * 0x400 the system keeps, and the allocation is freed before line 23.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-unmapped-'));
const program = 'test/cli/programs/unmapped_memory.cu';
const cmds = [
  'break 10', 'run',
  'print A[0]', 'print A[-1]', 'print A[100000000]', 'print A[1000]', 'print *(@shared int*)0x100000', 'print tile[40]',
  'x/4dw 0x7f4c39fffff8', 'x/2dw A',
  'break 23', 'continue',
  'print *d_ptr', 'print d_ptr[1]', 'print h[1]', 'print h[100000000]', 'display *d_ptr', 'info locals', '',
].join('\n');

/** The lines gdb prints for the commands after each stop. */
const expected = [
  '$1 = 0',
  'Cannot access memory at address 0x7f4c39fffffc',
  'Cannot access memory at address 0x7f4c51d78400',
  // Past the allocation's end inside its mapped chunk: never written, zero.
  '$2 = 0',
  'Cannot access memory at address 0x100000',
  'Cannot access memory at address 0x4a0',
  '0x7f4c39fffff8:\tCannot access memory at address 0x7f4c39fffff8',
  '0x7f4c3a000000:\t0\t0',
  'Cannot access memory at address 0x7f4c3a000000',
  'Cannot access memory at address 0x7f4c3a000004',
  '$3 = 2',
  'Cannot access memory at address 0x55557e318420',
  '1: *d_ptr = <error: Cannot access memory at address 0x7f4c3a000000>',
  'first = @0x7f4c3a000000: <error: Cannot access memory at address 0x7f4c3a000000>',
];

/** Runs the CLI; its stdout. */
function cli(args: readonly string[]): string {
  const r = spawnSync(process.execPath, ['bin/warpscope.mjs', ...args], { encoding: 'utf8', timeout: 120_000 });
  expect(r.stderr).toBe('');
  return r.stdout;
}

/** The output's lines that answer the commands (stop reports and source lines left out). */
function answers(out: string): string[] {
  return out.split('\n').filter((l) => /^(\$\d+ = |Cannot access|0x[0-9a-f]+:\t|1: |first = )/.test(l));
}

describe('memory no allocation maps', () => {
  const trace = join(dir, 'unmapped.trace');
  const script = join(dir, 'unmapped.gdb');
  writeFileSync(script, cmds);

  it('cannot be read, live and replayed, as gdb says', () => {
    expect(answers(cli(['debug', program, '-o', trace, '-x', script, '--batch']))).toEqual(expected);
    expect(answers(cli(['replay', trace, '-x', script, '--batch']))).toEqual(expected);
  });

  it('reads as before in a trace recorded without its allocations', () => {
    const old = join(dir, 'old.trace');
    copyFileSync(trace, old);
    const db = new Database(old);
    db.exec('DROP TABLE allocations');
    db.close();
    const out = answers(cli(['replay', old, '-x', script, '--batch']));
    expect(out.slice(0, 3)).toEqual(['$1 = 0', '$2 = 0', '$3 = 0']);
  });
});
