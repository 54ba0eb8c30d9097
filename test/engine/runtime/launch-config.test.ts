import { describe, expect, it } from 'vitest';
import { launchConfigError } from '../../../src/engine/runtime/launch-config.js';
import { h100Props } from '../../../src/engine/runtime/props.js';

const d = (x: number, y = 1, z = 1) => ({ x, y, z });

describe('launch configuration checks of an H100', () => {
  it('accepts 1024 threads per block and the largest grid', () => {
    expect(launchConfigError(d(2 ** 31 - 1, 65535, 65535), d(1024), 0, 0, h100Props)).toBe(0);
    expect(launchConfigError(d(1), d(32, 32), 0, 0, h100Props)).toBe(0);
  });

  it('rejects too many threads, too large dimensions and zero sizes with cudaErrorInvalidValue, as CUDA 13 does', () => {
    expect(launchConfigError(d(1), d(2048), 0, 0, h100Props)).toBe(1);
    expect(launchConfigError(d(1), d(64, 32), 0, 0, h100Props)).toBe(1);
    expect(launchConfigError(d(1), d(1, 1, 65), 0, 0, h100Props)).toBe(1);
    expect(launchConfigError(d(1, 65536), d(32), 0, 0, h100Props)).toBe(1);
    expect(launchConfigError(d(0), d(32), 0, 0, h100Props)).toBe(1);
  });

  it('rejects a block bigger than the kernel\'s __launch_bounds__ maximum, as the H100 does', () => {
    expect(launchConfigError(d(1), d(256), 0, 0, h100Props, undefined, 256)).toBe(0);
    expect(launchConfigError(d(1), d(257), 0, 0, h100Props, undefined, 256)).toBe(1);
    expect(launchConfigError(d(1), d(16, 9), 0, 0, h100Props, undefined, 128)).toBe(1);
  });
});
