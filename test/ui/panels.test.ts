import { describe, expect, it } from 'vitest';
import { render } from 'svelte/server';
import SourcePanel from '../../src/renderer/src/panels/SourcePanel.svelte';
import OutputPanel from '../../src/renderer/src/panels/OutputPanel.svelte';
import Toolbar from '../../src/renderer/src/panels/Toolbar.svelte';
import { SessionStore } from '../../src/renderer/src/store/session-store.js';
import type { SessionEvent } from '../../src/protocol/messages.js';

/*
 * Panels rendered from a session store fed with events (server-side rendering: what the
 * markup shows, without a browser; the browser tests click it).
 */

function storeWith(events: readonly SessionEvent[]): SessionStore {
  let emit: (e: SessionEvent) => void = () => {};
  const store = new SessionStore({ send: () => {}, onEvent: (l) => (emit = l), onConnection: (l) => l('open') });
  events.forEach((e) => emit(e));
  return store;
}

const opened: SessionEvent = { kind: 'opened', mode: 'live', title: 'k.cu', mainFile: 'k.cu', files: [{ path: 'k.cu', text: '__global__ void k() {\n  int i = threadIdx.x;\n}\n' }] };

describe('Source panel', () => {
  it('shows numbered, highlighted lines with breakpoints and the current line', () => {
    const store = storeWith([
      opened,
      { kind: 'breakpoints', breakpoints: [{ num: 1, file: 'k.cu', line: 2, enabled: true, condition: null, temporary: false }] },
      { kind: 'stopped', stop: { step: 9, focus: { kind: 'device', launch: 1, block: 0, warp: 0, lane: 0, label: 'block (0,0,0) thread (0,0,0)' }, file: 'k.cu', line: 2 } },
    ]);
    const { body } = render(SourcePanel, { props: { store } });
    const lines = body.match(/<div class="line[^"]*"[^>]*data-line="\d+"/g) ?? [];
    expect(lines).toHaveLength(4);
    expect(body).toMatch(/<div class="line[^"]*current[^"]*"[^>]*data-line="2"/);
    expect(body).toMatch(/<span class="t-keyword[^"]*">__global__<\/span>/);
    expect(body).toMatch(/<span class="t-builtin[^"]*">threadIdx<\/span>/);
    expect(body.match(/class="dot[^"]*on/g)).toHaveLength(1);
    expect(body).toMatch(/aria-pressed="true" aria-label="Breakpoint at line 2"/);
    expect(body).toMatch(/aria-pressed="false" aria-label="Breakpoint at line 3"/);
  });
});

describe('Output panel', () => {
  it('shows stdout and stderr, and how the program ended', () => {
    const store = storeWith([opened, { kind: 'program-output', reset: false, chunks: [{ stream: 'stdout', text: 'sum = 3\n' }, { stream: 'stderr', text: 'warning\n' }] }, { kind: 'exited', status: 0 }]);
    const { body } = render(OutputPanel, { props: { store } });
    expect(body).toMatch(/<span class="stdout[^"]*">sum = 3\n<\/span><span class="stderr[^"]*">warning\n<\/span>/);
    expect(body).toContain('exited with status 0');
  });
});

describe('Toolbar', () => {
  it('offers Run before the program runs and Continue once it stopped', () => {
    const idle = render(Toolbar, { props: { store: storeWith([opened, { kind: 'busy', busy: false }]) } }).body;
    expect(idle).toContain('aria-label="Run"');
    expect(idle).toMatch(/aria-label="Next"[^>]*disabled/);
    const stopped = render(Toolbar, { props: { store: storeWith([opened, { kind: 'stopped', stop: { step: 1, focus: { kind: 'host' }, file: 'k.cu', line: 1 } }]) } }).body;
    expect(stopped).toContain('aria-label="Continue"');
    expect(stopped).not.toMatch(/aria-label="Next"[^>]*disabled/);
  });
});
