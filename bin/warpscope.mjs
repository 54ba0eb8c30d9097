#!/usr/bin/env node
// The installed command: runs the bundled CLI that `npm install` builds (scripts/build-cli.mjs).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
if (!existsSync(join(dist, 'cli.js')) || !existsSync(join(dist, 'launch.js'))) {
  process.stderr.write('warpscope: error: the CLI is not built; run `npm install` (or `npm run build:cli`) in the Warpscope folder\n');
  process.exit(1);
}
// launch.js starts dist/cli.js on the thread the command needs (src/cli/launch.ts).
const { launch } = await import(pathToFileURL(join(dist, 'launch.js')).href);
process.exitCode = await launch(process.argv.slice(2));
