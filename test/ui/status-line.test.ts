import { describe, expect, it } from 'vitest';
import { modeLabel, statusLine, toolbarTitle } from '../../src/renderer/src/status-line.js';
import { initialState, type SessionState } from '../../src/renderer/src/store/session-store.js';

/* The status bar's words, for the one who drives the session and for a classroom viewer. */

const open: SessionState = { ...initialState, connection: 'open', mode: 'live' };

describe('status line', () => {
  it('tells the driver to press F5 and a classroom viewer that the presenter runs the program', () => {
    expect(statusLine(open)).toBe('Not running · F5 runs the program');
    expect(statusLine({ ...open, role: 'presenter' })).toBe('Not running · F5 runs the program');
    expect(statusLine({ ...open, role: 'viewer' })).toBe('Not running · the presenter runs the program');
    expect(statusLine({ ...open, mode: null })).toBe('No program open');
    expect(statusLine({ ...open, exit: { status: 0 } })).toBe('Exited with status 0');
  });

  it('tells a viewer the presenter\'s program runs once it has run a while', () => {
    const viewer: SessionState = { ...open, role: 'viewer', stop: { step: 3, focus: { kind: 'host' }, file: 'a.cu', line: 7 } };
    expect(statusLine({ ...viewer, presenterBusy: true })).toBe('Stopped at step 3 · host thread · a.cu:7');
    expect(statusLine({ ...viewer, presenterBusy: true, running: true })).toBe('Running… · the presenter runs the program');
  });

  it('says a viewer records nothing of a live program', () => {
    expect(modeLabel(open)).toBe('live · recording');
    expect(modeLabel({ ...open, role: 'viewer' })).toBe('');
    // A viewer's session replays the presenter's trace; to a student it follows the presenter.
    expect(modeLabel({ ...open, mode: 'replay', role: 'viewer' })).toBe('');
    expect(modeLabel({ ...open, mode: 'replay' })).toBe('replaying a trace');
  });

  it('titles a viewer\'s window by the presenter\'s program, not the trace it reads', () => {
    const replay: SessionState = { ...open, mode: 'replay', title: 'avgfilter.trace', mainFile: '/tmp/class/avgfilter.cu' };
    expect(toolbarTitle({ ...replay, role: 'viewer' })).toBe('avgfilter.cu · following the presenter (classroom)');
    expect(toolbarTitle({ ...replay, role: 'presenter', mode: 'live', title: 'avgfilter.cu' })).toBe('avgfilter.cu');
    expect(toolbarTitle(replay)).toBe('avgfilter.trace');
  });

  it('says the program is stopped where it would hang, not live and recording', () => {
    const bar = { id: 0, stream: 0, kind: 'kernel', name: 'Average', start: 0, end: 10, fromStep: 4, toStep: 90, launch: 0 } as const;
    const at = (step: number, failed?: 'deadlock' | 'step-limit' | 'fault'): SessionState => ({
      ...open,
      stop: { step, focus: { kind: 'host' }, file: 'a.cu', line: 26 },
      timeline: { bars: [{ ...bar, ...(failed ? { failed } : {}) }], steps: 90, complete: true },
    });
    expect(modeLabel(at(90, 'deadlock'))).toBe('stopped · deadlock: the program would hang here');
    expect(modeLabel({ ...at(90, 'deadlock'), role: 'viewer' })).toBe('stopped · deadlock: the program would hang here');
    expect(modeLabel(at(90, 'step-limit'))).toBe('stopped · hung: the kernel never finishes, the program would hang here');
    // Earlier in the run (a goto back), after a fault, or in a run that ended: live as before.
    expect(modeLabel(at(50, 'deadlock'))).toBe('live · recording');
    expect(modeLabel(at(90, 'fault'))).toBe('live · recording');
    expect(modeLabel(at(90))).toBe('live · recording');
  });
});
