import type { SessionCommand } from '../../protocol/messages';
import type { SessionState } from './store/session-store';

/*
 * The debugger's actions as the toolbar and the keyboard offer them (VS Code's keys), each the
 * session command it sends; the session echoes it in the console as the cuda-gdb command it is.
 */

/** A toolbar button and its key. */
export interface Action {
  readonly id: string;
  readonly label: string;
  /** The key as shown in the tooltip. */
  readonly keyLabel: string;
  /** Whether a keydown is this action's key. */
  readonly key: (e: KeyLike) => boolean;
  /** The command to send now, or null when the action does not apply. */
  readonly command: (s: SessionState) => SessionCommand | null;
}

/** The parts of a KeyboardEvent the keymap reads. */
export interface KeyLike {
  readonly key: string;
  readonly shiftKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
}

const plain = (name: string) => (e: KeyLike) => e.key === name && !e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey;
const shift = (name: string) => (e: KeyLike) => e.key === name && e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey;
const ctrl = (name: string) => (e: KeyLike) => e.key === name && !e.shiftKey && (e.ctrlKey || e.metaKey) && !e.altKey;
const ctrlShift = (name: string) => (e: KeyLike) => e.key === name && e.shiftKey && (e.ctrlKey || e.metaKey) && !e.altKey;

/** Whether the program stands somewhere and no command is running. */
const stopped = (s: SessionState): boolean => s.stop !== null && !s.busy;
// A classroom viewer follows the presenter: the motions are the presenter's.
const ready = (s: SessionState): boolean => s.mode !== null && !s.busy && s.connection === 'open' && s.role !== 'viewer';

const motion = (m: 'next' | 'step' | 'finish' | 'reverse-step' | 'reverse-next' | 'reverse-continue') => (s: SessionState): SessionCommand | null => (stopped(s) && ready(s) ? { kind: 'motion', motion: m } : null);

export const ACTIONS: readonly Action[] = [
  { id: 'continue', label: 'Run / Continue', keyLabel: 'F5', key: plain('F5'), command: (s) => (ready(s) ? { kind: 'motion', motion: s.stop ? 'continue' : 'run' } : null) },
  { id: 'next', label: 'Next', keyLabel: 'F10', key: plain('F10'), command: motion('next') },
  { id: 'step', label: 'Step', keyLabel: 'F11', key: plain('F11'), command: motion('step') },
  { id: 'finish', label: 'Finish', keyLabel: 'Shift+F11', key: shift('F11'), command: motion('finish') },
  { id: 'reverse-step', label: 'Reverse step', keyLabel: 'Ctrl+F11', key: ctrl('F11'), command: motion('reverse-step') },
  { id: 'reverse-next', label: 'Reverse next', keyLabel: 'Ctrl+F10', key: ctrl('F10'), command: motion('reverse-next') },
  { id: 'reverse-continue', label: 'Reverse continue', keyLabel: 'Ctrl+Shift+F5', key: ctrlShift('F5'), command: motion('reverse-continue') },
  { id: 'interrupt', label: 'Pause', keyLabel: 'Ctrl+C in the console', key: () => false, command: (s) => (s.busy ? { kind: 'interrupt' } : null) },
  // Stop works at any time, as VS Code's does: the session interrupts a running command for it.
  { id: 'kill', label: 'Stop', keyLabel: 'Shift+F5', key: shift('F5'), command: (s) => ((s.stop !== null || s.busy) && s.mode !== null && s.connection === 'open' && s.role !== 'viewer' ? { kind: 'console', line: 'kill', button: true } : null) },
];

/** The action a key stands for, if any. */
export function actionForKey(e: KeyLike): Action | null {
  return ACTIONS.find((a) => a.key(e)) ?? null;
}
