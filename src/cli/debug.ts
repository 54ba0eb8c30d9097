import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { closeWal } from '../trace/killed-trace.js';
import { join } from 'node:path';
import { homedir } from 'node:os';
import { createInterface } from 'node:readline';
import type { RunOptions, SourceHost } from '../engine/api.js';
import { DebugSession, type DebugIO } from '../debug/session.js';
import { answerAtEnd, questionPrompt } from '../debug/confirm.js';

/*
 * `warpscope debug` and `warpscope replay FILE.trace`: a DebugSession driven by a command file
 * (-x, as cuda-gdb -x), by a terminal REPL (history, tab completion, Ctrl-C pauses a running
 * program), or by commands piped to stdin.
 */

const PROMPT = '(warpscope) ';
const io: DebugIO = { out: (text: string): void => void process.stdout.write(Buffer.from(text, 'latin1')) };

/** Debugs a program, recording it to `tracePath`; returns the exit status. */
export async function debugProgram(file: string, argv: readonly string[], options: RunOptions, host: SourceHost, tracePath: string, commands: string | undefined, batch: boolean): Promise<number> {
  // A command file that cannot be read is refused before the program is compiled and its trace made.
  const script = commandsOf(commands);
  if (script === null) return 1;
  const s = new DebugSession(io, { kind: 'live', file, argv, options, host, tracePath });
  try {
    if (!s.prepare()) return 1;
  } catch (e) {
    // The recording failed before any command ran (its trace cannot be stored): one line, not a stack trace.
    process.stderr.write(`warpscope: internal error: ${e instanceof Error ? e.message : String(e)}\n`);
    s.close();
    return 1;
  }
  const status = await drive(s, script, batch);
  // Its reader was open as the recording closed, which left the file in WAL mode: a reader in a read-only folder could not open it.
  if (existsSync(tracePath)) closeWal(tracePath);
  return status;
}

/** The text of the command file `commands` (undefined for none); null, having said why, when it cannot be read. */
function commandsOf(commands: string | undefined): string | undefined | null {
  if (commands === undefined) return undefined;
  try {
    return readFileSync(commands, 'utf8');
  } catch {
    process.stderr.write(`warpscope: error: cannot read the command file '${commands}'\n`);
    return null;
  }
}

/** Debugs a saved trace; returns the exit status. */
export async function debugTrace(path: string, commands: string | undefined, batch: boolean): Promise<number> {
  const script = commandsOf(commands);
  if (script === null) return 1;
  const s = DebugSession.replay(io, path);
  if (typeof s === 'string') {
    process.stderr.write(`warpscope: error: ${s}\n`);
    return 1;
  }
  return drive(s, script, batch);
}

/** Runs the commands of `text` (a command file's), then the REPL unless in batch mode or quit. */
async function drive(s: DebugSession, text: string | undefined, batch: boolean): Promise<number> {
  try {
    if (text !== undefined) {
      for (const line of text.split('\n')) {
        await s.execute(line);
        if (s.done) break;
      }
      if (batch || s.done) return s.damaged ? 1 : 0;
    }
    await repl(s);
    return s.damaged ? 1 : 0;
  } finally {
    s.close();
    await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  }
}

/** Reads commands until quit or end of input; an empty line repeats the last command (gdb). */
async function repl(s: DebugSession): Promise<void> {
  const tty = process.stdin.isTTY === true;
  io.interactive = tty;
  io.terminal = tty;
  const historyFile = join(homedir(), '.warpscope_history');
  let history: string[] = [];
  if (tty) {
    try {
      history = readFileSync(historyFile, 'utf8').split('\n').filter((l) => l).reverse().slice(0, 500);
    } catch {
      history = [];
    }
  }
  const rl = createInterface({
    input: process.stdin,
    output: tty ? process.stdout : undefined,
    terminal: tty,
    history,
    completer: (line: string): [string[], string] => [s.complete(line), line.split(/\s+/).pop() ?? ''],
  });
  let busy = false;
  let last = '';
  rl.on('SIGINT', () => {
    if (busy) s.interrupt();
    else {
      process.stdout.write('Quit\n');
      rl.prompt();
    }
  });
  const lines = rl[Symbol.asyncIterator]();
  for (;;) {
    // A breakpoint's commands being typed get gdb's '>' prompt, and an empty line among them is no repeat.
    // A question's prompt is its own last line (already written), as gdb's readline shows it.
    if (tty) rl.setPrompt(questionPrompt(s) ?? (s.collecting ? '>' : PROMPT)), rl.prompt();
    const next = await lines.next();
    if (next.done) {
      await answerAtEnd(s);
      break;
    }
    const asked = s.question !== null;
    const line = next.value.trim() === '' && tty && !s.collecting && !asked ? last : next.value;
    if (line.trim() !== '' && !asked) last = line;
    if (tty && line.trim() !== '' && !asked) {
      try {
        appendFileSync(historyFile, line + '\n');
      } catch {
        // A read-only home keeps history for this session only.
      }
    }
    busy = true;
    await s.execute(line);
    busy = false;
    if (s.done) break;
  }
  rl.close();
}
