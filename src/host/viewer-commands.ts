import type { SessionCommand } from '../protocol/messages.js';

/*
 * What a classroom viewer may do: look (print, x, info, list, backtrace, frames) and move its
 * own focus (cuda block/thread), never move in time or change the program: the presenter's
 * position moves every viewer, and a viewer's commands must not look as if they could move it.
 */

/** Commands (and gdb's abbreviations of them) that only read the state at the viewer's position. */
const READ_ONLY = new Set([
  'print', 'p', 'inspect', 'output', 'x', 'whatis', 'ptype', 'list', 'l', 'backtrace', 'bt', 'where', 'frame', 'f', 'up', 'down',
  'history', 'cuda', 'info', 'i', 'help', 'display', 'disp', 'undisplay',
]);

/** Why a viewer may not send `cmd`, or null when it may. */
export function viewerRefusal(cmd: SessionCommand): string | null {
  switch (cmd.kind) {
    case 'console': {
      const m = /^\s*([A-Za-z][\w-]*|x(?=\/))/.exec(cmd.line);
      if (!m || READ_ONLY.has(m[1]!)) return null;
      return `"${m[1]}" is the presenter's to do: a viewer follows the presenter and may inspect (print, x, info, list, backtrace, cuda block/thread)`;
    }
    case 'motion':
    case 'goto':
      return 'the presenter moves the program: a viewer follows';
    case 'toggle-breakpoint':
      return 'breakpoints are the presenter\'s to set';
    case 'set-condition':
      return 'breakpoints are the presenter\'s to set';
    case 'open':
    case 'upload':
    case 'list-files':
      return 'the presenter chooses the program';
    case 'interrupt':
    case 'complete':
    case 'sync':
    // Which blocks a viewer's grid shows is its own business.
    case 'watch-blocks':
      return null;
  }
}
