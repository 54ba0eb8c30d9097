// Bundles the CLI (and the benchmark) into dist/ so `npx warpscope` starts fast with plain Node.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';

const entries = { cli: 'src/cli/warpscope.ts' };
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
