import { MOTIONS, type Motion, type SessionCommand } from './messages.js';

/*
 * Every command that crosses a trust boundary (a WebSocket, Electron IPC) is checked here
 * before the session sees it: a malformed one becomes an error message, never an exception.
 */

/** The longest console line or path accepted (a pasted program is not a command). */
export const MAX_TEXT = 4096;

/** The most source text one drop may upload, all its files together (their text; a trace is never uploaded). */
export const MAX_UPLOAD = 256 * 1024;

/** The most files one drop may upload: a program and the headers it includes. */
export const MAX_UPLOAD_FILES = 32;

/** A dropped file's name as the host saves it: a plain name, no folders, a .cu or a header's extension. */
export const UPLOAD_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.+-]{0,99}\.(cu|cuh|h|hh|hpp|hxx|inc|inl)$/;

/** Why a set of dropped files is not one program with its headers (plain names, one .cu, each named once), or null. */
export function uploadSetRefusal(names: readonly string[]): string | null {
  const bad = names.find((n) => !UPLOAD_NAME.test(n));
  if (bad !== undefined) return `${bad}: only a .cu file and the headers it includes (.h, .cuh, .hpp, ...) with plain names can be dropped`;
  if (new Set(names).size !== names.length) return 'each dropped file needs a name of its own';
  const programs = names.filter((n) => n.endsWith('.cu')).length;
  if (programs === 0) return 'drop a .cu file together with its headers: a header alone is no program';
  if (programs > 1) return 'drop one .cu file at a time (with the headers it includes)';
  return null;
}

/** A validated command, or why the message is not one. */
export type Parsed = { readonly ok: true; readonly command: SessionCommand } | { readonly ok: false; readonly error: string };

const fail = (error: string): Parsed => ({ ok: false, error });

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function text(v: unknown): v is string {
  return typeof v === 'string' && v.length <= MAX_TEXT;
}

function isMotion(v: unknown): v is Motion {
  return typeof v === 'string' && (MOTIONS as readonly string[]).includes(v);
}

/** Checks that `raw` (parsed JSON) is a SessionCommand with nothing malformed in it. */
export function parseCommand(raw: unknown): Parsed {
  if (!isRecord(raw) || typeof raw['kind'] !== 'string') return fail('a command is an object with a "kind"');
  const kind = raw['kind'];
  switch (kind) {
    case 'open': {
      const t = raw['target'];
      if (!isRecord(t) || (t['kind'] !== 'source' && t['kind'] !== 'trace') || !text(t['path']) || t['path'] === '') return fail('open needs a target {kind: "source"|"trace", path}');
      return { ok: true, command: { kind, target: { kind: t['kind'], path: t['path'] } } };
    }
    case 'console':
    case 'complete': {
      const line = raw['line'];
      if (!text(line)) return fail(`${kind} needs a line of at most ${MAX_TEXT} characters`);
      // One command per message: a newline would smuggle in a second one.
      if (/[\r\n]/.test(line)) return fail(`${kind} takes one line`);
      // A toolbar button's command answers gdb's question itself (Stop kills without asking).
      if (kind === 'console' && raw['button'] === true) return { ok: true, command: { kind, line, button: true } };
      return { ok: true, command: { kind, line } };
    }
    case 'toggle-breakpoint': {
      const file = raw['file'];
      const line = raw['line'];
      if (!text(file) || file === '' || !Number.isSafeInteger(line) || (line as number) < 1) return fail('toggle-breakpoint needs a file and a line number');
      return { ok: true, command: { kind, file, line: line as number } };
    }
    case 'motion': {
      const motion = raw['motion'];
      if (!isMotion(motion)) return fail(`unknown motion ${JSON.stringify(motion)}`);
      return { ok: true, command: { kind, motion } };
    }
    case 'goto': {
      const step = raw['step'];
      if (!Number.isSafeInteger(step) || (step as number) < 0) return fail('goto needs a step number');
      return { ok: true, command: { kind, step: step as number } };
    }
    case 'watch-blocks': {
      const first = raw['first'];
      const count = raw['count'];
      const client = raw['client'];
      if (!Number.isSafeInteger(first) || (first as number) < 0 || !Number.isSafeInteger(count) || (count as number) < 0) return fail('watch-blocks needs a first block and a count');
      if (client !== undefined && (!Number.isSafeInteger(client) || (client as number) < 0)) return fail('watch-blocks names its front end by a number');
      return { ok: true, command: { kind, first: first as number, count: count as number, ...(client === undefined ? {} : { client: client as number }) } };
    }
    case 'set-condition': {
      const bp = raw['breakpoint'];
      const condition = raw['condition'];
      if (!Number.isSafeInteger(bp) || (bp as number) < 1 || !text(condition) || /[\r\n]/.test(condition)) return fail('set-condition needs a breakpoint number and a one-line condition');
      return { ok: true, command: { kind, breakpoint: bp as number, condition } };
    }
    case 'upload': {
      const list = raw['files'];
      if (!Array.isArray(list) || list.length === 0 || list.length > MAX_UPLOAD_FILES) return fail(`upload takes the dropped files: 1 to ${MAX_UPLOAD_FILES} of {name, text}`);
      const files: { name: string; text: string }[] = [];
      for (const f of list as unknown[]) {
        if (!isRecord(f) || typeof f['name'] !== 'string' || typeof f['text'] !== 'string') return fail('upload takes files of {name, text}');
        files.push({ name: f['name'], text: f['text'] });
      }
      const refused = uploadSetRefusal(files.map((f) => f.name));
      if (refused) return fail(`upload: ${refused}`);
      if (files.reduce((n, f) => n + f.text.length, 0) > MAX_UPLOAD) return fail(`upload takes at most ${MAX_UPLOAD / 1024} KiB of source`);
      return { ok: true, command: { kind, files } };
    }
    case 'interrupt':
    case 'sync':
    case 'list-files':
      return { ok: true, command: { kind } };
    default:
      return fail(`unknown command kind ${JSON.stringify(kind).slice(0, 40)}`);
  }
}

/** Parses a JSON text message into a command (transports that carry text use this). */
export function parseCommandText(data: string): Parsed {
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return fail('a message is one JSON object');
  }
  return parseCommand(raw);
}
