import { describe, expect, it } from 'vitest';
import { parseArgs, usage } from '../../src/cli/args.js';

describe('warpscope command line', () => {
  it('passes arguments after -- to the program', () => {
    expect(parseArgs(['run', 'm.cu', '--', '256', 'x'])).toEqual({ kind: 'run', file: 'm.cu', programArgs: ['256', 'x'], options: {} });
  });

  it('reads run options', () => {
    expect(parseArgs(['run', 'm.cu', '--fmad=true', '--max-steps', '1000', '--max-host-steps=50'])).toEqual({ kind: 'run', file: 'm.cu', programArgs: [], options: { fmad: true, maxSteps: 1000, maxHostSteps: 50 } });
  });

  it('explains bad usage', () => {
    expect(parseArgs(['frobnicate'])).toEqual({ kind: 'error', message: "unknown command 'frobnicate'" });
    expect(parseArgs(['run'])).toEqual({ kind: 'error', message: 'run needs a .cu file' });
    expect(parseArgs(['run', 'a.cu', '--max-steps', 'lots'])).toEqual({ kind: 'error', message: "--max-steps needs a positive whole number, got 'lots'" });
    expect(parseArgs(['run', 'a.cu', 'b.cu'])).toEqual({ kind: 'error', message: "unexpected argument 'b.cu' (program arguments go after --)" });
  });

  it('refuses replay modes that exclude each other rather than picking one', () => {
    expect(parseArgs(['replay', 't.trace', '--output', '--summary'])).toEqual({ kind: 'error', message: '--output and --summary cannot be used together' });
    expect(parseArgs(['replay', 't.trace', '--summary', '-x', 'c.gdb', '--batch'])).toEqual({ kind: 'error', message: '--summary, -x and --batch cannot be used together' });
    expect(parseArgs(['replay', 't.trace', '--batch', '--output'])).toEqual({ kind: 'error', message: '--output and --batch cannot be used together' });
    expect(parseArgs(['replay', 't.trace', '-x', 'c.gdb', '--batch'])).toEqual({ kind: 'replay', file: 't.trace', summary: false, print: false, commands: 'c.gdb', batch: true });
    expect(parseArgs(['replay', 't.trace', '--summary'])).toEqual({ kind: 'replay', file: 't.trace', summary: true, print: false, commands: undefined, batch: false });
  });

  it('lists every command in the help', () => {
    expect(parseArgs(['--help'])).toEqual({ kind: 'help' });
    for (const c of ['run', 'help', 'version']) expect(usage()).toContain(`  ${c}`);
  });
});
