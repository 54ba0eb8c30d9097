import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/*
 * Every conformance program (NAME.cu, or the program NAME.source names) runs through the real `warpscope run` (with the options in
 * NAME.flags and the arguments in NAME.args, when present) and must print, byte
 * for byte, what an H100 printed (NAME.stdout) and exit with its status (NAME.exit).
 * Programs listed in pending.txt do not match yet: the test insists they still differ,
 * so a fix shows up as a failure until the line is removed.
 */

const root = 'test/conformance';
const cli = 'bin/warpscope.mjs';

/** Every conformance entry: a NAME.stdout golden whose program is NAME.cu, or the file NAME.source names (one copy of a program shared with examples/). */
function entries(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return entries(path);
    return name.endsWith('.stdout') ? [path.replace(/\.stdout$/, '')] : [];
  });
}

function programOf(base: string): string {
  return existsSync(base + '.source') ? readFileSync(base + '.source', 'utf8').trim() : base + '.cu';
}

function pending(): Map<string, string> {
  const file = join(root, 'pending.txt');
  const out = new Map<string, string>();
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^(\S+)\s+#\s*(.*)$/.exec(line.trim());
    if (m) out.set(m[1]!, m[2]!);
  }
  return out;
}

const waiting = pending();

describe('conformance with a real H100', () => {
  for (const base of entries(root).sort()) {
    const name = relative(root, base) + '.cu';
    const cu = programOf(base);
    it(name, () => {
      const argsFile = base + '.args';
      const args = existsSync(argsFile) ? readFileSync(argsFile, 'utf8').trim().split(/\s+/).filter(Boolean) : [];
      const flagsFile = base + '.flags';
      const flags = existsSync(flagsFile) ? readFileSync(flagsFile, 'utf8').trim().split(/\s+/).filter(Boolean) : [];
      const r = spawnSync(process.execPath, [cli, 'run', cu, ...flags, '--', ...args], { encoding: 'latin1', timeout: 120_000 });
      const expectedOut = readFileSync(base + '.stdout', 'latin1');
      const expectedExit = Number(readFileSync(base + '.exit', 'utf8').trim());
      const matches = r.stdout === expectedOut && r.status === expectedExit;
      if (waiting.has(name)) {
        expect(matches, `${name} now matches the GPU: remove it from pending.txt`).toBe(false);
        return;
      }
      expect(r.stdout, r.stderr).toBe(expectedOut);
      expect(r.status, r.stderr).toBe(expectedExit);
    });
  }
});
