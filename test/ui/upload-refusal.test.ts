import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD } from '../../src/protocol/validate.js';
import { uploadRefusal } from '../../src/renderer/src/client/ws-client.js';
import { droppedProgram } from '../../src/renderer/src/client/session-client.js';

/* What a browser page refuses to upload when files are dropped on it, before anything is sent, and what the window opens of them. */

describe('dropped file uploads', () => {
  it('a browser uploads only a .cu file with a plain name and a bounded size', () => {
    const one = (name: string, size: number): string | null => uploadRefusal([{ name, size }]);
    expect(one('k.cu', 100)).toBeNull();
    expect(one('run.trace', 100)).toMatch(/^run\.trace: a trace cannot be uploaded from the browser; copy it under the folder/);
    expect(one('notes.txt', 1)).toBe('notes.txt: only .cu and .trace files can be opened (a .cu with the headers it includes)');
    expect(one('my prog.cu', 1)).toMatch(/rename it/);
    expect(one('big.cu', MAX_UPLOAD + 1)).toBe('big.cu: a dropped source file may be at most 256 KiB');
  });

  it('uploads a .cu file together with the headers it includes, one program at a time', () => {
    expect(uploadRefusal([{ name: 'neighbour.h', size: 10 }, { name: 'prog.cu', size: 100 }, { name: 'more.cuh', size: 10 }])).toBeNull();
    expect(uploadRefusal([{ name: 'neighbour.h', size: 10 }])).toBe('drop a .cu file together with its headers: a header alone is no program');
    expect(uploadRefusal([{ name: 'a.cu', size: 10 }, { name: 'b.cu', size: 10 }])).toBe('drop one .cu file at a time (with the headers it includes)');
    expect(uploadRefusal([{ name: 'a.cu', size: 10 }, { name: 'x.trace', size: 10 }])).toMatch(/^x\.trace: a trace cannot be uploaded/);
    expect(uploadRefusal([{ name: 'a.cu', size: MAX_UPLOAD / 2 }, { name: 'a.h', size: MAX_UPLOAD / 2 + 1 }])).toBe('the dropped files may be at most 256 KiB together');
  });

  it('the window opens the one program among the files dropped on it, where it lies', () => {
    const f = (name: string): { name: string } => ({ name });
    expect(droppedProgram([f('n.h'), f('p.cu')])).toEqual(f('p.cu'));
    expect(droppedProgram([f('run.trace')])).toEqual(f('run.trace'));
    expect(droppedProgram([f('n.h')])).toBe('n.h: only .cu and .trace files can be opened');
    expect(droppedProgram([f('a.cu'), f('b.cu')])).toBe('drop one program (.cu or .trace) at a time');
  });
});
