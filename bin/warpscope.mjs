#!/usr/bin/env node
// The installed command: runs the bundled CLI that `npm install` builds (scripts/build-cli.mjs).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js');
if (!existsSync(cli)) {
  process.stderr.write('warpscope: error: the CLI is not built; run `npm install` (or `npm run build:cli`) in the Warpscope folder\n');
  process.exit(1);
}
const { main } = await import(pathToFileURL(cli).href);
process.exitCode = await main(process.argv.slice(2));
