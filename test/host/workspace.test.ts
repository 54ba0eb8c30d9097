import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Workspace } from '../../src/host/workspace.js';
import { MAX_RECENT, OpenTracker, RecentFiles } from '../../src/host/recent-files.js';

/*
 * The browser host's folder: what the Open menu lists, what the page may open (nothing outside
 * the folder, links included), where recent files and dropped files are kept.
 */

function folder(): string {
  const root = mkdtempSync(join(tmpdir(), 'ws-folder-'));
  mkdirSync(join(root, 'sub'));
  mkdirSync(join(root, 'node_modules', 'x'), { recursive: true });
  mkdirSync(join(root, '.git'));
  writeFileSync(join(root, 'a.cu'), 'int main() { return 0; }\n');
  writeFileSync(join(root, 'sub', 'b.trace'), '');
  writeFileSync(join(root, 'sub', 'notes.txt'), '');
  writeFileSync(join(root, 'node_modules', 'x', 'dep.cu'), '');
  writeFileSync(join(root, '.git', 'hidden.cu'), '');
  return root;
}

describe('workspace of warpscope serve', () => {
  it('lists .cu and .trace files under the folder, skipping dependencies and hidden folders', () => {
    const w = new Workspace(folder());
    expect(w.listing()).toEqual({ folder: w.root, files: ['a.cu', 'sub/b.trace'], recent: [] });
  });

  it('opens only .cu/.trace files inside the folder, following links to where they lead', () => {
    const root = folder();
    const outside = mkdtempSync(join(tmpdir(), 'ws-outside-'));
    writeFileSync(join(outside, 'evil.cu'), '');
    symlinkSync(join(outside, 'evil.cu'), join(root, 'link.cu'));
    const w = new Workspace(root);
    expect(w.mayOpen({ kind: 'source', path: 'a.cu' })).toBeNull();
    expect(w.mayOpen({ kind: 'trace', path: 'sub/b.trace' })).toBeNull();
    expect(w.mayOpen({ kind: 'source', path: 'sub/notes.txt' })).toBe('only .cu and .trace files can be opened');
    expect(w.mayOpen({ kind: 'trace', path: 'a.cu' })).toBe('only .cu and .trace files can be opened');
    expect(w.mayOpen({ kind: 'source', path: join(outside, 'evil.cu') })).toBe(`'${join(outside, 'evil.cu')}' is outside the folder warpscope serve was started in`);
    expect(w.mayOpen({ kind: 'source', path: '../x.cu' })).toBe("cannot read '../x.cu'");
    expect(w.mayOpen({ kind: 'source', path: 'link.cu' })).toBe("'link.cu' is outside the folder warpscope serve was started in");
  });

  it('keeps what opened (not what failed) in .warpscope/recent.json, most recent first', () => {
    const w = new Workspace(folder());
    w.tracker.requested({ kind: 'source', path: 'a.cu' });
    w.tracker.requested({ kind: 'trace', path: 'sub/b.trace' });
    w.tracker.event({ kind: 'opened', mode: 'live', title: 'a.cu', mainFile: 'a.cu', files: [] });
    w.tracker.event({ kind: 'open-failed', message: 'not a trace' });
    w.tracker.requested({ kind: 'trace', path: 'sub/b.trace' });
    w.tracker.event({ kind: 'output', text: 'unrelated' });
    w.tracker.event({ kind: 'opened', mode: 'replay', title: 'b.trace', mainFile: 'b.cu', files: [] });
    expect(w.listing().recent).toEqual(['sub/b.trace', 'a.cu']);
    expect(JSON.parse(readFileSync(join(w.root, '.warpscope', 'recent.json'), 'utf8'))).toEqual([join(w.root, 'sub/b.trace'), join(w.root, 'a.cu')]);
    // A new server on the folder offers the same.
    expect(new Workspace(w.root).listing().recent).toEqual(['sub/b.trace', 'a.cu']);
  });

  it('saves a dropped source in a folder of its own under .warpscope/dropped/, reusing one of the same content and making another for other content', () => {
    const w = new Workspace(folder());
    const one = (name: string, text: string) => w.upload([{ name, text }]);
    expect(one('k.cu', 'one')).toEqual({ ok: true, target: { kind: 'source', path: '.warpscope/dropped/k/k.cu' } });
    expect(one('k.cu', 'one')).toEqual({ ok: true, target: { kind: 'source', path: '.warpscope/dropped/k/k.cu' } });
    expect(one('k.cu', 'two')).toEqual({ ok: true, target: { kind: 'source', path: '.warpscope/dropped/k-2/k.cu' } });
    expect(readFileSync(join(w.root, '.warpscope/dropped/k-2/k.cu'), 'utf8')).toBe('two');
    expect(one('../k.cu', 'x')).toMatchObject({ ok: false });
    expect(one('k.trace', 'x')).toMatchObject({ ok: false });
    expect(w.mayOpen({ kind: 'source', path: '.warpscope/dropped/k/k.cu' })).toBeNull();
    expect(w.listing().files).toEqual(['.warpscope/dropped/k/k.cu', '.warpscope/dropped/k-2/k.cu', 'a.cu', 'sub/b.trace']);
  });

  it('saves a program dropped with its headers side by side, so its includes find them', () => {
    const w = new Workspace(folder());
    const prog = { name: 'p.cu', text: '#include "n.h"\n' };
    expect(w.upload([{ name: 'n.h', text: 'int n;\n' }, prog])).toEqual({ ok: true, target: { kind: 'source', path: '.warpscope/dropped/p/p.cu' } });
    expect(readFileSync(join(w.root, '.warpscope/dropped/p/n.h'), 'utf8')).toBe('int n;\n');
    // The program again, alone: its folder still holds the header dropped with it before.
    expect(w.upload([prog])).toEqual({ ok: true, target: { kind: 'source', path: '.warpscope/dropped/p/p.cu' } });
    // Another version of the header: another folder, never an overwritten one.
    expect(w.upload([prog, { name: 'n.h', text: 'int m;\n' }])).toEqual({ ok: true, target: { kind: 'source', path: '.warpscope/dropped/p-2/p.cu' } });
    expect(readFileSync(join(w.root, '.warpscope/dropped/p/n.h'), 'utf8')).toBe('int n;\n');
    expect(w.upload([{ name: 'n.h', text: '' }])).toEqual({ ok: false, error: 'drop a .cu file together with its headers: a header alone is no program' });
    expect(w.upload([prog, { name: 'q.cu', text: '' }])).toEqual({ ok: false, error: 'drop one .cu file at a time (with the headers it includes)' });
  });

  it('recent files: a broken file reads as empty, and the list keeps the newest few', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ws-recent-')), 'r.json');
    writeFileSync(file, '{not json');
    const r = new RecentFiles(file);
    expect(r.list()).toEqual([]);
    for (let i = 0; i < MAX_RECENT + 3; i++) r.add(`/p/${i}.cu`);
    r.add('/p/5.cu');
    expect(new RecentFiles(file).list()).toEqual(['/p/5.cu', '/p/12.cu', '/p/11.cu', '/p/10.cu', '/p/9.cu', '/p/8.cu', '/p/7.cu', '/p/6.cu', '/p/4.cu', '/p/3.cu']);
    const t = new OpenTracker(() => {
      throw new Error('nothing was requested');
    });
    t.event({ kind: 'opened', mode: 'live', title: '', mainFile: '', files: [] });
  });
});
