import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import { defaultRunOptions } from '../engine/api.js';
import type { DroppedFile, OpenTarget } from '../protocol/messages.js';
import { SessionHost, defaultBackend } from '../host/session-host.js';
import { startServer } from '../host/http-server.js';
import { Classroom } from '../host/classroom.js';
import { nodeServiceEnv } from '../host/node-env.js';
import { Workspace } from '../host/workspace.js';
import { Trace } from '../trace/reader.js';
import { programProblem } from './source.js';

/*
 * `warpscope serve FILE.cu|FILE.trace [--port N] [--host ADDR] [--classroom]`: the debugger's
 * window in a browser. Prints a local address with a secret token and serves until Ctrl-C; a
 * classroom also gets a viewers' address (a second token) whose holders follow the presenter.
 */

const USAGE = 'usage: warpscope serve FILE.cu|FILE.trace [--port N] [--host ADDR] [--classroom]\n';

/** What `serve` was asked for, or why the arguments are wrong. */
export type ServeRequest = { readonly kind: 'serve'; readonly target: OpenTarget; readonly port: number; readonly host: string; readonly classroom: boolean } | { readonly kind: 'error'; readonly message: string };

/** Parses `serve`'s arguments. */
export function parseServeArgs(args: readonly string[]): ServeRequest {
  let file: string | null = null;
  let port = 0;
  let host = '127.0.0.1';
  let classroom = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = (): string | undefined => (a.includes('=') ? a.slice(a.indexOf('=') + 1) : args[++i]);
    if (/^--port(=|$)/.test(a)) {
      const v = value();
      const n = Number(v);
      if (v === undefined || !/^\d+$/.test(v) || n > 65535) return { kind: 'error', message: `--port needs a port number (0 to 65535), got '${v ?? ''}'` };
      port = n;
    } else if (/^--host(=|$)/.test(a)) {
      const v = value();
      if (!v) return { kind: 'error', message: '--host needs an address' };
      host = v;
    } else if (a === '--classroom') classroom = true;
    else if (a.startsWith('-')) return { kind: 'error', message: `unknown option '${a}'` };
    else if (file === null) file = a;
    else return { kind: 'error', message: `unexpected argument '${a}'` };
  }
  if (file === null) return { kind: 'error', message: 'serve needs a .cu or .trace file' };
  return { kind: 'serve', target: { kind: file.endsWith('.trace') ? 'trace' : 'source', path: file }, port, host, classroom };
}

/** The built renderer: out/renderer beside dist/ (or beside src/ when run from the sources). */
function rendererRoot(): string | null {
  for (const rel of ['../out/renderer/', '../../out/renderer/']) {
    const dir = fileURLToPath(new URL(rel, import.meta.url));
    if (existsSync(join(dir, 'index.html'))) return dir;
  }
  return null;
}

/** `warpscope serve`: returns the exit status once stopped. */
export async function serveCommand(args: readonly string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(USAGE);
    return 0;
  }
  const req = parseServeArgs(args);
  if (req.kind === 'error') {
    process.stderr.write(`warpscope: error: ${req.message}\n${USAGE}`);
    return 2;
  }
  // A file that cannot be served is refused here in one line, as `replay` and `run` refuse it, rather than served as a window
  // showing an error (a trace or a folder given as the program, an unreadable file).
  const unreadable = req.target.kind === 'trace' ? Trace.check(req.target.path) : programProblem(req.target.path);
  if (unreadable !== null) {
    process.stderr.write(`warpscope: error: ${unreadable}\n`);
    return 1;
  }
  const root = rendererRoot();
  if (root === null) {
    process.stderr.write('warpscope: error: the browser UI is not built; run `npm run build:app` in the Warpscope folder\n');
    return 1;
  }
  const session = new SessionHost(defaultBackend(new URL('./session-worker.js', import.meta.url), defaultRunOptions));
  // A page may open .cu and .trace files under the folder the server was started in, and nothing else on the machine.
  const workspace = new Workspace(process.cwd());
  session.connect((e) => workspace.tracker.event(e));
  workspace.tracker.requested(req.target);
  session.send({ kind: 'open', target: req.target });
  const token = randomBytes(24).toString('base64url');
  // Viewers replay the presenter's trace in this thread: reading a trace never runs the program.
  const classroom = req.classroom ? new Classroom(session, nodeServiceEnv(defaultRunOptions)) : null;
  const viewers = classroom ? { token: randomBytes(24).toString('base64url'), connect: classroom.connect.bind(classroom) } : undefined;
  let server;
  try {
    const files = { listing: () => workspace.listing(), upload: (dropped: readonly DroppedFile[]) => workspace.upload(dropped), requested: (t: OpenTarget) => workspace.tracker.requested(t) };
    server = await startServer({ host: req.host, port: req.port, root, token, session, mayOpen: (cmd) => workspace.mayOpen(cmd.target), files, ...(viewers ? { viewers } : {}) });
  } catch (e) {
    classroom?.close();
    await session.close();
    process.stderr.write(`warpscope: error: cannot listen on ${req.host}:${req.port}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  const loopback = req.host === 'localhost' || req.host === '::1' || req.host.startsWith('127.');
  if (!loopback) process.stderr.write(`warpscope: warning: listening on ${req.host}: anyone who can reach it and has the address below can run programs on this machine\n`);
  if (server.viewerUrl) process.stdout.write(`Warpscope is debugging ${req.target.path} for a classroom.\n\nPresenter (drives the session), keep it to yourself:\n\n  ${server.url}\n\nViewers (follow the presenter, may inspect other threads):\n\n  ${server.viewerUrl}\n\nCtrl-C stops the server.\n`);
  else process.stdout.write(`Warpscope is debugging ${req.target.path}; open this address in a browser:\n\n  ${server.url}\n\nCtrl-C stops the server.\n`);
  const running = server;
  await new Promise<void>((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await running.close();
  classroom?.close();
  await session.close();
  return 0;
}
