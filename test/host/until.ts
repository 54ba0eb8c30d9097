import type { SessionEvent } from '../../src/protocol/messages.js';

/** The first event `test` accepts among those heard so far, waiting up to `ms` for it; throws naming what was heard. */
export async function until(events: SessionEvent[], test: (e: SessionEvent) => boolean, ms = 20_000): Promise<SessionEvent> {
  const end = Date.now() + ms;
  for (;;) {
    const e = events.find(test);
    if (e) return e;
    if (Date.now() > end) throw new Error(`no such event in ${JSON.stringify(events.map((x) => x.kind))}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
