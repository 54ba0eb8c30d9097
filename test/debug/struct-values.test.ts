import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DebugSession } from '../../src/debug/session.js';
import { defaultRunOptions } from '../../src/engine/api.js';
import { readFile } from './session-helpers.js';

/*
 * Structs that cross a call by value: a kernel's struct parameter (copied to the thread's frame
 * at the launch, before its first statement) and a __device__ function's returned struct (copied
 * to the caller's slot by its return), as print, info args and finish show them, live and replayed.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-structs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = 'test/conformance/rules/structs_intrinsics.cu';

/** What `commands` print in a live session of the program and in a replay of its trace (`name` names the trace). */
async function liveAndReplay(name: string, commands: readonly string[]): Promise<{ live: string; replay: string }> {
  const trace = join(dir, `${name}.trace`);
  let live = '';
  const s = new DebugSession({ out: (t) => void (live += t) }, { kind: 'live', file, argv: ['structs_intrinsics'], options: defaultRunOptions, host: { readFile }, tracePath: trace });
  expect(s.prepare()).toBe(true);
  for (const c of commands) await s.execute(c);
  s.close();
  let replay = '';
  const r = DebugSession.replay({ out: (t) => void (replay += t) }, trace);
  if (typeof r === 'string') throw new Error(r);
  for (const c of commands) await r.execute(c);
  r.close();
  return { live: live.split(trace).join('$TRACE'), replay: replay.split(trace).join('$TRACE') };
}

const box = '{p = {{a = 1, b = 2}, {a = 3, b = 4}}, tag = 122 \'z\', d = 1.25}';

describe('structs passed and returned by value', () => {
  it("prints a kernel's struct parameter as the launch passed it, in every thread, before and after its first statement", async () => {
    const { live, replay } = await liveAndReplay('param', ['break k', 'run', 'print bx', 'info args', 'cuda thread (3,0,0)', 'print bx.p[1]', 'next', 'print bx.tag']);
    expect(live).toContain(`\n$1 = ${box}\n`);
    expect(live).toContain(`\nbx = ${box}\nout = 0x`);
    expect(live).toContain('\n$2 = {a = 3, b = 4}\n');
    expect(live).toContain("\n$3 = 122 'z'\n");
    expect(replay).toBe(live);
  });

  it('says what a function returning a struct returned when finish leaves it', async () => {
    const { live, replay } = await liveAndReplay('finish', ['break make', 'run', 'cuda thread (3,0,0)', 'finish', 'print $', 'next', 'print q']);
    expect(live).toContain('\nValue returned is $1 = {a = 3, b = 1.5}\n$2 = {a = 3, b = 1.5}\n');
    expect(live).toMatch(/\n\$3 = \{a = 3, b = 1.5\}\n$/);
    expect(replay).toBe(live);
  });
});
