import { CONST_BASE, GLOBAL_BASE, LOCAL_BASE, SHARED_BASE, SPACE_NAMES, type AddressSpaceName } from '../memory/layout.js';

/*
 * Source of the device memory helpers that generated code calls for every load and store:
 * one function per (space, access kind), specialised to direct typed-array indexing with a
 * bounds/alignment check, and falling back to Memory.devLoad/devStore (which resolves any
 * address and raises the right fault) when the fast path does not apply. Emitted once per
 * program into the generated module, so V8 can inline them into the lane loops.
 */

const VIEW = ['u8', 'i8', 'u16', 'i16', 'u32', 'i32', 'f32', 'f64', 'u64', 'i64', '', 'u8'];
const SHIFT = [0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 0];
const SIZE = [1, 1, 2, 2, 4, 4, 4, 8, 8, 8, 8, 1];

/**
 * Generated code reporting a lane's access to the observer (RT.cw's warp): a number's address and
 * values go through OA, not as arguments (see Observer.accessValues); 64-bit integers are bigints,
 * objects already, and go to RT.obsAccess. `wide`: whether the access is a 64-bit integer's, or a
 * JS condition deciding it; `old`: the replaced value's expression (undefined: not read).
 */
function observe(store: boolean, space: AddressSpaceName, n: string, value: string, lane: string, code: string, wide: boolean | string, old?: string): string {
  const obj = `RT.obsAccess('${store ? 'store' : 'load'}', '${space}', a, ${n}, ${value}, ${lane}, ${old ?? 'undefined'}, ${code});`;
  const num = `OA[0] = a; OA[1] = ${value}; ${old === undefined ? '' : `OA[2] = ${old}; `}RT.obsValues(${store}, ${SPACE_NAMES.indexOf(space)}, ${n}, ${lane}, ${code}, ${old !== undefined});`;
  if (typeof wide === 'boolean') return `${wide ? obj : num} `;
  return `if (${wide}) ${obj} else { ${num} } `;
}

function rd(code: number, r: string, o: string): string {
  if (code === 10) return `(${r}.u32[${o} >>> 2] + ${r}.u32[(${o} >>> 2) + 1] * 4294967296)`;
  if (code === 11) return `(${r}.u8[${o}] !== 0 ? 1 : 0)`;
  return `${r}.${VIEW[code]}[${o} >>> ${SHIFT[code]}]`;
}

function wr(code: number, r: string, o: string, v: string): string {
  if (code === 10) return `{ const i_ = ${o} >>> 2; ${r}.u32[i_] = ${v} >>> 0; ${r}.u32[i_ + 1] = Math.floor(${v} / 4294967296) >>> 0; }`;
  if (code === 11) return `${r}.u8[${o}] = ${v} !== 0 ? 1 : 0;`;
  return `${r}.${VIEW[code]}[${o} >>> ${SHIFT[code]}] = ${v};`;
}

/** JS source defining LD/ST (generic), GL/GS (global), SL/SS (shared), LL/LS (local), CL (constant) helpers for every access kind. */
export function accessHelpers(instrument: boolean): string {
  const out: string[] = [
    `const GB = ${GLOBAL_BASE}, SB = ${SHARED_BASE}, LB = ${LOCAL_BASE}, CB = ${CONST_BASE};`,
    'const OA = RT.av;',
    // population count of a lane mask (thread-statements of a warp-statement)
    // Device float arithmetic gives the canonical NaN (0x7fffffff for float, a negative one for
    // double) whatever NaN went in; JS arithmetic gives x86's negative NaN or propagates an input's.
    // NAN32 is the double that narrows to 0x7fffffff.
    'const NAN32 = new Float64Array(new BigUint64Array([0x7fffffffe0000000n]).buffer)[0], NAN64 = new Float64Array(new BigUint64Array([0xfff8000000000000n]).buffer)[0];',
    'function CF(x) { return x === x ? x : NAN32; }',
    'function CD(x) { return x === x ? x : NAN64; }',
    'function PC(m) { m = m - ((m >>> 1) & 0x55555555); m = (m & 0x33333333) + ((m >>> 2) & 0x33333333); return Math.imul((m + (m >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24; }',
  ];
  for (let c = 0; c < 12; c++) {
    const n = SIZE[c]!;
    const al = n > 1 ? ` && (o & ${n - 1}) === 0` : '';
    const g = `o >= 0 && o < M.gLimit${al} && M.gChunk[o >>> 21] > 0`;
    const s = `o >= 0 && o + ${n} <= M.sSize${al}`;
    const lc = `o >= 0 && o + ${n} <= M.lStride${al}`;
    const k = `o >= 0 && o + ${n} <= 98304${al}`;
    const lo = `(o + l * M.lStride)`;
    const wide = c === 8 || c === 9;
    const obsL = (v: string, sp: AddressSpaceName): string => (instrument ? observe(false, sp, `${n}`, v, 'l', `${c}`, wide) : '');
    // A store reports the value it overwrites where the address is in range (a debugger's old -> new); none on the slow path.
    const obsS = (sp: AddressSpaceName, old?: string): string => (instrument ? observe(true, sp, `${n}`, 'v', 'l', `${c}`, wide, old) : '');
    // A guarded access the observer stops reads 0 (the launch is being stopped) or stores nothing.
    const zero = c === 8 || c === 9 ? '0n' : '0';
    const gl = (sp: string) => (instrument ? `if (O !== null && O.guard !== undefined && !RT.guard('load', '${sp}', a, ${n}, l)) return ${zero}; ` : '');
    const gs = (sp: string) => (instrument ? `if (O !== null && O.guard !== undefined && !RT.guard('store', '${sp}', a, ${n}, l)) return; ` : '');
    const ret = (v: string, sp: AddressSpaceName) => (instrument ? `{ const r_ = ${v}; ${obsL('r_', sp)}return r_; }` : `return ${v};`);
    out.push(
      `function GL${c}(a, l) { ${gl('global')}const o = a - GB; if (${g}) ${ret(rd(c, 'M.global', 'o'), 'global')} ${ret(`M.devLoad(a, ${c}, l)`, 'global')} }`,
      `function SL${c}(a, l) { ${gl('shared')}const o = a - SB; if (${s}) ${ret(rd(c, 'M.shared', 'o'), 'shared')} ${ret(`M.devLoad(a, ${c}, l)`, 'shared')} }`,
      `function LL${c}(a, l) { ${gl('local')}const o = a - LB; if (${lc}) ${ret(rd(c, 'M.local', lo), 'local')} ${ret(`M.devLoad(a, ${c}, l)`, 'local')} }`,
      `function CL${c}(a, l) { ${gl('constant')}const o = a - CB; if (${k}) ${ret(rd(c, 'M.constant', 'o'), 'constant')} ${ret(`M.devLoad(a, ${c}, l)`, 'constant')} }`,
      `function LD${c}(a, l) { if (a >= GB) return GL${c}(a, l); if (a >= CB) return CL${c}(a, l); if (a >= SB) return SL${c}(a, l); if (a >= LB) return LL${c}(a, l); ${gl('global')}return M.devLoad(a, ${c}, l); }`,
      `function GS${c}(a, v, l) { ${gs('global')}const o = a - GB; if (${g}) { ${obsS('global', rd(c, 'M.global', 'o'))}${wr(c, 'M.global', 'o', 'v')} return; } ${obsS('global')}M.devStore(a, ${c}, v, l); }`,
      `function SS${c}(a, v, l) { ${gs('shared')}const o = a - SB; if (${s}) { ${obsS('shared', rd(c, 'M.shared', 'o'))}${wr(c, 'M.shared', 'o', 'v')} return; } ${obsS('shared')}M.devStore(a, ${c}, v, l); }`,
      `function LS${c}(a, v, l) { ${gs('local')}const o = a - LB; if (${lc}) { ${obsS('local', rd(c, 'M.local', lo))}${wr(c, 'M.local', lo, 'v')} return; } ${obsS('local')}M.devStore(a, ${c}, v, l); }`,
      `function ST${c}(a, v, l) { if (a >= GB) GS${c}(a, v, l); else if (a >= CB) { ${gs('constant')}M.devStore(a, ${c}, v, l); } else if (a >= SB) SS${c}(a, v, l); else if (a >= LB) LS${c}(a, v, l); else { ${gs('global')}M.devStore(a, ${c}, v, l); } }`,
    );
  }
  out.push(
    instrument
      ? [
          `const CSZ = [${SIZE.join(', ')}];`,
          `function HL(a, c) { const v = M.hostLoad(a, c); ${observe(false, 'host', 'CSZ[c]', 'v', '0', 'c', 'c === 8 || c === 9')}return v; }`,
          `function HS(a, c, v) { const o = M.hostAt(a, c); if (o < 0) { ${observe(true, 'host', 'CSZ[c]', 'v', '0', 'c', 'c === 8 || c === 9')}M.hostStore(a, c, v); return; } ` +
            `const R = M.rr; const old = M.readIn(R, o, c); ${observe(true, 'host', 'CSZ[c]', 'v', '0', 'c', 'c === 8 || c === 9', 'old')}M.writeIn(R, o, c, v); }`,
        ].join('\n')
      : `function HL(a, c) { return M.hostLoad(a, c); }\nfunction HS(a, c, v) { M.hostStore(a, c, v); }`,
  );
  return out.join('\n');
}
