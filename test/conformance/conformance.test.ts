import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/*
 * Every conformance program (NAME.cu, or the program NAME.source names) runs through the real `warpscope run` (with the options in
 * NAME.flags and the arguments in NAME.args, when present) and must print, byte
 * for byte, what an H100 printed (NAME.stdout) and exit with its status (NAME.exit).
 * Programs listed in pending.txt do not match yet: the test insists they still differ,
 * so a fix shows up as a failure until the line is removed. Programs nvcc rejected have a
 * NAME.compile-error golden instead (see 'programs nvcc rejects' below); pending.txt lists them
 * the same way.
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

/** Entries nvcc rejected: a NAME.compile-error golden (nvcc's diagnostics) and no NAME.stdout. */
function rejected(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return rejected(path);
    const base = path.replace(/\.compile-error$/, '');
    return name.endsWith('.compile-error') && !existsSync(base + '.stdout') ? [base] : [];
  });
}

/** Sorted, de-duplicated line numbers of `severity` diagnostics for `file` in nvcc's (`file(LINE): error`) or clang's (`file:LINE:COL: error:`) format. */
function diagLines(text: string, file: string, severity: 'error' | 'warning'): number[] {
  const lines = new Set<number>();
  const ours = (name: string): boolean => name === file || name.endsWith('/' + file) || file.endsWith('/' + name);
  // A diagnostic inside a CUDA header counts at the line of the program that instantiated it
  // (nvcc's "detected during: ... at line N of FILE").
  let inHeader: string | null = null;
  for (const line of text.split('\n')) {
    const m = /^(.+?)\((\d+)\): (error|warning)\b/.exec(line) ?? /^(.+?):(\d+):\d+: (error|warning):/.exec(line);
    if (m) {
      inHeader = ours(m[1]!) ? null : m[3]!;
      if (m[3] === severity && inHeader === null) lines.add(Number(m[2]));
      continue;
    }
    const via = / at line (\d+) of (\S+)$/.exec(line);
    if (via && inHeader === severity && ours(via[2]!)) lines.add(Number(via[1]));
  }
  return [...lines].sort((a, b) => a - b);
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

/*
 * Programs nvcc rejects: Warpscope must reject them too (non-zero status, nothing on stdout) and
 * name the same lines: an error at exactly the lines nvcc gave errors, a warning at exactly the
 * lines it warned. Wording and columns differ (Warpscope speaks clang), lines do not.
 */
describe('programs nvcc rejects', () => {
  for (const base of rejected(root).sort()) {
    const name = relative(root, base) + '.cu';
    const cu = base + '.cu';
    it(name, () => {
      const nvcc = readFileSync(base + '.compile-error', 'utf8');
      const r = spawnSync(process.execPath, [cli, 'run', cu], { encoding: 'latin1', timeout: 120_000 });
      const got = { errors: diagLines(r.stderr, cu, 'error'), warnings: diagLines(r.stderr, cu, 'warning') };
      const want = { errors: diagLines(nvcc, cu, 'error'), warnings: diagLines(nvcc, cu, 'warning') };
      // ptxas names PTX lines, not source lines: then only the number of rejected instructions is comparable.
      const ptxasErrors = nvcc.split('\n').filter((l) => /^ptxas .*; error\b/.test(l)).length;
      if (want.errors.length === 0 && ptxasErrors > 0) {
        const errorCount = r.stderr.split('\n').filter((l) => /:\d+:\d+: error:/.test(l)).length;
        const ok = r.status !== 0 && r.stdout === '' && errorCount === ptxasErrors && JSON.stringify(got.warnings) === JSON.stringify(want.warnings);
        if (waiting.has(name)) {
          expect(ok, `${name} now matches nvcc: remove it from pending.txt`).toBe(false);
          return;
        }
        expect(r.stdout, r.stderr).toBe('');
        expect(r.status, r.stderr).not.toBe(0);
        expect(errorCount, r.stderr).toBe(ptxasErrors);
        expect(got.warnings, r.stderr).toEqual(want.warnings);
        return;
      }
      const matches = r.status !== 0 && r.stdout === '' && JSON.stringify(got) === JSON.stringify(want);
      if (waiting.has(name)) {
        expect(matches, `${name} now matches nvcc: remove it from pending.txt`).toBe(false);
        return;
      }
      expect(want.errors.length, `${base}.compile-error names no error line`).toBeGreaterThan(0);
      expect(r.stdout, r.stderr).toBe('');
      expect(r.status, r.stderr).not.toBe(0);
      expect(got, r.stderr).toEqual(want);
    });
  }
});
