import { describe, expect, it, vi } from 'vitest';
import { render } from 'svelte/server';
import TimelinePanel from '../../src/renderer/src/panels/TimelinePanel.svelte';
import MemoryPanel from '../../src/renderer/src/panels/MemoryPanel.svelte';
import DiagnosticsPanel from '../../src/renderer/src/panels/DiagnosticsPanel.svelte';
import SourcePanel from '../../src/renderer/src/panels/SourcePanel.svelte';
import { RUNNING_AFTER_MS, SessionStore } from '../../src/renderer/src/store/session-store.js';
import { GotoCoalescer } from '../../src/renderer/src/store/goto-coalescer.js';
import { withChanges } from '../../src/renderer/src/store/memory-changes.js';
import { TimeScale, cursorStepAt, lastStep, streamRows } from '../../src/renderer/src/timeline/scale.js';
import type { SessionCommand, SessionEvent, TimelineBar } from '../../src/protocol/messages.js';

/*
 * The Timeline's step/time mapping, the scrub coalescing, memory change marking, and the
 * Timeline, memory and Diagnostics panels rendered from a store (server-side rendering).
 */

const bar = (b: Partial<TimelineBar> & Pick<TimelineBar, 'id' | 'kind' | 'start' | 'end' | 'fromStep' | 'toStep'>): TimelineBar => ({ stream: 0, name: b.kind, launch: null, ...b });

// A copy at step 10, a kernel of steps [20, 60) and a copy back at step 60 (as avgfilter's).
const bars = [
  bar({ id: 1, kind: 'memcpy', name: 'cudaMemcpy HtoD', start: 1000, end: 2000, fromStep: 10, toStep: 10 }),
  bar({ id: 2, kind: 'kernel', name: 'k', start: 3000, end: 7000, fromStep: 20, toStep: 60, launch: 1 }),
  bar({ id: 3, kind: 'memcpy', name: 'cudaMemcpy DtoH', start: 8000, end: 9000, fromStep: 60, toStep: 60, stream: 2 }),
];

function storeWith(events: readonly SessionEvent[], sent: SessionCommand[] = []): { store: SessionStore; emit: (e: SessionEvent) => void } {
  let emit: (e: SessionEvent) => void = () => {};
  const store = new SessionStore({ send: (c) => sent.push(c), onEvent: (l) => (emit = l), onConnection: (l) => l('open') });
  events.forEach((e) => emit(e));
  return { store, emit: (e) => emit(e) };
}

const opened: SessionEvent = { kind: 'opened', mode: 'replay', title: 'k.trace', mainFile: 'k.cu', files: [{ path: 'k.cu', text: 'int main() {\n  int x = 1 / 0;\n  return x;\n}\n' }] };
const stopAt = (step: number): SessionEvent => ({ kind: 'stopped', stop: { step, focus: { kind: 'host' }, file: 'k.cu', line: 2 } });

describe('the timeline scale', () => {
  const scale = new TimeScale({ bars, steps: 100 });

  it('walks a kernel bar through its statements and stands still inside a copy', () => {
    expect(scale.stepOf(3000)).toBe(20);
    expect(scale.stepOf(5000)).toBe(40);
    expect(scale.stepOf(7000)).toBe(60);
    expect(scale.stepOf(1500)).toBe(10);
    expect(scale.stepOf(8500)).toBe(60);
    expect(scale.stepOf(0)).toBe(0);
    expect(scale.stepOf(1e9)).toBe(99);
  });

  it('puts the cursor after the operations a step has run, and maps back to the same step', () => {
    expect(scale.timeOf(10)).toBe(2000);
    expect(scale.timeOf(40)).toBe(5000);
    expect(scale.timeOf(60)).toBe(9000);
    for (const s of [0, 5, 15, 20, 33, 59, 61, 99]) expect(scale.stepOf(scale.timeOf(s))).toBe(s);
    expect(streamRows(bars)).toEqual([0, 2]);
  });

  it('ends a drag past the axis at the last step the recording lets the cursor stand at', () => {
    // A finished recording's last step; a growing one's last statement may still be running,
    // and a goto there would record more and move the end away from the cursor.
    expect(lastStep({ steps: 100, complete: true })).toBe(99);
    expect(lastStep({ steps: 100, complete: false })).toBe(98);
    expect(lastStep({ steps: 0, complete: false })).toBe(0);
    expect(cursorStepAt(scale, { steps: 100, complete: false }, 1e9)).toBe(98);
    expect(cursorStepAt(scale, { steps: 100, complete: true }, 1e9)).toBe(99);
    expect(cursorStepAt(scale, { steps: 100, complete: false }, -50)).toBe(0);
    expect(cursorStepAt(scale, { steps: 100, complete: false }, 5000)).toBe(40);
  });
});

describe('scrubbing', () => {
  it('sends one goto at a time and only the latest position that waited', () => {
    const sent: SessionCommand[] = [];
    const c = new GotoCoalescer((cmd) => sent.push(cmd));
    c.goto(5, false);
    c.goto(6, false);
    c.goto(7, false);
    expect(sent).toEqual([{ kind: 'goto', step: 5 }]);
    expect(c.waiting).toBe(7);
    c.idle();
    expect(sent).toEqual([{ kind: 'goto', step: 5 }, { kind: 'goto', step: 7 }]);
    c.idle();
    expect(sent).toHaveLength(2);
    // A command already running: the goto waits for it.
    c.goto(9, true);
    expect(sent).toHaveLength(2);
    c.idle();
    expect(sent[2]).toEqual({ kind: 'goto', step: 9 });
  });

  it('is the store\'s: the session finishing a command releases the waiting goto', () => {
    const sent: SessionCommand[] = [];
    const { store, emit } = storeWith([opened, stopAt(3)], sent);
    store.scrub(10);
    store.scrub(11);
    store.scrub(12);
    expect(sent).toEqual([{ kind: 'goto', step: 10 }]);
    emit({ kind: 'busy', busy: false });
    expect(sent).toEqual([{ kind: 'goto', step: 10 }, { kind: 'goto', step: 12 }]);
  });
});

describe('memory changes', () => {
  it('marks the values that differ from the same region at the previous stop', () => {
    const r = { name: 'dB', origin: 'cudaMalloc', space: 'global', type: 'float', address: 256, bytes: 12, count: 3 } as const;
    const first = withChanges([], [{ ...r, values: ['0', '0', '0'] }]);
    expect(first[0]!.changed).toEqual([false, false, false]);
    const second = withChanges(first, [{ ...r, values: ['0', '1.5', '0'] }]);
    expect(second[0]!.changed).toEqual([false, true, false]);
    // Another allocation at another address is new, not changed.
    expect(withChanges(second, [{ ...r, address: 512, values: ['9', '9', '9'] }])[0]!.changed).toEqual([false, false, false]);
  });
});

describe('panels', () => {
  it('draws streams as rows, bars by kind with their steps, and the cursor at the stop', () => {
    const { store } = storeWith([opened, { kind: 'timeline', timeline: { bars, steps: 100, complete: true } }, stopAt(40)]);
    const { body } = render(TimelinePanel, { props: { store } });
    expect(body.match(/<rect class="bar [^"]*"/g)).toHaveLength(3);
    expect(body).toMatch(/class="bar kernel[^"]*"[^>]*data-from="20" data-to="60"/);
    expect(body).toContain('>default</text>');
    expect(body).toContain('>stream 2</text>');
    expect(body).toContain('aria-valuenow="40"');
    expect(body).toContain('step 40');
  });

  it('shows global memory typed, with changed values marked', () => {
    const r = { name: 'dB', origin: 'cudaMalloc', space: 'global', type: 'float', address: 0x7f00, bytes: 8, count: 2 } as const;
    const { store } = storeWith([opened, stopAt(3), { kind: 'memory', regions: [{ ...r, values: ['0', '0'] }] }, stopAt(4), { kind: 'memory', regions: [{ ...r, values: ['0', '2.5'] }] }]);
    const { body } = render(MemoryPanel, { props: { store } });
    expect(body).toContain('dB');
    expect(body).toContain('float[2]');
    expect(body).toContain('@global 0x7f00');
    expect(body.match(/class="cell[^"]*changed/g)).toHaveLength(1);
    expect(body).toMatch(/class="cell[^"]*changed[^"]*"[^>]*data-index="1"/);
  });

  it('draws a kernel still running striped, named running, with the cursor inside it', () => {
    const running = bar({ id: -2, kind: 'kernel', name: 'k', start: 3000, end: 7000, fromStep: 20, toStep: 50, launch: 1, running: true });
    const { store } = storeWith([opened, { kind: 'timeline', timeline: { bars: [bars[0]!, running], steps: 50, complete: false } }, stopAt(35)]);
    const { body } = render(TimelinePanel, { props: { store } });
    expect(body).toMatch(/<rect class="bar kernel[^"]*running[^"]*"[^>]*data-from="20" data-to="50"/);
    expect(body).toMatch(/<title>k · running · default stream · started at 3\.0 µs or later · steps 20– so far/);
    expect(body).toContain('>k (running)</text>');
    expect(body.match(/class="bar [^"]*running/g)).toHaveLength(1);
    // The cursor at step 35 stands inside the running bar (3 µs to 7 µs for steps 20 to 50).
    expect(new TimeScale({ bars: [bars[0]!, running], steps: 50 }).timeOf(35)).toBe(5000);
  });

  it('draws a kernel that deadlocked as failed, up to the end of the run', () => {
    const hung = bar({ id: -2, kind: 'kernel', name: 'Average', start: 3000, end: 7000, fromStep: 20, toStep: 60, launch: 1, failed: 'deadlock' });
    const { store } = storeWith([opened, { kind: 'timeline', timeline: { bars: [bars[0]!, hung], steps: 60, complete: true } }, stopAt(35)]);
    const { body } = render(TimelinePanel, { props: { store } });
    expect(body).toMatch(/<rect class="bar kernel[^"]*failed[^"]*"[^>]*data-failed="deadlock"[^>]*data-from="20" data-to="60"/);
    expect(body).toMatch(/<title>Average · deadlocked at a barrier: it never finished \(a GPU would hang\), the run ended here · default stream · started at 3\.0 µs or later · steps 20–59/);
    expect(body).toContain('>Average (deadlock)</text>');
    // The run ended in it: the axis ends where the bar does.
    expect(new TimeScale({ bars: [bars[0]!, hung], steps: 60 }).span).toBe(7000);
  });

  it('says the program is running rather than that nothing happened', () => {
    vi.useFakeTimers();
    try {
      const { store, emit } = storeWith([{ ...opened, mode: 'live' }, { kind: 'timeline', timeline: { bars: [], steps: 2048, complete: false } }]);
      expect(render(TimelinePanel, { props: { store } }).body).toContain('Stream operations appear here as the program runs.');
      expect(render(MemoryPanel, { props: { store } }).body).toContain('Allocations appear here while the program runs.');
      emit({ kind: 'busy', busy: true });
      vi.advanceTimersByTime(RUNNING_AFTER_MS);
      for (const panel of [TimelinePanel, MemoryPanel]) {
        const body = render(panel, { props: { store } }).body;
        expect(body).toContain('Running… 2,048 steps recorded (pause to inspect)');
        expect(body).not.toContain('appear here');
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the diagnostics of the position: a step back drops the later ones and their line markers', () => {
    const compile = { source: 'compile', severity: 'warning', message: 'division by zero is undefined', file: 'k.cu', line: 2, col: 13, step: null } as const;
    const fault = { source: 'runtime', severity: 'error', message: 'segmentation fault', file: 'k.cu', line: 3, col: 3, step: 9 } as const;
    const { store, emit } = storeWith([opened, stopAt(9), { kind: 'diagnostics', diagnostics: [compile, fault] }]);
    expect(render(DiagnosticsPanel, { props: { store } }).body).toContain('segmentation fault');
    expect(render(SourcePanel, { props: { store } }).body).toMatch(/class="line diag-error[^"]*"[^>]*data-line="3"/);
    emit(stopAt(4));
    emit({ kind: 'diagnostics', diagnostics: [compile] });
    const list = render(DiagnosticsPanel, { props: { store } }).body;
    expect(list).not.toContain('segmentation fault');
    expect(list).toContain('division by zero is undefined');
    const source = render(SourcePanel, { props: { store } }).body;
    expect(source.match(/class="marker \w+/g)).toEqual(['class="marker warning']);
    expect(source).not.toMatch(/class="line diag-error/);
  });

  it('lists diagnostics and marks their lines in the Source panel', () => {
    const d: SessionEvent = { kind: 'diagnostics', diagnostics: [{ source: 'compile', severity: 'warning', message: 'division by zero is undefined', file: 'k.cu', line: 2, col: 13, step: null }] };
    const { store } = storeWith([opened, d]);
    const list = render(DiagnosticsPanel, { props: { store } }).body;
    expect(list).toContain('division by zero is undefined');
    expect(list).toContain('k.cu:2:13');
    const source = render(SourcePanel, { props: { store } }).body;
    expect(source.match(/class="marker warning[^"]*"/g)).toHaveLength(1);
    expect(source).toMatch(/<div class="line diag-warning[^"]*"[^>]*data-line="2"/);
  });
});
