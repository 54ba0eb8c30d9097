import { devicePresets } from '../engine/runtime/presets/index.js';

/** The `warpscope devices` table: every preset `--device` accepts, the default first. */
export function devicesListing(): string {
  const rows = devicePresets.map((d, i) => {
    const p = d.props;
    const gib = (Number(p.totalGlobalMem) / 2 ** 30).toFixed(1);
    return [d.id, p.name, `${p.major}.${p.minor}`, String(p.multiProcessorCount), `${gib} GiB`, `${Math.round(d.clockKhz / 1000)} MHz`, i === 0 ? '(default)' : ''];
  });
  const head = ['NAME', 'GPU', 'CC', 'SMS', 'MEMORY', 'CLOCK', ''];
  const all = [head, ...rows];
  const widths = head.map((_, c) => Math.max(...all.map((r) => r[c]!.length)));
  return all.map((r) => r.map((cell, c) => (c === 3 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join('  ').trimEnd()).join('\n') + '\n';
}
