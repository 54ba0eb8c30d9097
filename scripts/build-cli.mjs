// Bundles the CLI (and the benchmark) into dist/ so `npx warpscope` starts fast with plain Node.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';

// trace-sink: the worker thread a recording stores its trace from (src/trace/sink-channel.ts finds it beside the bundle).
// session-worker: the thread `warpscope serve` runs its debugging session in (src/host/session-host.ts).
const entries = { cli: 'src/cli/warpscope.ts', 'trace-sink': 'src/trace/sink-worker.ts', 'session-worker': 'src/host/session-worker.ts' };
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
