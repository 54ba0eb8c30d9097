import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cudaDevicePropLayout, cudaDevicePropSize, encodeDeviceProps, h100Props } from '../../../src/engine/runtime/props.js';

// Golden file: every cudaDeviceProp field (name=value) and offsetof (layout.name=ctype[count]@offset)
// printed on a real H100 with CUDA 13.0.
const lines = readFileSync(new URL('./h100-props.golden.txt', import.meta.url), 'latin1')
  .split('\n')
  .filter((l) => l.length > 0)
  .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)] as const);
const values = new Map(lines.filter(([k]) => !k.startsWith('layout.') && k !== 'sizeof'));
const layout = lines.filter(([k]) => k.startsWith('layout.'));

function show(v: unknown): string {
  return Array.isArray(v) ? v.join(',') : String(v);
}

describe('h100 device props', () => {
  it('has every field with the GPU value', () => {
    expect(Object.keys(h100Props).length).toBe(values.size);
    for (const [k, v] of values) expect(show((h100Props as unknown as Record<string, unknown>)[k]), k).toBe(v);
  });
  it('matches the struct layout', () => {
    expect(cudaDevicePropSize).toBe(Number(lines.find(([k]) => k === 'sizeof')?.[1]));
    expect(cudaDevicePropLayout.length).toBe(layout.length);
    layout.forEach(([k, v], i) => {
      const f = cudaDevicePropLayout[i];
      expect(`layout.${f.field}=${f.ctype}[${f.count}]@${f.offset}`).toBe(`${k}=${v}`);
    });
  });
  it('encodes the struct', () => {
    const b = encodeDeviceProps(h100Props);
    const view = new DataView(b.buffer);
    expect(b.length).toBe(1008);
    expect(String.fromCharCode(...b.slice(0, 21))).toBe('NVIDIA H100 80GB HBM3');
    expect(b[21]).toBe(0);
    const off = (n: string): number => cudaDevicePropLayout.find((f) => f.field === n)?.offset ?? -1;
    expect(view.getBigUint64(off('totalGlobalMem'), true)).toBe(h100Props.totalGlobalMem);
    expect(view.getInt32(off('warpSize'), true)).toBe(32);
    expect(view.getInt32(off('maxThreadsDim') + 8, true)).toBe(64);
    expect(view.getInt32(off('multiProcessorCount'), true)).toBe(132);
  });
});
