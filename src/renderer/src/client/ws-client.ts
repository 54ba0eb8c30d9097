import type { SessionCommand, SessionEvent } from '../../../protocol/messages';
import type { Connection, SessionClient } from './session-client';

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
  return {
    send: (cmd: SessionCommand) => {
      const text = JSON.stringify(cmd);
      if (state === 'open') ws.send(text);
      else if (state === 'connecting') waiting.push(text);
    },
    onEvent: (l) => void events.push(l),
    onConnection: (l) => {
      states.push(l);
      l(state);
    },
  };
}
