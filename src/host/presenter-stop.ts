import type { DebugSession } from '../debug/session.js';
import { faultStop, faultStops } from '../debug/fault-stop.js';
import { sanitizerStop, sanitizerStops } from '../debug/sanitize/commands.js';
import { hangSite, hangStop } from '../debug/hang-stop.js';
import type { StopView } from '../protocol/messages.js';

/*
 * A classroom viewer reaches the presenter's stop the way the presenter did when that stop was
 * an event of the run: a CUDA exception raised or a sanitizer's finding reported. A goto to the
 * same step would only stand there, without the message, the faulted lane or the diagnostic the
 * presenter's window shows for it. A hung kernel's stop stands after the last statement, where
 * no goto reaches at all.
 */

/** Makes the presenter's exception, sanitizer or hang `stop` in the viewer's session `s`; false when `stop` is none of them, for a goto to do. */
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
  const hung = s.trace ? hangSite(s.trace) : null;
  if (hung && stop.step === hung.step) {
    if (s.pos !== hung.step) hangStop(s, hung);
    return true;
  }
  return false;
}
