import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { parseArgs } from '../../src/cli/args.js';
import { devicesListing } from '../../src/cli/devices.js';

/* `warpscope devices` and `--device NAME` as a user meets them. */

describe('warpscope devices', () => {
  it('lists each preset with its compute capability, SMs, memory and clock', () => {
    const lines = devicesListing().trimEnd().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+GPU\s+CC\s+SMS\s+MEMORY\s+CLOCK$/);
    expect(lines[1]).toMatch(/^h100\s+NVIDIA H100 80GB HBM3\s+9\.0\s+132\s+79\.2 GiB\s+1980 MHz\s+\(default\)$/);
    expect(lines[2]).toMatch(/^a100\s+NVIDIA A100-SXM4-80GB\s+8\.0\s+108\s+79\.3 GiB\s+1410 MHz$/);
    expect(lines[3]).toMatch(/^k80\s+Tesla K80\s+3\.7\s+13\s+11\.2 GiB\s+824 MHz$/);
  });

  it('parses the command and --device', () => {
    expect(parseArgs(['devices'])).toEqual({ kind: 'devices' });
    expect(parseArgs(['run', 'm.cu', '--device', 'k80'])).toEqual({ kind: 'run', file: 'm.cu', programArgs: [], options: { device: 'k80' } });
    expect(parseArgs(['run', 'm.cu', '--device=A100'])).toEqual({ kind: 'run', file: 'm.cu', programArgs: [], options: { device: 'a100' } });
    expect(parseArgs(['run', 'm.cu', '--device', 'v100'])).toEqual({ kind: 'error', message: "unknown device 'v100' (known: h100, a100, k80)" });
    expect(parseArgs(['run', 'm.cu', '--device'])).toEqual({ kind: 'error', message: "unknown device '' (known: h100, a100, k80)" });
  });

  it('exits 2 with a clear message for an unknown device, and prints the table', () => {
    const bad = spawnSync(process.execPath, ['bin/warpscope.mjs', 'run', 'test/cli/programs/syntax_error.cu', '--device', 'v100'], { encoding: 'utf8', timeout: 60_000 });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("warpscope: error: unknown device 'v100' (known: h100, a100, k80)");
    const ok = spawnSync(process.execPath, ['bin/warpscope.mjs', 'devices'], { encoding: 'utf8', timeout: 60_000 });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe(devicesListing());
  });
});
