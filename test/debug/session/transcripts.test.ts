import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DebugSession } from '../../../src/debug/session.js';
import { defaultRunOptions } from '../../../src/engine/api.js';

/*
 * The debugger as a user drives it: each NAME.gdb here is a cuda-gdb command file over a program
 * of examples/ or the conformance suite, and NAME.out what `warpscope debug -x NAME.gdb --batch`
 * prints. The replayed trace of that session, driven by the same commands, must print the same.
 * A script's first lines say what it debugs: `# program: FILE.cu`, and optionally `# options: ...`
 * (run options such as --max-steps) and `# args: ...` (the program's argv).
 * UPDATE_TRANSCRIPTS=1 rewrites the .out files from the live sessions (read them before committing).
 */

const here = 'test/debug/session';
const dir = mkdtempSync(join(tmpdir(), 'ws-session-'));
const scripts = readdirSync(here).filter((f) => f.endsWith('.gdb')).map((f) => f.slice(0, -4)).sort();

function ws(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/warpscope.mjs', ...args], { encoding: 'latin1', timeout: 60_000, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr });
    });
  });
}

/** The header lines of a script: what it debugs. */
function header(name: string): { program: string; options: string[]; args: string[] } {
  const text = readFileSync(join(here, `${name}.gdb`), 'utf8');
  const field = (key: string): string[] => (new RegExp(`^# ${key}: (.*)$`, 'm').exec(text)?.[1] ?? '').split(/\s+/).filter((w) => w);
  const program = field('program')[0];
  if (!program) throw new Error(`${name}.gdb names no program (# program: FILE.cu)`);
  return { program, options: field('options'), args: field('args') };
}

/** The trace's temporary directory is not part of a transcript. */
const normal = (text: string): string => text.split(dir).join('$TMP');

describe('debugger transcripts: live and replayed sessions print the expected text', () => {
  it.concurrent.each(scripts)('%s', async (name) => {
    const { program, options, args } = header(name);
    const trace = join(dir, `${name}.trace`);
    const gdb = join(here, `${name}.gdb`);
    const live = await ws(['debug', program, '-o', trace, '-x', gdb, '--batch', ...options, ...(args.length ? ['--', ...args] : [])]);
    const expected = join(here, `${name}.out`);
    if (process.env.UPDATE_TRANSCRIPTS) writeFileSync(expected, normal(live.stdout), 'latin1');
    const want = readFileSync(expected, 'latin1');
    expect(live.stderr).toBe('');
    expect(live.code).toBe(0);
    expect(normal(live.stdout)).toBe(want);
    const replay = await ws(['replay', trace, '-x', gdb, '--batch']);
    expect(replay.stderr).toBe('');
    expect(normal(replay.stdout)).toBe(want);
  });
});

/** A live session driven through the API, its console text collected. */
function liveSession(file: string, maxSteps: number): { s: DebugSession; text: () => string; take: () => string } {
  let out = '';
  let mark = 0;
  const readFile = (p: string): string | null => {
    try {
      return readFileSync(p, 'utf8');
    } catch {
      return null;
    }
  };
  const s = new DebugSession({ out: (t) => void (out += t) }, { kind: 'live', file, argv: [file.replace(/^.*\/|\.cu$/g, '')], options: { ...defaultRunOptions, maxSteps }, host: { readFile }, tracePath: join(dir, `${file.replace(/\W/g, '_')}.trace`) });
  expect(s.prepare()).toBe(true);
  const take = (): string => {
    const t = out.slice(mark);
    mark = out.length;
    return t;
  };
  return { s, text: () => out, take };
}

describe('a live session through the API', () => {
  it('stops a kernel that spins forever on Ctrl-C, where the recording stands, and goes on answering', async () => {
    const { s, take } = liveSession('test/cli/programs/kernel_infinite_loop.cu', 50_000_000);
    await s.execute('break spin');
    await s.execute('run');
    expect(take()).toMatch(/^Breakpoint 1 at spin: .*\nStarting program: .*\nlaunching\n\[Switching focus to CUDA kernel 0, .*\]\n\nCUDA thread hit Breakpoint 1, spin<<<\(1,1,1\),\(32,1,1\)>>> \(flag=0x[0-9a-f]+\) at test\/cli\/programs\/kernel_infinite_loop\.cu:5\n5\t    while \(\*flag == 0\) \{ \}\n$/);
    await s.execute('delete');
    const started = Date.now();
    const running = s.execute('continue');
    setTimeout(() => s.interrupt(), 300);
    await running;
    // It stopped because of the interrupt, long before the 50M-step limit would end the kernel.
    expect(Date.now() - started).toBeLessThan(20_000);
    const stop = take();
    expect(stop).toMatch(/^\nProgram received signal SIGINT, Interrupt\.\n/);
    expect(stop).toContain('spin<<<(1,1,1),(32,1,1)>>> (flag=0x');
    expect(stop).toMatch(/\n5\t    while \(\*flag == 0\) \{ \}\n$/);
    await s.execute('print *flag');
    expect(take()).toBe('$1 = 0\n');
    await s.execute('print threadIdx.x + 1');
    expect(take()).toMatch(/^\$2 = \d+\n$/);
    await s.execute('info line');
    expect(take()).toMatch(/^Line 5 of "test\/cli\/programs\/kernel_infinite_loop\.cu" at step \d+\.\n$/);
    // Time travel works on what was recorded: the warp's previous statement.
    await s.execute('reverse-stepi');
    expect(take()).toMatch(/^5\t    while/);
    s.close();
  });

  it('answers bad input with one line each and the session goes on', async () => {
    const { s, take } = liveSession('examples/hello.cu', 1_000_000);
    const bad = ['print x', 'frobnicate 3', 'next', 'cuda thread (1,0,0)', 'break nowhere', 'x/4x 0', 'run', 'print nosuch', 'print 1 +', 'cuda block (9,0,0)', 'frame 4', 'goto -1', 'info nosuch', 'set var x = 1', 'finish', 'delete 12', 'watch 3', 'list nosuch'];
    for (const cmd of bad) {
      await s.execute(cmd);
      const out = take();
      if (cmd === 'run') {
        // The program runs to its end (no breakpoint): its output and gdb's exit line.
        expect(out).toMatch(/\[Inferior 1 \(process \d+\) exited normally\]\n$/);
        await s.execute('start');
        expect(take()).toContain('\nTemporary breakpoint 1, main () at examples/hello.cu:13');
        continue;
      }
      expect(out.split('\n').filter((l) => l !== '')).toHaveLength(1);
      expect(out).not.toMatch(/internal error|at .*\.ts:\d+/);
    }
    await s.execute('next');
    expect(take()).toBe('Hi from CPU\n15\t    hi_from_gpu<<<N_BLOCKS,N_THREADS>>>();\n');
    s.close();
  });
});
