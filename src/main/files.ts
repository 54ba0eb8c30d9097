import { statSync } from 'node:fs';
import { basename, dirname, isAbsolute } from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import type { OpenTarget } from '../protocol/messages.js';
import { targetOf } from '../host/recent-files.js';

/*
 * What the window may open besides File > Open's choice: a file dropped on it (its path, which
 * the preload read from the dropped File; the page could send any string, so it is checked here)
 * and a recent file. Both must be an existing .cu or .trace file named by an absolute path.
 */

/** The target a dropped path opens, or why it does not. */
export function droppedTarget(raw: unknown): OpenTarget | string {
  if (typeof raw !== 'string' || raw === '') return 'only files from disk can be dropped here';
  if (!isAbsolute(raw) || raw.length > 4096) return 'a dropped file needs an absolute path';
  if (!/\.(cu|trace)$/.test(raw)) return `only .cu and .trace files can be opened, not '${basename(raw)}'`;
  try {
    if (!statSync(raw).isFile()) return `'${raw}' is not a file`;
  } catch {
    return `cannot read '${raw}'`;
  }
  return targetOf(raw);
}

/** File > Open Recent: the recent files (name, then folder), and Clear. */
export function recentMenu(recent: readonly string[], open: (path: string) => void, clear: () => void): MenuItemConstructorOptions {
  const items: MenuItemConstructorOptions[] = recent.map((p) => ({ label: `${basename(p)}  —  ${dirname(p)}`, click: () => open(p) }));
  return {
    label: 'Open Recent',
    submenu: [...(items.length ? items : [{ label: 'No recent files', enabled: false }]), { type: 'separator' }, { label: 'Clear Recently Opened', enabled: items.length > 0, click: clear }],
  };
}
