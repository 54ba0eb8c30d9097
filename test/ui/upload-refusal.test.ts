import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD } from '../../src/protocol/validate.js';
import { uploadRefusal } from '../../src/renderer/src/client/ws-client.js';

/* What a browser page refuses to upload when a file is dropped on it, before anything is sent. */

describe('dropped file uploads', () => {
  it('a browser uploads only a .cu file with a plain name and a bounded size', () => {
    expect(uploadRefusal({ name: 'k.cu', size: 100 })).toBeNull();
    expect(uploadRefusal({ name: 'run.trace', size: 100 })).toMatch(/^run\.trace: a trace cannot be uploaded from the browser; copy it under the folder/);
    expect(uploadRefusal({ name: 'notes.txt', size: 1 })).toBe('notes.txt: only .cu and .trace files can be opened');
    expect(uploadRefusal({ name: 'my prog.cu', size: 1 })).toMatch(/rename it/);
    expect(uploadRefusal({ name: 'big.cu', size: MAX_UPLOAD + 1 })).toBe('big.cu: a dropped source file may be at most 256 KiB');
  });
});
