import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';

/* --device also decides the architecture nvcc would build for: __CUDA_ARCH__ and what CUDA's headers declare. */

const run = (file: string, device: string): { stdout: string; stderr: string; status: number | null } =>
  spawnSync(process.execPath, ['bin/warpscope.mjs', 'run', `test/cli/programs/${file}`, '--device', device], { encoding: 'utf8' });

describe('the architecture of the simulated GPU', () => {
  it('sets __CUDA_ARCH__ to the preset\'s compute capability', () => {
    expect(run('arch_features.cu', 'h100').stdout).toBe('arch >= 800: 900\n');
    expect(run('arch_features.cu', 'a100').stdout).toBe('arch >= 800: 800\n');
  });

  it('declares __reduce_add_sync only from sm_80, naming the simulated GPU', () => {
    const r = run('arch_features.cu', 'k80');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("arch_features.cu:3:20: error: use of undeclared identifier '__reduce_add_sync'");
    expect(r.stderr).toContain("note: CUDA declares '__reduce_add_sync' for compute capability 8.0 and above; the simulated GPU is sm_37 (see --device)");
  });

  it('runs the legacy __all/__any/__ballot/__shfl on a K80 over the active lanes', () => {
    const r = run('legacy_warp.cu', 'k80');
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('3110 3110\n');
  });

  it('rejects them for the H100 as nvcc and ptxas do', () => {
    const r = run('legacy_warp.cu', 'h100');
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("error: use of undeclared identifier '__shfl'");
  });

  it('holds as many blocks at once as the preset\'s SMs do: a grid spinning on its last block finishes on the H100 and hangs on a K80', () => {
    expect(run('spin_residency.cu', 'h100').stdout).toBe('out = 42\n');
    const r = spawnSync(process.execPath, ['bin/warpscope.mjs', 'run', 'test/cli/programs/spin_residency.cu', '--device', 'k80', '--max-steps', '2000000'], { encoding: 'utf8' });
    expect(r.status).toBe(124);
    // Every resident block spins and the block that would set the flag never starts: said at once, before --max-steps.
    expect(r.stderr).toContain("kernel 'k' makes no progress: 208 threads spin in this loop, and nothing that could end it will change; the grid's other 92 blocks cannot start while these hold every SM");
  });
});
