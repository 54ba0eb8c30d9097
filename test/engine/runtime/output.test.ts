import { describe, expect, it } from 'vitest';
import { ProgramOutput } from '../../../src/engine/runtime/output.js';

function capture(): { out: string[]; err: string[]; o: ProgramOutput } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, o: new ProgramOutput({ stdout: (t) => out.push(t), stderr: (t) => err.push(t) }) };
}

describe('stdio buffering of a piped stdout', () => {
  it('holds stdout until a flush, while stderr goes out at once', () => {
    const { out, err, o } = capture();
    o.writeStdout('a\n');
    o.writeStderr('e\n');
    expect(out).toEqual([]);
    expect(err).toEqual(['e\n']);
    o.flush();
    expect(out).toEqual(['a\n']);
  });

  it('writes whole 4096-byte buffers as they fill', () => {
    const { out, o } = capture();
    o.writeStdout('x'.repeat(5000));
    expect(out.map((s) => s.length)).toEqual([4096]);
    o.flush();
    expect(out.map((s) => s.length)).toEqual([4096, 904]);
  });

  it('loses the buffer when the process dies on a signal', () => {
    const { out, o } = capture();
    o.writeStdout('lost');
    o.discard();
    o.flush();
    expect(out).toEqual([]);
  });
});
