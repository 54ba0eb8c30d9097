import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD, parseCommand } from '../../src/protocol/validate.js';
import { SessionMirror } from '../../src/protocol/mirror.js';
import { viewerRefusal } from '../../src/host/viewer-commands.js';

/*
 * The commands of the gutter's condition editor, the Open menu and dropped files cross the same
 * trust boundary as the rest: checked field by field, refused to classroom viewers, and the
 * other-warps markers replayed to a late front end.
 */

describe('condition, file list and upload commands', () => {
  it('accepts well-formed ones as they are', () => {
    for (const cmd of [{ kind: 'set-condition', breakpoint: 2, condition: 'i == 3' }, { kind: 'set-condition', breakpoint: 1, condition: '' }, { kind: 'list-files' }, { kind: 'upload', files: [{ name: 'prog_2.cu', text: '__global__ void k() {}\n' }] }, { kind: 'upload', files: [{ name: 'n.cuh', text: '' }, { name: 'p.cu', text: '#include "n.cuh"\n' }] }] as const) {
      expect(parseCommand(cmd)).toEqual({ ok: true, command: cmd });
    }
  });

  it('refuses malformed ones with a reason', () => {
    const bad: unknown[] = [
      { kind: 'set-condition', breakpoint: 0, condition: 'i' },
      { kind: 'set-condition', breakpoint: 1.5, condition: 'i' },
      { kind: 'set-condition', breakpoint: 1, condition: 'i == 1\nrun' },
      { kind: 'set-condition', breakpoint: 1 },
      { kind: 'upload', files: [{ name: '../etc/x.cu', text: '' }] },
      { kind: 'upload', files: [{ name: 'dir/x.cu', text: '' }] },
      { kind: 'upload', files: [{ name: '.hidden.cu', text: '' }] },
      { kind: 'upload', files: [{ name: 'x.trace', text: '' }] },
      { kind: 'upload', files: [{ name: 'x.cu', text: 'a'.repeat(MAX_UPLOAD + 1) }] },
      { kind: 'upload', files: [{ name: 'x.cu', text: 'a'.repeat(MAX_UPLOAD / 2) }, { name: 'x.h', text: 'a'.repeat(MAX_UPLOAD / 2 + 1) }] },
      { kind: 'upload', files: [{ name: 'x.cu' }] },
      { kind: 'upload', files: [{ name: 'x.h', text: '' }] },
      { kind: 'upload', files: [{ name: 'x.cu', text: '' }, { name: 'y.cu', text: '' }] },
      { kind: 'upload', files: [{ name: 'x.cu', text: '' }, { name: 'x.cu', text: '' }] },
      { kind: 'upload', files: [] },
      { kind: 'upload', files: Array.from({ length: 40 }, (_, i) => ({ name: `h${i}.h`, text: '' })) },
      { kind: 'upload', name: 'x.cu', text: '' },
    ];
    for (const raw of bad) expect(parseCommand(raw)).toMatchObject({ ok: false, error: expect.any(String) });
  });

  it('are refused to a classroom viewer', () => {
    expect(viewerRefusal({ kind: 'set-condition', breakpoint: 1, condition: 'i' })).toBe("breakpoints are the presenter's to set");
    expect(viewerRefusal({ kind: 'list-files' })).toBe('the presenter chooses the program');
    expect(viewerRefusal({ kind: 'upload', files: [{ name: 'x.cu', text: '' }] })).toBe('the presenter chooses the program');
  });
});

describe('mirror of the other-warps markers', () => {
  it('replays the latest, and forgets them when another program opens', () => {
    const m = new SessionMirror();
    m.apply({ kind: 'opened', mode: 'live', title: 't.cu', mainFile: 't.cu', files: [] });
    m.apply({ kind: 'warp-lines', lines: [{ file: 't.cu', line: 18, warps: [1, 2] }] });
    m.apply({ kind: 'warp-lines', lines: [{ file: 't.cu', line: 20, warps: [0] }] });
    expect(m.replay().filter((e) => e.kind === 'warp-lines')).toEqual([{ kind: 'warp-lines', lines: [{ file: 't.cu', line: 20, warps: [0] }] }]);
    m.apply({ kind: 'opened', mode: 'live', title: 'u.cu', mainFile: 'u.cu', files: [] });
    expect(m.replay().some((e) => e.kind === 'warp-lines')).toBe(false);
  });
});
