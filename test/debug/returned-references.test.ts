import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * Functions that return a pointer or a reference, as the CLI shows them: whatis writes the
 * return type as gdb's declarator around the parameter list (`int *(int)`, `int &(int)`), and
 * finish prints a returned reference as gdb prints one, the object at its address. Asked of a live session and of its trace's replay, which print the same.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-returned-refs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const program = join(dir, 'r.cu');
writeFileSync(
  program,
  `#include <cstdio>
__device__ int cells[4];
__device__ int &cell(int i) { return cells[i]; }
__device__ int *where(int i) { return &cells[i]; }
__global__ void k()
{
    cell(1) = 5;
    *where(2) = 7;
}
int main()
{
    k<<<1, 1>>>();
    cudaDeviceSynchronize();
    return 0;
}
`,
);
const trace = join(dir, 'r.trace');

/** The CLI's stdout for `commands`, live and replayed (which must agree), the program's path as its name. */
function session(name: string, commands: readonly string[]): string[] {
  const script = join(dir, `${name}.gdb`);
  writeFileSync(script, commands.join('\n') + '\n');
  const cli = (args: readonly string[]): string => {
    const r = spawnSync(process.execPath, ['bin/warpscope.mjs', ...args], { encoding: 'utf8', timeout: 120_000 });
    expect(r.stderr).toBe('');
    return r.stdout.split(program).join('r.cu').split(trace).join('r.trace');
  };
  const live = cli(['debug', program, '-o', trace, '-x', script, '--batch']);
  expect(cli(['replay', trace, '-x', script, '--batch'])).toBe(live);
  return live.split('\n');
}

describe('functions returning a pointer or a reference', () => {
  it('have whatis write the return type around the parameter list', () => {
    expect(session('whatis', ['whatis cell', 'whatis where', 'whatis k'])).toEqual(['type = int &(int)', 'type = int *(int)', 'type = void (void)', '']);
  }, 60_000);

  it('have finish print a returned reference as the object it refers to, a pointer as a pointer', () => {
    const out = session('finish', ['break cell', 'break where', 'run', 'finish', 'continue', 'finish']);
    expect(out.filter((l) => l.startsWith('Value returned'))).toEqual(['Value returned is $1 = (@generic int &) @0x7f4c3a000004: 0', 'Value returned is $2 = (@generic int *) 0x7f4c3a000008']);
  }, 60_000);
});
