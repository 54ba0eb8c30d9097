import { join } from 'node:path';
import type { RunOptions } from '../engine/api.js';
import type { SessionBackend } from '../host/session-host.js';
import { nodeProcessBackend } from '../host/node-process.js';
import type { SessionEvent } from '../protocol/messages.js';
import { findNode, type FoundNode } from './find-node.js';

/*
 * The window's session: a child process of the system Node running the built session-worker.js
 * beside the main script (one better-sqlite3 build serves the CLI, `serve` and the window), or,
 * with no Node to run it, a session that only says so.
 */

/** A session that could not start: it answers every command with `message`, and tells a front end that syncs. */
export function unavailableBackend(message: string): SessionBackend {
  const listeners: ((e: SessionEvent) => void)[] = [];
  return {
    send: () => listeners.forEach((l) => l({ kind: 'error', message })),
    onEvent: (l) => void listeners.push(l),
    failure: () => message,
    close: async () => {},
  };
}

/** The desktop app's session backend; `dir` is the built main script's folder, which holds session-worker.js. */
export function desktopBackend(dir: string, options: RunOptions, found: FoundNode = findNode(process.env)): SessionBackend {
  return found.ok ? nodeProcessBackend(join(dir, 'session-worker.js'), found.node, options) : unavailableBackend(found.error);
}
