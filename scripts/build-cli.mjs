// Bundles the CLI (and the benchmark) into dist/ so `npx warpscope` starts fast with plain Node.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';

// launch: what bin/warpscope.mjs loads; it starts cli on the thread a command needs (src/cli/launch.ts).
// trace-sink: the worker thread a recording stores its trace from (src/trace/sink-channel.ts finds it beside the bundle).
// session-worker: the thread `warpscope serve` runs its debugging session in (src/host/session-host.ts).
// recorder: the big-stack thread a live debugging session's program runs on (src/debug/recorder.ts).
const entries = {
  cli: 'src/cli/warpscope.ts',
  launch: 'src/cli/launch.ts',
  'trace-sink': 'src/trace/sink-worker.ts',
  'session-worker': 'src/host/session-worker.ts',
  recorder: 'src/debug/recorder-worker.ts',
};
if (existsSync('scripts/bench.ts')) entries.bench = 'scripts/bench.ts';

await build({
  entryPoints: entries,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  logLevel: 'warning',
});
