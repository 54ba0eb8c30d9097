import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * The built CLI runs programs on a thread whose stack holds MAX_CALL_DEPTH simulated calls
 * (src/cli/launch.ts for run, record, check and stats; src/debug/recorder.ts for debug), with the
 * program's stdout and stderr in the order it wrote them. The main thread's stack holds a few
 * thousand calls: these depths all ended in a JavaScript stack trace before.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-launch-'));
const program = 'test/cli/programs/recursion_depth.cu';

function ws(args: readonly string[], input?: string): { stdout: string; stderr: string; status: number | null } {
  const r = spawnSync(process.execPath, ['bin/warpscope.mjs', ...args], { encoding: 'latin1', timeout: 120_000, input });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

function noStackTrace(stderr: string): void {
  expect(stderr).not.toMatch(/\n\s+at .*:\d+/);
  expect(stderr).not.toMatch(/RangeError|SimulatorError/);
}

describe('deep recursion on the command line', () => {
  it('runs host and device recursion 100000 calls deep, as a real host and nvcc code do', () => {
    expect(ws(['run', program, '--', '100000'])).toEqual({ stdout: 'depth 100000\n100000\n', stderr: '', status: 0 });
    expect(ws(['run', program, '--', '100000', 'device'])).toEqual({ stdout: 'depth 100000\n100000 cudaSuccess\n', stderr: '', status: 0 });
  });

  it('stops recursion past MAX_CALL_DEPTH with a stack overflow at the call, keeping the output before it', () => {
    const host = ws(['run', program, '--', '1000000']);
    expect(host.stdout).toBe('depth 1000000\n');
    expect(host.stderr).toBe(`${program}:6:20: error: stack overflow: recursion deeper than 200000 calls in 'depth'\nint depth(int n) { return n == 0 ? 0 : 1 + depth(n - 1); }\n                   ^\n`);
    expect(host.status).toBe(139);
    const device = ws(['run', program, '--', '1000000', 'device']);
    expect(device.stdout).toBe('depth 1000000\n');
    expect(device.stderr.split('\n')[0]).toBe(`${program}:8:32: error: stack overflow: recursion deeper than 200000 calls in 'ddepth'`);
    expect(device.status).toBe(70);
  });

  it.each([
    ['record', ['-o', join(dir, 'deep.trace')]],
    ['check', ['--tool', 'memcheck']],
    ['stats', []],
  ])('%s runs 20000 calls deep too', (command, options) => {
    const r = ws([command, program, ...options, '--', '20000']);
    expect(r.stdout).toContain('depth 20000\n20000\n');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('debug records 20000 calls deep on a thread of its own', () => {
    const cmds = join(dir, 'run.gdb');
    writeFileSync(cmds, 'run\n');
    const r = ws(['debug', program, '-o', join(dir, 'debug.trace'), '-x', cmds, '--batch', '--', '20000']);
    expect(r.stdout).toMatch(/^Starting program: .*\ndepth 20000\n20000\n\[Inferior 1 \(process \d+\) exited normally\]\n$/);
    expect(r.stderr).toBe('');
    noStackTrace(r.stdout);
  });
});

describe('limits and crashes on the command line', () => {
  it('names a device memory limit as Warpscope\'s, after the output the program printed, in the order it was written', () => {
    const file = 'test/cli/programs/device_memory_limit.cu';
    // One stream, as a terminal shows them: the diagnostic comes after both flushed lines.
    const r = spawnSync('sh', ['-c', `"${process.execPath}" bin/warpscope.mjs run ${file} 2>&1`], { encoding: 'latin1', timeout: 60_000 });
    expect(r.stdout.split('\n').slice(0, 3)).toEqual(['cudaMalloc: cudaSuccess', 'memset next', `${file}:11:5: error: Warpscope cannot back more than 4 GiB of device memory (this cudaMemset reaches 5 GiB past the start of device memory)`]);
    expect(r.status).toBe(70);
    noStackTrace(r.stdout);
  });
});

describe('stdout on a terminal', () => {
  const buffered = join(dir, 'buffered.cu');
  writeFileSync(buffered, '#include <cstdio>\nint main() { printf("a\\n"); fprintf(stderr, "b\\n"); printf("c\\n"); return 0; }\n');

  it('is line-buffered as stdio makes it, so printf before an fprintf(stderr) comes first; a pipe gets it at exit', () => {
    // script(1) (util-linux, in every Debian) gives the command a terminal; its output is the terminal's, both streams in order.
    for (const cmd of ['run', 'record']) {
      const extra = cmd === 'record' ? ` -o ${join(dir, 'buffered.trace')}` : '';
      const tty = spawnSync('script', ['-qec', `${process.execPath} bin/warpscope.mjs ${cmd} ${buffered}${extra}`, '/dev/null'], { encoding: 'latin1', timeout: 60_000 });
      expect(tty.stdout.replace(/\r/g, '')).toBe('a\nb\nc\n');
    }
    const piped = spawnSync('sh', ['-c', `${process.execPath} bin/warpscope.mjs run ${buffered} 2>&1`], { encoding: 'latin1' });
    expect(piped.stdout).toBe('b\na\nc\n');
  });
});
