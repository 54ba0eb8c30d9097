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

  it('lists every command in the help', () => {
    expect(parseArgs(['--help'])).toEqual({ kind: 'help' });
    for (const c of ['run', 'help', 'version']) expect(usage()).toContain(`  ${c}`);
  });
});
