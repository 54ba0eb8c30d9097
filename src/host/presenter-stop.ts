import type { DebugSession } from '../debug/session.js';
import { faultStop, faultStops } from '../debug/fault-stop.js';
import { sanitizerStop, sanitizerStops } from '../debug/sanitize/commands.js';
import type { StopView } from '../protocol/messages.js';

/*
 * A classroom viewer reaches the presenter's stop the way the presenter did when that stop was
 * an event of the run: a CUDA exception raised or a sanitizer's finding reported. A goto to the
 * same step would only stand there, without the message, the faulted lane or the diagnostic the
 * presenter's window shows for it.
 */

/** Makes the presenter's exception or sanitizer `stop` in the viewer's session `s`; false when `stop` is neither (or `s` stands at it already), for a goto to do. */
export function raisePresenterStop(s: DebugSession, stop: StopView): boolean {
  if (stop.sanitizer) {
    // A replay stops at the findings of every tool it was recorded with, as the presenter's session did.
    const rows = sanitizerStops(s).get(stop.step);
    if (rows && s.sanitizerStop === stop.step && s.pos === stop.step) return true;
    if (rows) {
      sanitizerStop(s, stop.step, rows);
      return true;
    }
  }
  if (stop.exception) {
    const site = faultStops(s).get(stop.step);
    if (site && s.faultStop === stop.step && s.pos === stop.step) return true;
    if (site) {
      faultStop(s, site);
      return true;
    }
  }
  return false;
}
