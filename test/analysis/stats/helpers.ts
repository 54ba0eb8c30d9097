import { readFileSync } from 'node:fs';
import { execute } from '../../../src/engine/execute.js';
import { defaultRunOptions, type EngineEvent } from '../../../src/engine/api.js';
import { h100Preset } from '../../../src/engine/runtime/presets/index.js';
import { StatsCollector, type LaunchStats } from '../../../src/analysis/stats/collector.js';

/** Runs `file` (read from disk, or `source` when given) under the stats collector on the H100 preset: its launches and stdout. */
export function collect(file: string, source?: string): { launches: readonly LaunchStats[]; stdout: string; status: number } {
  const collector = new StatsCollector(h100Preset);
  const events: EngineEvent[] = [];
  const readFile = (p: string): string | null => {
    if (source !== undefined) return p === file ? source : null;
    try {
      return readFileSync(p, 'utf8');
    } catch {
      return null;
    }
  };
  const status = execute({ kind: 'record', file, argv: ['prog'], options: defaultRunOptions, listener: collector }, { readFile }, (e) => events.push(e));
  return { launches: collector.launches, stdout: events.map((e) => (e.kind === 'stdout' ? e.text : '')).join(''), status };
}

/** One kernel's metrics in an `ncu --metrics ... --csv` file, in launch order (the CSV's ID column). */
export interface NcuLaunch {
  readonly kernel: string;
  readonly metrics: ReadonlyMap<string, number>;
}

/** Splits one CSV line of quoted fields ("a","b,c",...). */
function fields(line: string): string[] {
  const out: string[] = [];
  const re = /"((?:[^"]|"")*)"(?:,|$)/g;
  for (let m = re.exec(line); m !== null; m = re.exec(line)) out.push(m[1]!.replace(/""/g, '"'));
  return out;
}

/**
 * Parses Nsight Compute's CSV. The file also holds the profiled program's stdout and ncu's
 * ==PROF== lines (ncu writes them to the same stream): only lines starting with a quote are CSV.
 * Values use thousands separators ("2,048").
 */
export function parseNcuCsv(text: string): NcuLaunch[] {
  const rows = text.split('\n').filter((l) => l.startsWith('"')).map(fields);
  const [head, ...body] = rows;
  if (head === undefined) throw new Error('no CSV header');
  const col = (name: string): number => {
    const i = head.indexOf(name);
    if (i < 0) throw new Error(`no column ${name}`);
    return i;
  };
  const [id, kernel, metric, value] = [col('ID'), col('Kernel Name'), col('Metric Name'), col('Metric Value')];
  const launches: { kernel: string; metrics: Map<string, number> }[] = [];
  for (const r of body) {
    const i = Number(r[id]);
    launches[i] ??= { kernel: r[kernel]!.replace(/\(.*$/, ''), metrics: new Map() };
    launches[i].metrics.set(r[metric]!, Number(r[value]!.replace(/,/g, '')));
  }
  return launches;
}
