import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * What the CLI writes at the edges of its output: source lines holding UTF-8 text (comments and
 * strings pasted from slides) list as the file holds them, and a reader that stops early
 * (`| head`) ends the command quietly, as it ends a program built by nvcc.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-output-bytes-'));
const program = 'test/cli/programs/unicode_source.cu';

describe('the CLI output', () => {
  it('lists and stops at source lines with curly quotes and accents as their UTF-8 bytes, live and replayed', () => {
    const cmds = join(dir, 'list.gdb');
    writeFileSync(cmds, ['list 3,6', 'break 6', 'run', ''].join('\n'));
    const trace = join(dir, 'list.trace');
    const live = spawnSync(process.execPath, ['bin/warpscope.mjs', 'debug', program, '-o', trace, '-x', cmds, '--batch'], { encoding: 'utf8', timeout: 120_000 });
    const lines = ['3\t// \u201cSmart quotes\u201d and accents pasted from slides: caf\u00e9, na\u00efve.', '4\tint main()', '5\t{', '6\t    printf("h\u00e9llo\\n");'];
    expect(live.stdout).toContain(lines.join('\n'));
    expect(live.stdout).toContain(`Breakpoint 1, main () at ${program}:6\n6\t    printf("h\u00e9llo\\n");\n`);
    const replay = spawnSync(process.execPath, ['bin/warpscope.mjs', 'replay', trace, '-x', cmds, '--batch'], { encoding: 'utf8', timeout: 120_000 });
    expect(replay.stdout).toContain(lines.join('\n'));
  });

  it('names a program whose path is not ASCII by its UTF-8 bytes wherever a path prints, live and replayed', () => {
    const folder = join(dir, 'sp ace', '\u00f1\u00e9');
    mkdirSync(folder, { recursive: true });
    const file = join(folder, 'h\u00e9 llo.cu');
    copyFileSync(program, file);
    const cmds = join(dir, 'paths.gdb');
    writeFileSync(cmds, ['break 6', 'run', 'info breakpoints', 'bt', 'info frame', 'echo \u00e9t\u00e9\\n', ''].join('\n'));
    const trace = join(dir, 'paths.trace');
    const live = spawnSync(process.execPath, ['bin/warpscope.mjs', 'debug', file, '-o', trace, '-x', cmds, '--batch'], { encoding: 'utf8', timeout: 120_000 });
    expect(live.stdout).toContain(`Breakpoint 1 at main: file ${file}, line 6.\n`);
    expect(live.stdout).toContain(`Breakpoint 1, main () at ${file}:6\n6\t    printf("h\u00e9llo\\n");\n`);
    expect(live.stdout).toContain(`in main() at ${file}:6\n`);
    expect(live.stdout).toContain(`#0  main () at ${file}:6\n`);
    expect(live.stdout).toContain(` in main (${file}:6);`);
    expect(live.stdout).toContain('\u00e9t\u00e9\n');
    const replay = spawnSync(process.execPath, ['bin/warpscope.mjs', 'replay', trace, '-x', cmds, '--batch'], { encoding: 'utf8', timeout: 120_000 });
    expect(replay.stdout.replace(/\(trace [^)]*\)/, '')).toBe(live.stdout.replace(/\(trace [^)]*\)/, ''));
  });

  it('ends quietly with a broken pipe status when its reader goes away', () => {
    const r = spawnSync('bash', ['-c', `node bin/warpscope.mjs run ${program} | head -2; echo "status \${PIPESTATUS[0]}" >&2`], { encoding: 'utf8', timeout: 120_000 });
    expect(r.stdout).toBe('h\u00e9llo\nline 0\n');
    expect(r.stderr).toBe('status 141\n');
  });
});
