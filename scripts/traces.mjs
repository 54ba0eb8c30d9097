// Regenerates the demo traces in traces/ (`npm run traces`): each example below is recorded with
// `warpscope record`, as a user would, so the files are never edited by hand.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';

const examples = [
  'hello', // device printf from two blocks
  'avgfilter', // the lecture's averaging filter: shared memory and barriers
  'avgfilter_barrier_bug', // __syncthreads() in a divergent branch: the recorded run ends in the deadlock
  'matmul_comma_bug', // dim3 b = (16, 16) is a comma expression: a 16x1 block
];

mkdirSync('traces', { recursive: true });
let failed = false;
for (const name of examples) {
  const out = `traces/${name}.trace`;
  rmSync(out, { force: true });
  const r = spawnSync(process.execPath, ['bin/warpscope.mjs', 'record', `examples/${name}.cu`, '-o', out], { encoding: 'utf8' });
  // A recording keeps the program's own status (124 for the deadlock); only a missing trace is a failure.
  const ok = spawnSync(process.execPath, ['bin/warpscope.mjs', 'replay', out, '--summary'], { encoding: 'utf8' }).status === 0;
  console.log(`${out}: program exited ${r.status}${ok ? '' : ', but the trace does not open'}`);
  failed ||= !ok;
}
process.exit(failed ? 1 : 0);
