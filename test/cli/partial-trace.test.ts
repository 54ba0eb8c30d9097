import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * A debugging session that stops recording before the program ends (quit at a breakpoint, kill,
 * run again) leaves an unfinished trace. Replaying it must show the recorded stops as the live
 * session did, and past the recording's last statement stop there with gdb's end-of-history
 * line: the program never exited in that trace, so no exit code may be invented.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-partial-'));
const program = 'test/conformance/seeds/streams_pipeline.cu';

/** Runs the built CLI; its exit code and output. */
function ws(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/warpscope.mjs', ...args], { encoding: 'latin1', timeout: 60_000, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, stdout, stderr });
    });
  });
}

/** Writes a command file of `lines`; its path. */
function script(name: string, lines: readonly string[]): string {
  const path = join(dir, `${name}.gdb`);
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

/** The end-of-history stop: gdb's line, then the frame and source line of the last recorded statement. */
const endOfHistory = /\nNo more reverse-execution history\.\n(?:\[Switching focus to [^\n]*\]\n)?[^\n]* at test\/conformance\/seeds\/streams_pipeline\.cu:\d+\n\d+\t[^\n]*\n/;

describe('replaying a recording that stopped before the program ended', () => {
  it('shows the recorded stop, then stays at the end of the recording instead of exiting; --summary and --output agree', async () => {
    const trace = join(dir, 'quit.trace');
    const live = await ws(['debug', program, '-o', trace, '-x', script('record', ['break kernel', 'run']), '--batch']);
    expect(live.stderr).toBe('');
    expect(live.stdout).toContain('CUDA thread hit Breakpoint 1, kernel<<<');
    const replay = await ws(['replay', trace, '-x', script('replay', ['break kernel', 'run', 'delete', 'continue', 'continue', 'info line']), '--batch']);
    expect(replay.stderr).toBe('');
    expect(replay.stdout).not.toMatch(/exited/);
    // The live session's text, as far as it went, then the end of what was recorded.
    expect(replay.stdout.startsWith(live.stdout)).toBe(true);
    const rest = replay.stdout.slice(live.stdout.length);
    const first = endOfHistory.exec(rest);
    expect(first?.index).toBe(0);
    // Going on stays there: the same stop again, and the program is still being debugged.
    const again = rest.slice(first![0].length);
    const second = endOfHistory.exec(again);
    expect(second?.index).toBe(0);
    expect(second![0]).toBe(first![0].replace(/\[Switching focus to [^\n]*\]\n/, ''));
    expect(again.slice(second![0].length)).toMatch(/^Line \d+ of "test\/conformance\/seeds\/streams_pipeline\.cu" at step \d+\.\n$/);
    // The trace's other readers say the same: the run has no exit status.
    const summary = await ws(['replay', trace, '--summary']);
    expect(summary.stdout).toMatch(/^exit status: +unknown \(the recording was interrupted\)$/m);
    const output = await ws(['replay', trace, '--output']);
    expect(output.code).toBe(1);
    expect(output.stderr).toMatch(/the recording of '.*' was interrupted; its output ends here/);
  });

  it('replays a session that ran the program again: the first run ends with the recording, the second stops as live', async () => {
    const trace = join(dir, 'rerun.trace');
    const cmds = script('rerun', ['break 37', 'run', 'delete', 'break kernel', 'run', 'print i']);
    const live = await ws(['debug', program, '-o', trace, '-x', cmds, '--batch']);
    expect(live.stdout).toContain('hit Breakpoint 1, main () at test/conformance/seeds/streams_pipeline.cu:37');
    const replay = await ws(['replay', trace, '-x', cmds, '--batch']);
    expect(replay.stderr).toBe('');
    expect(replay.stdout).not.toMatch(/exited/);
    // The trace holds only the second run: the first one, replayed, runs out of recording before line 37.
    const [liveFirst, liveSecond] = live.stdout.split('Breakpoint 2 at kernel');
    const [replayFirst, replaySecond] = replay.stdout.split('Breakpoint 2 at kernel');
    expect(replayFirst!.startsWith(liveFirst!.slice(0, liveFirst!.indexOf('\n\nThread 1')))).toBe(true);
    expect(endOfHistory.test(replayFirst!)).toBe(true);
    // Still running where it stopped, so the second run restarts it as in the live session, and stops the same.
    expect(replaySecond).toBe(liveSecond);
  });

  it('still replays the exit of a run that ended', async () => {
    const trace = join(dir, 'ended.trace');
    const cmds = script('ended', ['break kernel', 'run', 'delete', 'continue']);
    const live = await ws(['debug', program, '-o', trace, '-x', cmds, '--batch']);
    expect(live.stdout).toMatch(/\[Inferior 1 \(process \d+\) exited normally\]\n$/);
    const replay = await ws(['replay', trace, '-x', cmds, '--batch']);
    expect(replay.stdout).toBe(live.stdout);
    expect((await ws(['replay', trace, '--summary'])).stdout).toMatch(/^exit status: +0$/m);
  });
});
