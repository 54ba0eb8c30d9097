// `npm start`: builds the desktop app and opens it; without an Electron binary, says so and points to the CLI.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let electronBinary = null;
try {
  // electron's index.js fetches the binary on first use when it is missing; a machine without that download throws here.
  electronBinary = require('electron');
} catch {
  electronBinary = null;
}
if (typeof electronBinary !== 'string') {
  process.stderr.write(
    'warpscope: the Electron binary is not installed and could not be downloaded on this machine,\n' +
      'so the desktop window cannot open. The engine works without it:\n' +
      '  npx warpscope run examples/avgfilter.cu\n' +
      '(the browser UI, `npx warpscope serve`, is on the way: see the project issues)\n',
  );
  process.exit(1);
}
const build = spawnSync('npx', ['electron-vite', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const r = spawnSync(electronBinary, ['.'], { stdio: 'inherit' });
process.exit(r.status ?? 0);
