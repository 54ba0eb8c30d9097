import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordFile } from '../trace/record.js';
import { launchStatement } from '../../src/debug/launch-site.js';

/*
 * Launches queued one after another from one statement run later than the host made them: each
 * is matched with the run of the statement that made it, not the host's latest run there.
 */

const program = `__global__ void k(int *p, int i) { p[i] = i; }
int main()
{
    int *d; cudaMalloc((void **)&d, 4 * sizeof(int));
    for (int i = 0; i < 3; i++) k<<<1, 1>>>(d, i);
    cudaDeviceSynchronize();
    return 0;
}
`;

describe('launchStatement', () => {
  it('finds the host step that made each of several launches from one statement', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ws-launch-')), 'p.cu');
    writeFileSync(file, program);
    const t = recordFile(file);
    const launches = t.launches();
    expect(launches).toHaveLength(3);
    const made = [...t.steps()].filter((r) => r.launch === 0 && r.loc === launches[0]!.loc_id).map((r) => r.step);
    expect(made).toHaveLength(3);
    // The first kernel begins only after the host has made the second launch.
    expect(launches[0]!.begin_step).toBeGreaterThan(made[1]!);
    expect(launches.map((l) => launchStatement(t, launches, l))).toEqual(made);
    t.close();
  });
});
