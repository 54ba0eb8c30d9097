import type { SessionCommand, SessionEvent } from './messages.js';

/*
 * The narrow API the Electron preload exposes to the renderer (as window.warpscope), and the
 * IPC channels behind it: commands one way, events the other, and a dropped file's path (which
 * only the preload can read); nothing else of Electron or Node.
 */

/** What the preload gives the page. */
export interface WarpscopeBridge {
  /** Sends a command to the session (main validates it). */
  send(cmd: SessionCommand): void;
  /** Hears the session's events; returns a function that stops listening. */
  onEvent(listener: (e: SessionEvent) => void): () => void;
  /** Opens a file dropped on the window (main checks the path the preload reads from it). */
  openFile(file: File): void;
}

/** The name of the bridge on the page's window. */
export const BRIDGE_KEY = 'warpscope';

/** IPC channels: renderer to main (commands), main to renderer (events). */
export const CHANNELS = { command: 'warpscope:command', event: 'warpscope:event', drop: 'warpscope:drop' } as const;
