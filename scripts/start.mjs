// `npm start`: builds the desktop app and opens it; without an Electron binary, says so and points to the CLI.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const electronDir = dirname(require.resolve('electron/package.json'));

/** The Electron executable, when its binary has been downloaded. */
function electronBinary() {
  try {
    const exe = join(electronDir, 'dist', readFileSync(join(electronDir, 'path.txt'), 'utf8').trim());
    return existsSync(exe) ? exe : null;
  } catch {
    return null;
  }
}

let binary = electronBinary();
if (binary === null) {
  // Electron fetches its binary on first use; try once, quietly, so a machine without the download gets a plain message.
  spawnSync(process.execPath, [join(electronDir, 'install.js')], { stdio: 'pipe', timeout: 300_000 });
  binary = electronBinary();
}
if (binary === null) {
  process.stderr.write(
    'warpscope: the Electron binary is not installed and could not be downloaded on this machine,\n' +
      'so the desktop window cannot open. The same debugger runs in a browser without it:\n' +
      '  npx warpscope serve examples/avgfilter.cu    (then open the address it prints)\n',
  );
  process.exit(1);
}
const build = spawnSync('npx', ['electron-vite', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
// The window's session runs in this Node, the one npm install built better-sqlite3 for (src/main/find-node.ts).
const env = { ...process.env, WARPSCOPE_NODE: process.env.WARPSCOPE_NODE || process.execPath };
const r = spawnSync(binary, ['.'], { stdio: 'inherit', env });
process.exit(r.status ?? 0);
