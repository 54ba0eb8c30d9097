import type { TimelineOp } from '../engine/runtime/streams.js';

/*
 * `warpscope run --timeline`: the stream operations of a run as a table in the spirit of
 * nsys' cuda_gpu_trace report, ordered by modelled start time.
 */

const dim = (d: { x: number; y: number; z: number }): string => `(${d.x},${d.y},${d.z})`;

/** What the Name column shows: nsys' bracketed names for copies and fills, the kernel's launch shape. */
function describe(op: TimelineOp): string {
  switch (op.kind) {
    case 'kernel':
      return `${op.name}<<<${dim(op.grid)}, ${dim(op.block)}>>>`;
    case 'memcpy':
      return `[CUDA memcpy ${op.direction}] ${op.bytes} B${op.direction === 'DtoD' ? '' : op.pinned ? ' pinned' : ' pageable'}`;
    case 'memset':
      return `[CUDA memset] ${op.bytes} B`;
    case 'free':
      return `[CUDA free] ${op.bytes} B`;
    case 'event record':
    case 'wait':
      return `${op.name} event 0x${op.event.toString(16)}`;
    case 'host func':
      return op.name;
  }
}

/** The timeline as text: one row per operation, header first; a note when there were none. */
export function formatTimeline(ops: readonly TimelineOp[]): string {
  if (ops.length === 0) return '\nStream timeline: no stream operations.\n';
  const rows = [...ops]
    .sort((a, b) => a.start - b.start || a.id - b.id)
    .map((op) => [String(op.start), String(op.end - op.start), op.stream === 0 ? 'default' : String(op.stream), String(op.id), op.kind, describe(op), op.dependencies.join(',') || '-']);
  const head = ['Start (ns)', 'Duration (ns)', 'Stream', 'Id', 'Kind', 'Name', 'Waited for'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  // Numbers right-aligned as nsys prints them; the last column is not padded.
  const line = (r: readonly string[]): string =>
    r
      .map((c, i) => (i === r.length - 1 ? c : i <= 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return ['', 'Stream timeline (modelled times; docs/timing.md):', line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), ''].join('\n');
}
