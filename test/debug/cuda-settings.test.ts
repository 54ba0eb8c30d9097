import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * `set cuda break_on_launch` and `set cuda break_on_barrier` read their values as gdb reads an
 * enum and a boolean setting: a unique prefix works, a bad value is gdb's error and changes
 * nothing (it used to turn the setting off in silence), and a bare boolean setting means on.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-cuda-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const script = join(dir, 'cmds.gdb');
writeFileSync(
  script,
  [
    'set cuda break_on_launch app',
    'set cuda break_on_launch bogus',
    'set cuda break_on_launch',
    'set cuda break_on_launch a',
    'set cuda break_on_barrier',
    'set cuda break_on_barrier maybe',
    'info breakpoints',
    'set cuda break_on_barrier of',
    'info breakpoints',
    'run',
    '',
  ].join('\n'),
);

describe('set cuda settings', () => {
  it('take gdb prefixes and answer a bad value with gdb error, keeping the setting', () => {
    const r = spawnSync(process.execPath, ['bin/warpscope.mjs', 'debug', 'examples/hello.cu', '-o', join(dir, 'h.trace'), '-x', script, '--batch'], { encoding: 'utf8', timeout: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n').slice(0, 12)).toEqual([
      'Undefined item: "bogus".',
      'Requires an argument. Valid arguments are none, application, system, all.',
      'Ambiguous item "a".',
      '"on" or "off" expected.',
      'Num     Type           Disp Enb What',
      '1       breakpoint     keep y   at __syncthreads (every barrier arrival)',
      'No breakpoints or watchpoints.',
      `Starting program: examples/hello.cu (trace ${join(dir, 'h.trace')})`,
      'Hi from CPU',
      '[Switching focus to CUDA kernel 0, grid 1, block (0,0,0), thread (0,0,0), device 0, sm 0, warp 0, lane 0]',
      '',
      'CUDA thread hit application kernel entry function breakpoint, hi_from_gpu<<<(2,1,1),(4,1,1)>>> () at examples/hello.cu:9',
    ]);
  }, 60_000);
});
