import type { SessionState } from './store/session-store';
import type { TimelineBar } from '../../protocol/messages';

/*
 * The status bar's first words: where the session stands. A classroom viewer is not told to
 * press keys that are the presenter's (its F5 does nothing): it is told it waits for them.
 */

/** What the status bar says of the session `s`. */
export function statusLine(s: SessionState): string {
  if (s.connection === 'closed') return 'Disconnected from the session';
  if (s.connection === 'connecting') return 'Connecting…';
  if (s.busy) return 'Running…';
  // A viewer's window is told once the presenter's command has run a while: a print does not flash it.
  if (s.presenterBusy && s.running) return 'Running… · the presenter runs the program';
  if (s.stop) {
    const f = s.stop.frame;
    // After `up`, the panels show the caller's frame: the bar says which, as gdb's `frame` does.
    const frame = f ? ` · frame #${f.level} at ${f.file.split('/').pop()}:${f.line}` : '';
    return `Stopped at step ${s.stop.step} · ${s.stop.focus.kind === 'device' ? s.stop.focus.label : 'host thread'} · ${s.stop.file.split('/').pop()}:${s.stop.line}${frame}`;
  }
  if (s.exit) return `Exited with status ${s.exit.status ?? '? (recording interrupted)'}`;
  if (!s.mode) return 'No program open';
  return s.role === 'viewer' ? 'Not running · the presenter runs the program' : 'Not running · F5 runs the program';
}

/** The status bar's note of what the session reads: a trace, or a run it records (a viewer records nothing: it shows the presenter's). */
export function modeLabel(s: SessionState): string {
  // Stopped where a GPU would hang, nothing runs or records any more: not "live · recording".
  const hung = hangAt(s);
  if (hung) return `stopped · ${HANG_WORDS[hung]}`;
  // A viewer's session replays the presenter's recording, but to a student it follows the presenter (the role's note says so).
  if (s.role === 'viewer') return '';
  if (s.mode === 'replay') return 'replaying a trace';
  return s.mode === 'live' ? 'live · recording' : '';
}

/** The toolbar's title: the file open, or for a classroom viewer the presenter's program and that it follows them (not the trace file its session reads). */
export function toolbarTitle(s: SessionState): string {
  if (s.role !== 'viewer' || !s.mode) return s.title;
  const file = (s.mainFile || s.title).split(/[\\/]/).pop();
  return `${file} · following the presenter (classroom)`;
}

/** What the status bar says of a hang stop, by why the kernel never finishes. */
const HANG_WORDS: Readonly<Record<HangKind, string>> = {
  deadlock: 'deadlock: the program would hang here',
  'step-limit': 'hung: the kernel never finishes, the program would hang here',
};

/** A launch's failure that hangs the program (a fault ends it instead), as the timeline's bars name it. */
type HangKind = Exclude<NonNullable<TimelineBar['failed']>, 'fault'>;

/**
 * Why the session stands at its program's hang stop, or null when it does not: the debugger
 * stops after the last statement recorded (the recording's step count) when a launch deadlocked
 * or never finished, as cuda-gdb stops at the Ctrl-C that interrupts a hung program.
 */
export function hangAt(s: SessionState): HangKind | null {
  const t = s.timeline;
  if (!s.stop || !t || !t.complete || s.stop.step < t.steps) return null;
  const failed = t.bars.map((b) => b.failed).filter((f): f is HangKind => f === 'deadlock' || f === 'step-limit');
  return failed.pop() ?? null;
}
