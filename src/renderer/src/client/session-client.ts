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
  /** Opens the files dropped on the page together, a program with its headers: by the program's path in Electron, by uploading their text to a browser host (optional: test doubles leave it out). */
  openFiles?(files: readonly File[]): void;
}

/** The one program among files dropped on the window (a .cu or .trace; headers beside it need no opening), or why there is none. */
export function droppedProgram<F extends Pick<File, 'name'>>(files: readonly F[]): F | string {
  const programs = files.filter((f) => /\.(cu|trace)$/.test(f.name));
  if (programs.length === 1) return programs[0]!;
  return programs.length === 0 ? `${files[0]?.name ?? 'that'}: only .cu and .trace files can be opened` : 'drop one program (.cu or .trace) at a time';
}

/** The client over the Electron preload's bridge (always connected while the window lives). */
export function bridgeClient(bridge: WarpscopeBridge): SessionClient {
  const listeners: ((e: SessionEvent) => void)[] = [];
  return {
    send: (cmd) => bridge.send(cmd),
    onEvent: (l) => {
      listeners.push(l);
      bridge.onEvent(l);
    },
    onConnection: (l) => l('open'),
    openFiles: (files) => {
      const p = droppedProgram(files);
      if (typeof p === 'string') return listeners.forEach((l) => l({ kind: 'open-failed', message: p }));
      bridge.openFile(p);
    },
  };
}

/** The preload's bridge when this page runs in the Electron window, else a WebSocket to the server that served the page. */
export function pickClient(w: Window): SessionClient {
  const bridge = (w as unknown as Record<string, WarpscopeBridge | undefined>)[BRIDGE_KEY];
  return bridge ? bridgeClient(bridge) : webSocketClient(w.location, (url) => new WebSocket(url));
}
