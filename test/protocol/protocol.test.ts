import { describe, expect, it } from 'vitest';
import { parseCommand, parseCommandText } from '../../src/protocol/validate.js';
import { SessionMirror } from '../../src/protocol/mirror.js';

describe('command validation', () => {
  it('accepts every well-formed command as it is', () => {
    const good = [
      { kind: 'open', target: { kind: 'source', path: 'a.cu' } },
      { kind: 'open', target: { kind: 'trace', path: 't.trace' } },
      { kind: 'console', line: 'print Ads[1]' },
      { kind: 'console', line: 'kill', button: true },
      { kind: 'toggle-breakpoint', file: 'a.cu', line: 12 },
      { kind: 'motion', motion: 'reverse-continue' },
      { kind: 'goto', step: 0 },
      { kind: 'interrupt' },
      { kind: 'complete', line: 'info cu' },
      { kind: 'sync' },
    ];
    for (const c of good) expect(parseCommand(c)).toEqual({ ok: true, command: c });
  });

  it('refuses malformed ones with a reason, never throwing', () => {
    const bad: unknown[] = [null, 3, [], {}, { kind: 'rm -rf' }, { kind: 'console' }, { kind: 'console', line: 'run\nkill' }, { kind: 'console', line: 'x'.repeat(5000) },
      { kind: 'toggle-breakpoint', file: 'a.cu', line: 0 }, { kind: 'toggle-breakpoint', file: 'a.cu', line: 1.5 }, { kind: 'motion', motion: 'jump' }, { kind: 'goto', step: -1 },
      { kind: 'open', target: { kind: 'exe', path: '/bin/sh' } }, { kind: 'open', target: { kind: 'source', path: '' } }, { kind: '__proto__' }];
    for (const b of bad) {
      const p = parseCommand(b);
      expect(p.ok, JSON.stringify(b)).toBe(false);
    }
    expect(parseCommandText('{not json')).toEqual({ ok: false, error: 'a message is one JSON object' });
  });

  it('drops fields a command does not have', () => {
    expect(parseCommand({ kind: 'console', line: 'next', extra: { evil: true } })).toEqual({ ok: true, command: { kind: 'console', line: 'next' } });
  });
});

describe('session mirror', () => {
  it('replays what a late front end needs, newest transcript last', () => {
    const m = new SessionMirror();
    m.apply({ kind: 'opened', mode: 'live', title: 'a.cu', mainFile: 'a.cu', files: [{ path: 'a.cu', text: 'int main() {}' }] });
    m.apply({ kind: 'command', line: 'run' });
    m.apply({ kind: 'output', text: 'Starting program\n' });
    m.apply({ kind: 'program-output', reset: false, chunks: [{ stream: 'stdout', text: 'hi\n' }] });
    m.apply({ kind: 'program-output', reset: false, chunks: [{ stream: 'stderr', text: 'oops\n' }] });
    m.apply({ kind: 'stopped', stop: { step: 3, focus: { kind: 'host' }, file: 'a.cu', line: 1 } });
    expect(m.replay().map((e) => e.kind)).toEqual(['opened', 'program-output', 'command', 'output', 'stopped', 'busy']);
    expect(m.replay()[1]).toEqual({ kind: 'program-output', reset: true, chunks: [{ stream: 'stdout', text: 'hi\n' }, { stream: 'stderr', text: 'oops\n' }] });
  });

  it('keeps only the newest console text', () => {
    const m = new SessionMirror();
    for (let i = 0; i < 300; i++) m.apply({ kind: 'output', text: `${i}`.padEnd(1000, '.') });
    const kept = m.replay().filter((e) => e.kind === 'output');
    expect(kept.length).toBe(200);
    expect(kept.at(-1)).toMatchObject({ text: expect.stringMatching(/^299/) });
  });
});
