import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DebugSession } from '../../src/debug/session.js';
import { defaultRunOptions } from '../../src/engine/api.js';
import { readFile } from './session-helpers.js';

/*
 * Member functions under the debugger: a method's frame is `S::f (this=...)`, step enters a
 * method, a constructor and an operator, finish returns to the caller, and inside a method
 * `this`, `*this` and a field named alone (`re` for `this->re`, as gdb reads it) print.
 */

const dir = mkdtempSync(join(tmpdir(), 'ws-methods-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = 'test/conformance/rules/struct_methods.cu';

/** What `commands` print in a live session of struct_methods.cu, with addresses masked. */
async function session(commands: readonly string[]): Promise<string> {
  const trace = join(dir, 'methods.trace');
  let text = '';
  const s = new DebugSession({ out: (t) => void (text += t) }, { kind: 'live', file, argv: ['struct_methods'], options: defaultRunOptions, host: { readFile }, tracePath: trace });
  expect(s.prepare()).toBe(true);
  for (const c of commands) await s.execute(c);
  s.close();
  return text.split(trace).join('$TRACE').replace(/0x[0-9a-f]+/g, '0xADDR');
}

describe('debugging member functions', () => {
  it('stops in a const method and prints this, *this and its fields', async () => {
    const text = await session(['break Complex::norm2', 'run', 'bt', 'print this', 'print *this', 'print re', 'print this->im + 1', 'up', 'print c']);
    expect(text).toContain('CUDA thread hit Breakpoint 1, Complex::norm2 (this=0xADDR) at test/conformance/rules/struct_methods.cu:8\n');
    expect(text).toContain('#0  Complex::norm2 (this=0xADDR) at test/conformance/rules/struct_methods.cu:8\n#1  mandel (x=-2, y=-1, maxIt=50) at test/conformance/rules/struct_methods.cu:17\n');
    expect(text).toContain('$2 = {re = 0, im = 0}\n$3 = 0\n$4 = 1\n');
    expect(text).toContain('$5 = {re = -2, im = -1}\n');
  });

  it('steps into an operator and the constructor it calls, and finishes out of both', async () => {
    const text = await session(['break 46', 'run', 'step', 'step', 'info args', 'finish', 'finish', 'next', 'print p']);
    expect(text).toContain('Complex::operator* (this=0xADDR, o=@0xADDR: {re = 0.5, im = 0.25}) at test/conformance/rules/struct_methods.cu:9\n');
    expect(text).toContain('Complex::Complex (this=0xADDR, r=1.25, i=-0.625) at test/conformance/rules/struct_methods.cu:7\n');
    expect(text).toContain('this = 0xADDR\nr = 1.25\ni = -0.625\nComplex::operator* (this=0xADDR, o=@0xADDR: {re = 0.5, im = 0.25}) at test/conformance/rules/struct_methods.cu:9\n');
    expect(text).toContain('main () at test/conformance/rules/struct_methods.cu:46\n46\t    Complex p = a * b + a;\nValue returned is $1 = {re = 1.25, im = -0.625}\n');
    expect(text).toContain('$2 = {re = 2.75, im = -2.625}\n');
  });
});
