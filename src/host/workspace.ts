import { existsSync, mkdirSync, readFileSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { DroppedFile, FileListing, OpenTarget } from '../protocol/messages.js';
import { uploadSetRefusal } from '../protocol/validate.js';
import { OpenTracker, RecentFiles } from './recent-files.js';
import { DROPPED_DIR } from './dropped-includes.js';

/*
 * The browser host's files: the page may open .cu and .trace files under the folder
 * `warpscope serve` was started in and nothing else, since whoever holds the token names paths on
 * this machine. The Open menu lists them; recent files are kept in the folder's own
 * .warpscope/recent.json (only files of this folder are openable here, so a list shared with other
 * folders would offer what cannot open, and would show other projects to whoever holds the token);
 * a dropped program and the headers dropped with it are saved together in a folder of their own
 * under .warpscope/dropped/, under their plain names (so includes between them resolve), and the
 * program is opened from there.
 */

/** Folders the Open menu never descends into (dependencies, VCS data, build output). */
const SKIP = new Set(['node_modules', '.git', 'dist', 'out']);
/** The listing stops after this many files (a home folder served by mistake stays quick). */
const MAX_LISTED = 500;
const MAX_DEPTH = 6;

/** What an upload became: the target to open, or why not. */
export type Upload = { readonly ok: true; readonly target: OpenTarget } | { readonly ok: false; readonly error: string };

/** One served folder. */
export class Workspace {
  readonly root: string;
  private readonly recent: RecentFiles;
  /** Settles open requests into the recent list. */
  readonly tracker: OpenTracker;

  constructor(root: string) {
    this.root = realpathSync(root);
    this.recent = new RecentFiles(join(this.root, '.warpscope', 'recent.json'));
    this.tracker = new OpenTracker((path) => {
      const real = this.inside(path);
      if (real) this.recent.add(real);
    });
  }

  /** Why the page may not open `target`, or null when it may. */
  mayOpen(target: OpenTarget): string | null {
    if (!target.path.endsWith(target.kind === 'trace' ? '.trace' : '.cu')) return 'only .cu and .trace files can be opened';
    if (!existsSync(resolve(this.root, target.path))) return `cannot read '${target.path}'`;
    return this.inside(target.path) ? null : `'${target.path}' is outside the folder warpscope serve was started in`;
  }

  /** The Open menu: openable files under the folder and the recent ones that still are, as paths relative to it. */
  listing(): FileListing {
    const files: string[] = [];
    const walk = (dir: string, depth: number): void => {
      let entries;
      try {
        entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
      } catch {
        return;
      }
      for (const e of entries) {
        if (files.length >= MAX_LISTED) return;
        const path = join(dir, e.name);
        // Hidden folders hold no programs, except the dropped files this host saved.
        if (e.isDirectory() && depth < MAX_DEPTH && !SKIP.has(e.name) && (!e.name.startsWith('.') || e.name === '.warpscope' || (e.name === 'dropped' && dir.endsWith('.warpscope')))) walk(path, depth + 1);
        else if (e.isFile() && /\.(cu|trace)$/.test(e.name)) files.push(relative(this.root, path).split(sep).join('/'));
      }
    };
    walk(this.root, 0);
    const recent = this.recent.list().flatMap((p) => (existsSync(p) && this.inside(p) ? [relative(this.root, p).split(sep).join('/')] : []));
    return { folder: this.root, files, recent };
  }

  /** Saves a dropped program and its headers in one folder, .warpscope/dropped/NAME/ (NAME-2/ and so on when one holds other content), and returns the program to open. */
  upload(files: readonly DroppedFile[]): Upload {
    const refused = uploadSetRefusal(files.map((f) => f.name));
    if (refused) return { ok: false, error: refused };
    const program = files.find((f) => f.name.endsWith('.cu'))!;
    const stem = program.name.slice(0, -3);
    const base = join(this.root, ...DROPPED_DIR.split('/'));
    try {
      for (let n = 1; n < 100; n++) {
        const dir = join(base, n === 1 ? stem : `${stem}-${n}`);
        // A folder is reused only when each file there is what was dropped (the same drop again).
        if (files.some((f) => existsSync(join(dir, f.name)) && readFileSync(join(dir, f.name), 'utf8') !== f.text)) continue;
        mkdirSync(dir, { recursive: true });
        for (const f of files) if (!existsSync(join(dir, f.name))) writeFileSync(join(dir, f.name), f.text, { flag: 'wx' });
        return { ok: true, target: { kind: 'source', path: relative(this.root, join(dir, program.name)).split(sep).join('/') } };
      }
      return { ok: false, error: `too many dropped programs named ${program.name}: clear ${base}` };
    } catch (e) {
      return { ok: false, error: `cannot save the dropped files: ${e instanceof Error ? e.message : String(e)}` };
    }
  }

  /** The real path of `path` (relative to the folder) when it lies under the folder, else null. */
  private inside(path: string): string | null {
    let real: string;
    try {
      real = realpathSync(resolve(this.root, path));
    } catch {
      return null;
    }
    const rel = relative(this.root, real);
    return rel === '' || rel.startsWith('..') || isAbsolute(rel) ? null : real;
  }
}
