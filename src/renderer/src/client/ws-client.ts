import type { SessionCommand, SessionEvent } from '../../../protocol/messages';
import type { Connection, SessionClient } from './session-client';
import { MAX_UPLOAD, UPLOAD_NAME, uploadSetRefusal } from '../../../protocol/validate';

/*
 * The browser transport: JSON messages over a WebSocket to /ws of the server that served this
 * page, carrying the token the page's address holds. Commands sent before it opens wait.
 */

/** The part of a WebSocket the client uses (tests hand it a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  addEventListener(type: 'open' | 'close' | 'message', listener: (ev: { data?: unknown }) => void): void;
}

/** The WebSocket address for a page served at `loc` (its token carried over). */
export function socketUrl(loc: Pick<Location, 'protocol' | 'host' | 'search'>): string {
  const token = new URLSearchParams(loc.search).get('token') ?? '';
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws?token=${encodeURIComponent(token)}`;
}

/**
 * Why files dropped together on a browser page cannot be sent, or null. The page never learns
 * where a dropped file lives, and the server opens only files under its folder, so a program's
 * text is uploaded with the headers dropped with it (the server keeps them together under
 * .warpscope/dropped/, where its includes find them); a trace is a database of any size, so it
 * must be copied under the folder instead.
 */
export function uploadRefusal(files: readonly Pick<File, 'name' | 'size'>[]): string | null {
  for (const file of files) {
    if (file.name.endsWith('.trace')) return `${file.name}: a trace cannot be uploaded from the browser; copy it under the folder warpscope serve was started in and pick it from Open`;
    if (!/\.(cu|cuh|h|hh|hpp|hxx|inc|inl)$/.test(file.name)) return `${file.name}: only .cu and .trace files can be opened (a .cu with the headers it includes)`;
    if (!UPLOAD_NAME.test(file.name)) return `${file.name}: rename it to letters, digits, _ . + - before dropping it`;
  }
  const set = uploadSetRefusal(files.map((f) => f.name));
  if (set) return set;
  const size = files.reduce((n, f) => n + f.size, 0);
  if (size > MAX_UPLOAD) return files.length === 1 ? `${files[0]!.name}: a dropped source file may be at most ${MAX_UPLOAD / 1024} KiB` : `the dropped files may be at most ${MAX_UPLOAD / 1024} KiB together`;
  return null;
}

/** A client over a WebSocket made by `open`. */
export function webSocketClient(loc: Pick<Location, 'protocol' | 'host' | 'search'>, open: (url: string) => SocketLike): SessionClient {
  const events: ((e: SessionEvent) => void)[] = [];
  const states: ((c: Connection) => void)[] = [];
  const waiting: string[] = [];
  const ws = open(socketUrl(loc));
  let state: Connection = 'connecting';
  const set = (c: Connection): void => {
    state = c;
    states.forEach((l) => l(c));
  };
  ws.addEventListener('open', () => {
    for (const m of waiting.splice(0)) ws.send(m);
    set('open');
  });
  ws.addEventListener('close', () => set('closed'));
  ws.addEventListener('message', (ev) => {
    if (typeof ev.data !== 'string') return;
    // The server speaks only SessionEvents; anything unparsable is dropped rather than trusted.
    let e: SessionEvent;
    try {
      e = JSON.parse(ev.data) as SessionEvent;
    } catch {
      return;
    }
    if (typeof e === 'object' && e !== null && typeof e.kind === 'string') events.forEach((l) => l(e));
  });
  const send = (cmd: SessionCommand): void => {
    const text = JSON.stringify(cmd);
    if (state === 'open') ws.send(text);
    else if (state === 'connecting') waiting.push(text);
  };
  return {
    send,
    onEvent: (l) => void events.push(l),
    onConnection: (l) => {
      states.push(l);
      l(state);
    },
    openFiles: (files) => {
      const refusal = uploadRefusal(files);
      if (refusal) return events.forEach((l) => l({ kind: 'open-failed', message: refusal }));
      // All in one message, so the host saves them in one folder before it opens the program.
      void Promise.all(files.map(async (f) => ({ name: f.name, text: await f.text() }))).then((dropped) => send({ kind: 'upload', files: dropped }));
    },
  };
}
