import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { DebugSession } from '../../src/debug/session.js';
import { defaultRunOptions, type RunOptions } from '../../src/engine/api.js';

/* What the debugger's session tests give a DebugSession: a source host over the real files, and a console to read back. */

/** Reads a program's file as a live session's source host does; null when it cannot be read. */
export const readFile = (p: string): string | null => {
  try {
    return readFileSync(p, 'utf8');
  } catch {
    return null;
  }
};

/** A session's console: everything printed since the last take(). */
export function capture(): { io: { out: (t: string) => void }; take: () => string } {
  let text = '';
  return {
    io: { out: (t) => void (text += t) },
    take: () => {
      const t = text;
      text = '';
      return t;
    },
  };
}

/**
 * What a live session of `file` prints for each command, checked against what the replay of its
 * trace (written at `tracePath`) prints for the same commands: only the trace path in `Starting
 * program` may differ, and it is left out of the answers.
 */
export async function liveAndReplayAnswers(file: string, commands: readonly string[], tracePath: string, options: RunOptions = { ...defaultRunOptions, maxSteps: 2_000_000 }): Promise<string[]> {
  const run = async (s: DebugSession, take: () => string): Promise<string[]> => {
    const out: string[] = [];
    for (const cmd of commands) {
      await s.execute(cmd);
      out.push(take().replace(/\(trace [^)]*\)/, ''));
    }
    s.close();
    return out;
  };
  const c = capture();
  const s = new DebugSession(c.io, { kind: 'live', file, argv: [file.replace(/^.*\/|\.cu$/g, '')], options, host: { readFile }, tracePath });
  expect(s.prepare()).toBe(true);
  const live = await run(s, c.take);
  const r = capture();
  const replay = DebugSession.replay(r.io, tracePath);
  if (typeof replay === 'string') throw new Error(replay);
  expect(await run(replay, r.take)).toEqual(live);
  return live;
}

/**
 * The lines `warpscope debug FILE -x SCRIPT --batch` prints (recording to `tracePath`), checked
 * against `warpscope replay` of that trace with the same script: stderr empty, the `Starting
 * program` line (it names the trace) left out, and the program's path written as `name`.
 */
export function batchLiveAndReplay(file: string, script: string, tracePath: string, name: string): string[] {
  const cli = (args: readonly string[]): string => {
    const r = spawnSync(process.execPath, ['bin/warpscope.mjs', ...args], { encoding: 'utf8', timeout: 120_000 });
    expect(r.stderr).toBe('');
    return r.stdout
      .split('\n')
      .filter((l) => !l.startsWith('Starting program:'))
      .join('\n')
      .split(file)
      .join(name);
  };
  const live = cli(['debug', file, '-o', tracePath, '-x', script, '--batch']);
  expect(cli(['replay', tracePath, '-x', script, '--batch'])).toBe(live);
  return live.split('\n');
}
