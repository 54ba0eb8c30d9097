import type { RunOptions, SourceHost } from '../engine/api.js';

/*
 * What a debugging session talks to: the console it writes to, and the program or trace it
 * debugs. Front ends (the CLI, the host, the window) build these without the session's workings.
 */

/** Where a session's text goes: gdb's console (program output included). */
export interface DebugIO {
  out(text: string): void;
  /** Whether a person types the commands (a terminal, the window's console), not a command file: gdb then explains multi-line input. */
  interactive?: boolean;
  /** Whether gdb's yes-or-no questions wait for the next line (a person at a terminal); otherwise they are answered yes. */
  terminal?: boolean;
  /** Told when the program ends (its exit status), for front ends that show it beside the console. */
  exited?(status: number | null): void;
}

/** What a session debugs. */
export type SessionSource =
  | { readonly kind: 'live'; readonly file: string; readonly argv: readonly string[]; readonly options: RunOptions; readonly host: SourceHost; readonly tracePath: string }
  | { readonly kind: 'replay'; readonly path: string };
