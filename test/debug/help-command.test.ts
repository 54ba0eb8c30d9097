import { describe, expect, it } from 'vitest';
import { helpText } from '../../src/debug/help-command.js';
import { DebugSession } from '../../src/debug/session.js';
import { capture } from './session-helpers.js';

/* `help COMMAND` prints that command's own text as cuda-gdb 13 prints it, not the list of every command. */

const list = ['break', 'next'];

describe('help', () => {
  it("prints a command's own summary and usage, its aliases first as gdb names them", () => {
    expect(helpText('break', list).split('\n').slice(0, 3)).toEqual(['break, brea, bre, br, b', 'Set breakpoint at specified location.', 'break [LOCATION] [if CONDITION]']);
    expect(helpText('next', list)).toBe(
      'next, n\nStep program, proceeding through subroutine calls.\nUsage: next [N]\nUnlike "step", if the current source line calls a subroutine,\nthis command does not enter the subroutine, but instead steps over\nthe call, in effect treating it as a single source line.',
    );
    expect(helpText('until', list)).toMatch(/^until, u\nExecute until past the current line or past a LOCATION\.\n/);
    expect(helpText('', list)).toMatch(/^List of commands:\nbreak next\n/);
  });

  it('answers for info, set and cuda subcommands, and names those it does not have', () => {
    expect(helpText('info frame', list)).toMatch(/^info frame, info f\nAll about the selected stack frame\.\n/);
    expect(helpText('info f', list)).toBe(helpText('info frame', list));
    expect(helpText('info cuda', list)).toMatch(/^Print informations about the current CUDA activities\. Available options:\n/);
    expect(helpText('info', list)).toContain('\ninfo locals -- All local variables of current stack frame.\n');
    expect(helpText('info nope', list)).toBe('Undefined info command: "nope".  Try "help info".');
    expect(helpText('set var', list)).toMatch(/^set variable, set var\n/);
    expect(helpText('set nope', list)).toBe('Undefined set command: "nope".  Try "help set".');
    expect(helpText('cuda thread', list)).toBe('Print or select the current CUDA thread.');
    expect(helpText('cuda', list)).toMatch(/^Print or select the CUDA focus\.\n/);
  });

  it('takes aliases in a session, and names a command there is none of', async () => {
    const c = capture();
    const s = new DebugSession(c.io, { kind: 'replay', path: '/nonexistent.trace' });
    await s.execute('help b');
    expect(c.take()).toBe(helpText('break', list) + '\n');
    await s.execute('help i f');
    expect(c.take()).toBe(helpText('info frame', list) + '\n');
    await s.execute('help nope');
    expect(c.take()).toBe('Undefined command: "nope".  Try "help".\n');
  });
});
