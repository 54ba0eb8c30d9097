import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { preprocess } from '../../../src/engine/front/preprocess.js';
import { parse } from '../../../src/engine/front/parse.js';
import { check, builtinTypeNames } from '../../../src/engine/check/check.js';

/*
 * The complete programs of the lecture notes (/work/shared/seeds) must check without
 * errors. Block ids follow test/engine/front/parse-programs.test.ts.
 */

const DIR = '/work/shared/seeds/';

function blocks(): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of readdirSync(DIR).filter((x) => x.endsWith('.txt')).sort()) {
    const bs = [...readFileSync(DIR + f, 'utf8').matchAll(/```[a-z+]*\n([\s\S]*?)```/g)].map((m) => m[1] as string);
    bs.forEach((b, i) => out.set(`${f.slice(0, 3)}#${i}`, b));
  }
  return out;
}

/** "ok" or the first diagnostic of preprocess+parse+check. */
function checkText(text: string): string {
  const pp = preprocess(text, 'seed.cu', { readFile: () => null });
  if (!pp.ok) return `pp ${pp.diags[0]?.loc.line}:${pp.diags[0]?.loc.col}: ${pp.diags[0]?.message}`;
  const p = parse(pp.value.tokens, 'seed.cu', { typeNames: builtinTypeNames });
  if (!p.ok) return `parse ${p.diags[0]?.loc.line}:${p.diags[0]?.loc.col}: ${p.diags[0]?.message}`;
  const r = check(p.value, pp.value.includedFiles);
  return r.ok ? 'ok' : `check ${r.diags.at(-1)?.loc.line}:${r.diags.at(-1)?.loc.col}: ${r.diags.at(-1)?.message}`;
}

// Listings that are complete programs check cleanly; the others are fragments that lean on
// definitions elsewhere in the notes (IMUL, TILE_WIDTH, an empty TILE_SIZE), which nvcc rejects too.
const EXPECTED: Record<string, string> = {
  '000#20': "check 3:38: use of undeclared identifier 'TILE_WIDTH'",
  '000#24': "check 2:21: use of undeclared identifier 'IMUL'",
  '000#25': "check 13:21: use of undeclared identifier 'IMUL'",
  '001#5': 'ok',
  '002#4': 'ok',
  '002#7': 'ok',
  '003#0': 'ok',
  '003#5': 'ok',
  '003#6': 'check 3:22: definition of variable with array type needs an explicit size or an initializer',
  '004#3': 'ok',
  '002#11/body': 'ok',
  '004#15/body': "check 2:4: use of undeclared identifier 'this_thread_block'", // no using-directive in the fragment
};

describe.skipIf(!existsSync(DIR))('check: lecture note programs', () => {
  it('complete programs check; fragments fail as nvcc would', () => {
    const all = blocks();
    const got: Record<string, string> = {};
    for (const id of Object.keys(EXPECTED)) {
      const [block, body] = id.split('/');
      const src = all.get(block!) ?? '';
      got[id] = checkText(body ? `void fragment() {\n${src}\n}` : src);
    }
    expect(got).toEqual(EXPECTED);
  });
});
