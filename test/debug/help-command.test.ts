import { describe, expect, it } from 'vitest';
import { helpText } from '../../src/debug/help-command.js';
import { DebugSession } from '../../src/debug/session.js';
import { capture } from './session-helpers.js';

/* `help COMMAND` prints Warpscope's own text for that command in gdb's layout (aliases, summary, usage), not the list of every command. */

const list = ['break', 'next'];

describe('help', () => {
  it("prints a command's own summary and usage, its aliases first as gdb names them", () => {
    expect(helpText('break', list).split('\n').slice(0, 3)).toEqual(['break, brea, bre, br, b', 'Stop the program whenever it reaches a source location.', 'Usage: break [LOCATION] [if CONDITION]']);
    expect(helpText('next', list)).toBe(
      'next, n\nRun the focused warp to the next source line, stepping over calls.\nUsage: next [N]\nA function called from the line runs to its return without stopping inside.\nN repeats it; a breakpoint or the end of the recording ends it early.',
    );
    expect(helpText('until', list)).toMatch(/^until, u\nRun the focused warp to a later line of this frame, or to LOCATION\.\nUsage: until \[LOCATION\]\n/);
    expect(helpText('step lane', list)).toMatch(/^Run the focused thread alone to its next statement\.\nUsage: step lane\n/);
    expect(helpText('', list)).toMatch(/^List of commands:\nbreak next\n/);
  });

  it("says what Warpscope does: time travel, device-memory watchpoints, and what it does not support", () => {
    expect(helpText('reverse-continue', list)).toContain('Run backward until a breakpoint, watchpoint or the start of the recording.');
    expect(helpText('watch', list)).toContain('shared and local memory');
    expect(helpText('watch', list)).toContain('when running backward');
    for (const cmd of ['jump', 'return', 'signal', 'awatch']) expect(helpText(cmd, list)).toMatch(/^(?:[\w-]+(?:, [\w-]+)*\n)?Not supported: /);
    expect(helpText('set var', list).split('\n')[1]).toMatch(/^Not supported: /);
    expect(helpText('x', list)).toContain('"i" format is not supported');
  });

  it('gives every command a summary line and a usage line of its own words', () => {
    const names = ['run', 'start', 'continue', 'next', 'step', 'stepi', 'nexti', 'finish', 'until', 'advance', 'kill', 'quit', 'jump', 'return', 'signal',
      'reverse-step', 'reverse-next', 'reverse-stepi', 'reverse-continue', 'reverse-finish', 'goto', 'help', 'break', 'tbreak', 'condition', 'delete',
      'disable', 'enable', 'watch', 'rwatch', 'awatch', 'commands', 'ignore', 'end', 'print', 'output', 'echo', 'printf', 'display', 'undisplay', 'x',
      'whatis', 'ptype', 'list', 'backtrace', 'frame', 'up', 'down', 'history'];
    for (const name of names) {
      const text = helpText(name, list);
      expect(text, name).not.toMatch(/^List of commands/);
      expect(text.split('\n').find((l) => l.startsWith('Usage: ')), name).toBeDefined();
      expect(text.split('\n').length, name).toBeLessThanOrEqual(7);
    }
  });

  it('answers for info, set and cuda subcommands, and names those it does not have', () => {
    expect(helpText('info frame', list)).toMatch(/^info frame, info f\nDescribe the selected frame in detail\.\nUsage: info frame\n/);
    expect(helpText('info f', list)).toBe(helpText('info frame', list));
    expect(helpText('info cuda', list)).toMatch(/^Show a table of the CUDA state at the current step\.\nUsage: info cuda OPTION \[FILTER\]\n/);
    expect(helpText('info', list)).toContain('\ninfo locals -- Show the local variables of the selected frame.\n');
    expect(helpText('info', list)).toMatch(/\n\nType "help info" followed by a subcommand name for its full text\.$/);
    expect(helpText('info nope', list)).toBe('Undefined info command: "nope".  Try "help info".');
    expect(helpText('set var', list)).toMatch(/^set variable, set var\n/);
    expect(helpText('set', list)).toContain('\nset scheduler -- Choose how warps are interleaved from the next "run".\n');
    expect(helpText('set cuda', list)).toMatch(/^Change a CUDA setting of the debugger\.\nUsage: set cuda SETTING VALUE\n/);
    expect(helpText('set pagination', list)).toBe('Accepted and ignored: Warpscope does not page its output.');
    expect(helpText('set nope', list)).toBe('Undefined set command: "nope".  Try "help set".');
    expect(helpText('cuda thread', list)).toBe('Show or change the focused thread of the focused block.\nUsage: cuda thread [(X,Y,Z)]');
    expect(helpText('cuda sm', list)).toBe('Show the SM the focused warp runs on.\nUsage: cuda sm');
    expect(helpText('cuda nope', list)).toBe('Undefined cuda command: "nope".  Try "help cuda".');
    expect(helpText('cuda', list)).toMatch(/^Show the CUDA focus, or move it to another thread\.\nUsage: cuda WORD/);
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
