import type { SessionCommand, SessionEvent } from '../../../protocol/messages';
import { BRIDGE_KEY, type WarpscopeBridge } from '../../../protocol/bridge';
import { webSocketClient } from './ws-client';

/*
 * The renderer's one way to the session: the panels see a SessionClient and never learn whether
 * the Electron preload or a WebSocket to `warpscope serve` carries it.
 */

/** Whether the transport is connected. */
export type Connection = 'connecting' | 'open' | 'closed';

/** A session as the renderer sees it. */
export interface SessionClient {
  send(cmd: SessionCommand): void;
  onEvent(listener: (e: SessionEvent) => void): void;
  onConnection(listener: (c: Connection) => void): void;
  /** Opens a file dropped on the page: by its path in Electron, by uploading its text to a browser host (optional: test doubles leave it out). */
  openFile?(file: File): void;
}

/** The client over the Electron preload's bridge (always connected while the window lives). */
export function bridgeClient(bridge: WarpscopeBridge): SessionClient {
  return {
    send: (cmd) => bridge.send(cmd),
    onEvent: (l) => void bridge.onEvent(l),
    onConnection: (l) => l('open'),
    openFile: (file) => bridge.openFile(file),
  };
}

/** The preload's bridge when this page runs in the Electron window, else a WebSocket to the server that served the page. */
export function pickClient(w: Window): SessionClient {
  const bridge = (w as unknown as Record<string, WarpscopeBridge | undefined>)[BRIDGE_KEY];
  return bridge ? bridgeClient(bridge) : webSocketClient(w.location, (url) => new WebSocket(url));
}
