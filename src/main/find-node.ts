import { spawnSync } from 'node:child_process';

/*
 * Which Node.js runs the desktop app's session (src/host/node-process.ts): the one npm ran
 * under, whose ABI `npm install` built better-sqlite3's addon for, is the right one; Electron's
 * own Node is not (its ABI differs). The user may name another with WARPSCOPE_NODE.
 */

/** The oldest Node major version the session runs on (package.json's engines). */
export const MIN_NODE_MAJOR = 20;

/** What the window is told when no Node.js is found. */
export const NODE_NOT_FOUND = "Warpscope's session runs in Node.js, which was not found: install Node >= 20 or set WARPSCOPE_NODE";

/** A Node executable, or why none will do. */
export type FoundNode = { readonly ok: true; readonly node: string } | { readonly ok: false; readonly error: string };

/** What running `exe --version` printed, or why it could not run. */
export type VersionProbe = (exe: string) => { readonly ok: true; readonly output: string } | { readonly ok: false; readonly error: string };

/** How long a candidate gets to print its version. */
const PROBE_TIMEOUT_MS = 5000;

/** Runs `exe --version` (briefly: a candidate that hangs is no Node). */
export function probeVersion(exe: string): ReturnType<VersionProbe> {
  const r = spawnSync(exe, ['--version'], { encoding: 'utf8', timeout: PROBE_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'ignore'] });
  if (r.error) return { ok: false, error: r.error.message };
  if (r.status !== 0) return { ok: false, error: `\`${exe} --version\` exited with status ${r.status ?? r.signal}` };
  return { ok: true, output: r.stdout };
}

/** Null when `exe` runs Node >= 20, else why not. */
function unfit(exe: string, probe: VersionProbe): string | null {
  const r = probe(exe);
  if (!r.ok) return r.error;
  const version = r.output.trim();
  const m = /^v(\d+)\.\d+\.\d+/.exec(version);
  if (!m) return `\`${exe} --version\` printed '${version}', not a Node.js version`;
  return Number(m[1]) >= MIN_NODE_MAJOR ? null : `it is Node.js ${version}, older than ${MIN_NODE_MAJOR}`;
}

/** The Node to run the session in: WARPSCOPE_NODE if set, else npm's (npm_node_execpath), else `node` on PATH; each must run and be >= 20. */
export function findNode(env: NodeJS.ProcessEnv, probe: VersionProbe = probeVersion): FoundNode {
  const chosen = env['WARPSCOPE_NODE'];
  // A Node the user named is used or refused, never silently swapped for another.
  if (chosen) {
    const why = unfit(chosen, probe);
    return why === null ? { ok: true, node: chosen } : { ok: false, error: `WARPSCOPE_NODE is ${chosen}, which cannot run Warpscope's session (${why}): set it to Node.js >= ${MIN_NODE_MAJOR}` };
  }
  for (const node of [env['npm_node_execpath'], 'node']) if (node && unfit(node, probe) === null) return { ok: true, node };
  return { ok: false, error: NODE_NOT_FOUND };
}
