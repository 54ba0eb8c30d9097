import { describe, expect, it } from 'vitest';
import { Typeahead } from '../../src/renderer/src/console/typeahead.js';

/* Console typing while a command runs: kept, and handed to the prompt a line at a time. */

describe('console typeahead', () => {
  it('hands back one line per prompt and keeps a line being typed for the next', () => {
    const t = new Typeahead();
    t.push('print i\r');
    t.push('next\rpri');
    expect(t.next()).toBe('print i\r');
    expect(t.next()).toBe('next\r');
    expect(t.next()).toBe('pri');
    expect(t.next()).toBe('');
  });

  it('forgets everything on Ctrl-C', () => {
    const t = new Typeahead();
    t.push('print i\rnext\r');
    t.clear();
    expect(t.next()).toBe('');
  });
});
