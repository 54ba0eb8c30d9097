import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import type { DroppedFile, FileListing, OpenTarget, Role, SessionCommand, SessionEvent } from '../protocol/messages.js';
import { parseCommandText } from '../protocol/validate.js';
import type { HostConnection, SessionHost } from './session-host.js';

/*
 * The browser host's server: the built renderer over HTTP and the session API over a WebSocket
 * at /ws. Whoever holds the token may run programs on this machine, so every request without it
 * is refused, the page may load nothing but its own files, and every message is validated.
 */

/** What to serve, where, and to whom. */
export interface ServerOptions {
  readonly host: string;
  readonly port: number;
  /** The built renderer (out/renderer). */
  readonly root: string;
  readonly token: string;
  readonly session: SessionHost;
  /** Whether a front end may open this file (a command from the page names a path on this machine). */
  readonly mayOpen: (cmd: Extract<SessionCommand, { kind: 'open' }>) => string | null;
  /** The Open menu's files and dropped uploads (the served folder); without it the menu lists nothing and uploads are refused. */
  readonly files?: {
    listing(): FileListing;
    upload(files: readonly DroppedFile[]): { readonly ok: true; readonly target: OpenTarget } | { readonly ok: false; readonly error: string };
    /** An open the page asked for is on its way to the session (the recent list hears how it went). */
    requested(target: OpenTarget): void;
  };
  /** A classroom: whoever holds this second token is a viewer, connected here (the first token's holder presents). */
  readonly viewers?: { readonly token: string; connect(listener: (e: SessionEvent) => void): HostConnection };
}

/** A running server. */
export interface RunningServer {
  readonly port: number;
  /** The address to open, token included. */
  readonly url: string;
  /** A classroom's address for viewers (their token); null without a classroom. */
  readonly viewerUrl: string | null;
  close(): Promise<void>;
}

/** Messages larger than this are refused (a console line is at most 4 KiB; a drop's source files at most MAX_UPLOAD together, JSON-escaped). */
const MAX_MESSAGE = 1024 * 1024;

/** The page runs only its own scripts and talks only to this server. xterm.js sets its own <style> for the terminal's colours, hence inline styles. */
export const CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

function sameToken(given: string | null | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookie(req: IncomingMessage, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return null;
}

/** Starts the server; resolves once it listens (port 0 picks a free one). */
export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const root = resolve(opts.root);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE });
  let port = opts.port;
  // Cookies ignore ports: the name carries it so two servers on one host keep their own.
  const cookieName = (): string => `warpscope_${port}`;
  const viewerCookie = (): string => `warpscope_${port}_viewer`;
  /** Who the request comes from: the token in its address decides, else its cookie; null for nobody. */
  const roleOf = (req: IncomingMessage, url: URL): Role | null => {
    const given = url.searchParams.get('token');
    const driver: Role = opts.viewers ? 'presenter' : 'driver';
    if (given !== null) return sameToken(given, opts.token) ? driver : opts.viewers && sameToken(given, opts.viewers.token) ? 'viewer' : null;
    if (sameToken(cookie(req, cookieName()), opts.token)) return driver;
    return opts.viewers && sameToken(cookie(req, viewerCookie()), opts.viewers.token) ? 'viewer' : null;
  };
  const authorized = (req: IncomingMessage, url: URL): boolean => roleOf(req, url) !== null;

  const server = createServer((req, res) => void serveFile(req, res));

  async function serveFile(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const headers: Record<string, string> = {
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'X-Frame-Options': 'DENY',
      'Cache-Control': 'no-store',
    };
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!authorized(req, url)) {
      res.writeHead(401, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('401 Unauthorized: open the address `warpscope serve` printed; it carries the token.\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, Allow: 'GET, HEAD' });
      res.end();
      return;
    }
    // The page's own requests (scripts, styles) carry no token: the cookie set here stands for it.
    if (url.searchParams.has('token')) {
      const viewer = roleOf(req, url) === 'viewer';
      headers['Set-Cookie'] = `${viewer ? viewerCookie() : cookieName()}=${viewer ? opts.viewers!.token : opts.token}; HttpOnly; SameSite=Strict; Path=/`;
    }
    const rel = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
    const file = resolve(root, '.' + rel);
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(404, headers);
      res.end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Length': String(body.length) });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('404 Not Found\n');
    }
  }

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // A page of another site cannot know the token, and its Origin gives it away besides.
    const origin = req.headers.origin;
    const originOk = origin === undefined || origin === `http://${req.headers.host ?? ''}`;
    const role = roleOf(req, url);
    if (url.pathname !== '/ws' || role === null || !originOk) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws, role));
  });

  /** Numbers the connections, so each one's grid view keeps its own blocks in the shared session. */
  let clients = 0;

  function attach(ws: WebSocket, role: Role): void {
    const client = ++clients;
    const send = (e: SessionEvent): void => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(e));
    };
    const conn = role === 'viewer' && opts.viewers ? opts.viewers.connect(send) : opts.session.connect(send);
    ws.on('message', (data, isBinary) => {
      const p = isBinary ? ({ ok: false, error: 'messages are JSON text' } as const) : parseCommandText(data.toString());
      if (!p.ok) return send({ kind: 'error', message: p.error });
      // A front end learns what it may do before the state it is sent.
      if (p.command.kind === 'sync') send({ kind: 'role', role });
      const cmd = p.command;
      // The Open menu and dropped files are the host's to answer: it knows the folder it serves.
      if ((cmd.kind === 'list-files' || cmd.kind === 'upload') && role === 'viewer') return send({ kind: 'error', message: 'the presenter chooses the program' });
      if (cmd.kind === 'list-files') return send({ kind: 'file-list', listing: opts.files?.listing() ?? { folder: null, files: [], recent: [] } });
      if (cmd.kind === 'upload') {
        const up = opts.files ? opts.files.upload(cmd.files) : ({ ok: false, error: 'this server takes no dropped files' } as const);
        if (!up.ok) return send({ kind: 'open-failed', message: up.error });
        opts.files?.requested(up.target);
        return conn.send({ kind: 'open', target: up.target });
      }
      // Which tab shows which blocks is this host's to say, never the page's.
      if (cmd.kind === 'watch-blocks') return conn.send({ ...cmd, client });
      if (cmd.kind === 'open' && role !== 'viewer') {
        const refused = opts.mayOpen(cmd);
        if (refused) return send({ kind: 'open-failed', message: refused });
        opts.files?.requested(cmd.target);
      }
      conn.send(cmd);
    });
    // An oversized or broken frame closes the socket; the session goes on for the others.
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      // A closed tab's blocks need no more detail.
      conn.send({ kind: 'watch-blocks', first: 0, count: 0, client });
      conn.close();
    });
  }

  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(opts.port, opts.host, () => done());
  });
  const addr = server.address();
  port = typeof addr === 'object' && addr ? addr.port : opts.port;
  const hostPart = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    port,
    url: `http://${hostPart}:${port}/?token=${opts.token}`,
    viewerUrl: opts.viewers ? `http://${hostPart}:${port}/?token=${opts.viewers.token}` : null,
    close: async () => {
      for (const c of wss.clients) c.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
