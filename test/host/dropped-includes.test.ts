import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { explainDroppedIncludes, isDropped } from '../../src/host/dropped-includes.js';
import { SessionService } from '../../src/host/session-service.js';
import { nodeServiceEnv } from '../../src/host/node-env.js';
import type { SessionEvent } from '../../src/protocol/messages.js';

/*
 * A dropped program's header that was not dropped with it: the compiler's error gets a note
 * (in the compiler's own style, so the console and the Diagnostics panel show it) saying to
 * drop the header with the program or to open the program from the served folder.
 */

const rendered = `.warpscope/dropped/prog/prog.cu:2:10: error: 'neighbour.h' file not found
#include "neighbour.h"
         ^
1 error generated.
`;

describe('notes on a dropped program’s missing headers', () => {
  it('knows a dropped program by its folder', () => {
    expect(isDropped('.warpscope/dropped/prog/prog.cu')).toBe(true);
    expect(isDropped('/srv/proj/.warpscope/dropped/prog-2/prog.cu')).toBe(true);
    expect(isDropped('prog.cu')).toBe(false);
    expect(isDropped('x.warpscope/dropped/prog.cu')).toBe(false);
  });

  it('adds a note after the error, before the count, and leaves other programs’ errors alone', () => {
    expect(explainDroppedIncludes('.warpscope/dropped/prog/prog.cu', rendered)).toBe(`.warpscope/dropped/prog/prog.cu:2:10: error: 'neighbour.h' file not found
#include "neighbour.h"
         ^
.warpscope/dropped/prog/prog.cu:2:10: note: prog.cu was dropped on the page without 'neighbour.h': drop the headers it includes together with it, or open prog.cu from the folder warpscope serve was started in
1 error generated.
`);
    expect(explainDroppedIncludes('prog.cu', rendered)).toBe(rendered);
    const angle = rendered.replace('"neighbour.h"', '<neighbour.h>');
    expect(explainDroppedIncludes('.warpscope/dropped/prog/prog.cu', angle)).toContain(`note: <neighbour.h> is looked for only among the built-in headers; include it as "neighbour.h" and drop it together with prog.cu`);
  });

  it('shows the note in the console and the Diagnostics panel when a dropped program opens', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ws-dropped-'));
    const dir = join(root, '.warpscope', 'dropped', 'prog');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'prog.cu'), '#include <cstdio>\n#include "neighbour.h"\nint main() { return left(1); }\n');
    const events: SessionEvent[] = [];
    const s = new SessionService((e) => events.push(e), { ...nodeServiceEnv(), tracePath: () => join(root, 'live.trace') });
    s.handle({ kind: 'open', target: { kind: 'source', path: join(dir, 'prog.cu') } });
    await s.idle();
    const text = events.flatMap((e) => (e.kind === 'output' ? [e.text] : [])).join('');
    expect(text).toContain(`prog.cu:2:10: error: 'neighbour.h' file not found\n#include "neighbour.h"\n         ^\n`);
    expect(text).toContain(`prog.cu:2:10: note: prog.cu was dropped on the page without 'neighbour.h': drop the headers it includes together with it, or open prog.cu from the folder warpscope serve was started in\n1 error generated.\n`);
    const diagnostics = events.flatMap((e) => (e.kind === 'diagnostics' ? [e.diagnostics] : [])).pop()!;
    expect(diagnostics.map((d) => [d.severity, d.line, d.col])).toEqual([['error', 2, 10], ['note', 2, 10]]);
    s.close();
  });
});
