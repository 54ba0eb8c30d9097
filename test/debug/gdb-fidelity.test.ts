import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { liveAndReplayAnswers } from './session-helpers.js';

/*
 * Commands whose answers cuda-gdb 13 gives on an H100 (checked there with the device tool):
 * each is asked of a live session and of the replay of its trace, which must answer alike.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-gdb-fidelity-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let traces = 0;

/** What a live session of `program` prints for each command, checked against its replay's answers. */
async function answers(program: string, commands: readonly string[]): Promise<string[]> {
  return liveAndReplayAnswers(program, commands, join(dir, `t${traces++}.trace`));
}

const avg = 'examples/avgfilter.cu';
const noSymbol = 'No symbol "nosuch" in current context.\n';

describe('names a command would never find', () => {
  it('refuses watch, condition, break ... if and display at once, as gdb parses them where they apply', async () => {
    const out = await answers(avg, [
      'watch nosuch', 'break 27 if nosuch == 1', 'break 46 if i == 1', 'break 27 if i == 1 && threadIdx.x == 3 && Ads[0] > IN[1]', 'condition 1 nosuch > 3',
      'condition 1 iters > 3', 'break 46', 'condition 2 iters > 3', 'display nosuch', 'display i', 'run', 'watch nosuch', 'display nosuch', 'info display', 'info breakpoints',
    ]);
    expect(out.slice(0, 3)).toEqual([noSymbol, noSymbol, 'No symbol "i" in current context.\n']);
    expect(out[3]).toBe('Breakpoint 1 at AverageShared: file examples/avgfilter.cu, line 27.\n');
    expect(out[4]).toBe(noSymbol);
    expect(out[5]).toBe('');
    // iters is AverageShared's, not main's.
    expect(out[7]).toBe('No symbol "iters" in current context.\n');
    expect(out.slice(8, 10)).toEqual([noSymbol, 'No symbol "i" in current context.\n']);
    expect(out.slice(11, 14)).toEqual([noSymbol, noSymbol, 'There are no auto-display expressions now.\n']);
    expect(out[14]).toContain('\tstop only if iters > 3\n');
    expect(out[14]).not.toContain('nosuch');
  });
});

describe('whatis and ptype', () => {
  it('give the type without evaluating, while print evaluates', async () => {
    const out = await answers(avg, ['whatis 1/0', 'ptype 1/0', 'print 1/0', 'whatis IN', 'break 27', 'run', 'whatis i/0', 'whatis i = 3', 'whatis 1.5/0', 'whatis A[1 << 30]', 'print i/0']);
    expect(out.slice(0, 4)).toEqual(['type = int\n', 'type = int\n', 'Division by zero\n', 'type = const float [16]\n']);
    expect(out.slice(6)).toEqual(['type = int\n', 'type = @register int\n', 'type = double\n', 'type = @generic float\n', 'Division by zero\n']);
  });
});

describe('info frame', () => {
  it("describes a device frame and its caller as cuda-gdb does, the step standing for the PC", async () => {
    const out = await answers('test/conformance/rules/language_features.cu', ['info frame', 'break fact', 'run', 'info frame', 'up', 'info frame']);
    expect(out[0]).toBe('No stack.\n');
    const inner = /^Stack level 0, frame at (0x[0-9a-f]+):\n pc = step (\d+) in fact \(test\/conformance\/rules\/language_features.cu:13\); saved pc = step (\d+)\n called by frame at (0x[0-9a-f]+)\n source language c\+\+\.\n Arglist at \1, args: n=1\n Locals at \1,\n$/.exec(out[3]!);
    expect(inner).not.toBeNull();
    const outer = new RegExp(
      `^Stack level 1, frame at ${inner![4]}:\\n pc = step ${inner![3]} in features \\(test/conformance/rules/language_features.cu:36\\); saved pc = <not saved>\\n` +
        ` Outermost frame: unwinder did not report frame ID\\n caller of frame at ${inner![1]}\\n source language c\\+\\+\\.\\n Arglist at ${inner![4]}, args: iout=0x[0-9a-f]+, fout=0x[0-9a-f]+\\n Locals at ${inner![4]},\\n$`,
    );
    expect(out[5]).toMatch(outer);
  });

  it("names the host's PC rip", async () => {
    const out = await answers(avg, ['break 47', 'run', 'info frame']);
    expect(out[2]).toMatch(/^Stack level 0, frame at (0x[0-9a-f]+):\n rip = step \d+ in main \(examples\/avgfilter.cu:47\); saved rip = <not saved>\n source language c\+\+\.\n Arglist at \1, args: \n Locals at \1, Previous frame's sp is \1\n$/);
  });
});

describe('locations and registers', () => {
  const address = (where: string): string => `Locations at addresses ("${where}") are not supported by Warpscope: it runs source statements, not machine code; give a line or a function.\n`;
  const registers = (name: string): string => `Registers are not supported by Warpscope ("$${name}"): it runs source statements, not machine code ("info frame" names the step that stands for the PC).\n`;

  it('breaks N lines from the selected frame, and names addresses and registers unsupported', async () => {
    const out = await answers(avg, ['print $pc', 'break *0x1000', 'list *0x1000', 'break 22', 'run', 'break +1', 'tbreak -1', 'x $pc', 'print $sp + 1', 'print $bpnum']);
    expect(out.slice(0, 3)).toEqual(['No registers.\n', address('*0x1000'), address('*0x1000')]);
    expect(out[5]).toBe('Breakpoint 2 at AverageShared: file examples/avgfilter.cu, line 23.\n');
    expect(out[6]).toBe('Temporary breakpoint 3 at AverageShared: file examples/avgfilter.cu, line 22.\n');
    expect(out.slice(7)).toEqual([registers('pc'), registers('sp'), '$1 = 3\n']);
  });

  it("says there is no line before the file's first", async () => {
    const out = await answers(avg, ['list 1,3', 'break 19', 'run', 'break -30']);
    expect(out[3]).toBe('No line 0 in the current file.\n');
  });
});

describe('history', () => {
  it('asks for its expression as the commands taking one do', async () => {
    const out = await answers(avg, ['history', 'watch', 'break 27', 'run', 'history', 'info writers']);
    expect(out[0]).toBe('Argument required (expression to compute).\n');
    expect(out[1]).toBe('Argument required (expression to compute).\n');
    expect(out.slice(4)).toEqual(['Argument required (expression to compute).\n', 'Argument required (expression to compute).\n']);
  });
});

describe("a watchpoint on a thread's last store", () => {
  it('stops inside the statement, the thread still in its frame', async () => {
    const out = await answers('examples/spmv.cu', ['break SpMV_CSR', 'run', 'next', 'next', 'delete', 'watch y[row]', 'continue', 'bt', 'info locals', 'continue', 'continue']);
    expect(out[6]).toMatch(/Hardware watchpoint 2: y\[row\]\n\nOld value = -1\nNew value = 6\nSpMV_CSR<<<.*at examples\/spmv.cu:21\n21\t        y\[row\] = dot;\n$/);
    expect(out[7]).toMatch(/^#0  SpMV_CSR<<<\(2,1,1\),\(3,1,1\)>>> \(.*\) at examples\/spmv.cu:21\n$/);
    expect(out[8]).toContain('dot = 6\n');
    // y is the kernel's parameter: as the thread's kernel returns, the watchpoint goes with its frame.
    expect(out[9]).toContain('\nWatchpoint 2 deleted because the program has left the block in\nwhich its expression is valid.\n');
    expect(out[10]).toContain('[Inferior 1 (process ');
  });
});

describe("gdb's commands Warpscope does not have", () => {
  it('are named unsupported, not answered as typos', async () => {
    const out = await answers(avg, ['disassemble', 'info threads', 'info registers', 'show version', 'help disassemble', 'info nope', 'nope']);
    expect(out).toEqual([
      '"disassemble" is not supported by Warpscope: it runs source statements, not machine code.\n',
      '"info threads" is not supported by Warpscope: the host has one thread; "info cuda threads" lists the device\'s.\n',
      '"info registers" is not supported by Warpscope: it runs source statements, not machine code.\n',
      '"show" is not supported by Warpscope.\n',
      '"disassemble" is not supported by Warpscope: it runs source statements, not machine code.\n',
      'Undefined info command: "nope".  Try "help info".\n',
      'Undefined command: "nope".  Try "help".\n',
    ]);
  });
});

describe('advance and info line', () => {
  it('ask for the location advance needs, and name info line LOCATION unsupported', async () => {
    const out = await answers(avg, ['break 22', 'run', 'advance', 'info line 27', 'info line']);
    expect(out[2]).toBe('Argument required (a location).\n');
    expect(out[3]).toBe('"info line 27" is not supported by Warpscope: it names the step of the line the program stands at ("info line").\n');
    expect(out[4]).toMatch(/^Line 22 of "examples\/avgfilter.cu" at step \d+\.\n$/);
  });
});

describe('display with no program running', () => {
  it('shows a statics-only expression as it is made, as gdb reads it from the executable; a bare display shows nothing', async () => {
    const out = await answers(avg, ['display IN[0]', 'display', 'break 27', 'run', 'display i', 'kill', 'display']);
    expect(out.slice(0, 2)).toEqual(['1: IN[0] = 25\n', '']);
    expect(out[4]).toBe('2: i = 1\n');
    expect(out[6]).toBe('');
  });
});

describe('frames and built-ins', () => {
  it('reads frame LEVEL as an expression, and types threadIdx dim3 as cuda-gdb 13 does', async () => {
    const out = await answers(avg, ['break 22', 'run', 'frame x', 'whatis threadIdx', 'whatis blockIdx.x']);
    expect(out.slice(2)).toEqual(['No symbol "x" in current context.\n', 'type = dim3\n', 'type = unsigned int\n']);
  });

  it("says who calls a host function and whom main calls, naming no caller of main's", async () => {
    const out = await answers(avg, ['break print_row', 'run', 'info frame', 'up', 'info frame']);
    expect(out[2]).toMatch(/^Stack level 0, frame at (0x[0-9a-f]+):\n rip = step (\d+) in print_row \(examples\/avgfilter.cu:37\); saved rip = step (\d+)\n called by frame at (0x[0-9a-f]+)\n/);
    expect(out[4]).toMatch(/^Stack level 1, frame at (0x[0-9a-f]+):\n rip = step \d+ in main \(examples\/avgfilter.cu:58\); saved rip = <not saved>\n caller of frame at 0x[0-9a-f]+\n source language c\+\+\.\n/);
  });
});

describe('pointers into host statics', () => {
  it('name the static after the address, as gdb prints symbols: in print, frame lines, info args and x', async () => {
    const out = await answers(avg, ['break print_row', 'run', 'print v', 'print &IN[1]', 'info args', 'x/2fw &IN[14]']);
    expect(out[1]).toMatch(/print_row \(label=0x[0-9a-f]+ "IN", v=(0x[0-9a-f]+) <IN>\) at examples\/avgfilter.cu:37\n/);
    const at = /v=(0x[0-9a-f]+) <IN>/.exec(out[1]!)![1]!;
    expect(out[2]).toBe(`$1 = (const float *) ${at} <IN>\n`);
    expect(out[3]).toBe(`$2 = (const float *) 0x${(Number(at) + 4).toString(16)} <IN+4>\n`);
    expect(out[4]).toContain(`v = ${at} <IN>\n`);
    expect(out[5]).toBe(`0x${(Number(at) + 56).toString(16)} <IN+56>:\t26\t2\n`);
  });
});

describe('whatis FUNCTION', () => {
  it("types a function as gdb does, a pointee's const kept", async () => {
    const out = await answers(avg, ['whatis main', 'ptype AverageShared', 'whatis print_row', 'break 27', 'run', 'whatis i']);
    expect(out.slice(0, 3)).toEqual(['type = int (void)\n', 'type = void (float *, float *, int)\n', 'type = void (const char *, const float *)\n']);
    expect(out[5]).toBe('type = @register int\n');
  });
});

describe('stepping over a barrier', () => {
  it("warns, as cuda-gdb does, that the block's other warps had to be stepped", async () => {
    const out = await answers('examples/matmul.cu', ['tbreak 44', 'run', 'next', 'next']);
    expect(out[2]).toBe('warning: Warp(s) other than the current warp had to be single-stepped:0x00000000000000fe\n46\t        for (int k = 0; k < TILE_WIDTH; ++k)\n');
    expect(out[3]).not.toContain('warning');
  });

  it('says nothing in a block of one warp', async () => {
    const out = await answers(avg, ['break 24', 'run', 'next']);
    expect(out[2]).toBe('25\t    for (int j = 0; j < iters; j++) {\n');
  });
});
