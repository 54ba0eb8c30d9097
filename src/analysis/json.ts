import type { CheckResult, Finding } from './findings.js';

/*
 * `check --json`: the stable machine-readable form documented in docs/sanitizers.md.
 * {"tool", "errors": [...], "leaks": {"bytes", "allocations"}}; leaks are summarised, not errors.
 */

/** One error as the JSON contract spells it (fields that do not apply are left out). */
function errorJson(f: Exclude<Finding, { kind: 'leak' }>): Record<string, unknown> {
  switch (f.kind) {
    case 'out-of-bounds':
    case 'misaligned':
    case 'use-after-free':
      return {
        kind: f.kind, file: f.file, line: f.line, kernel: f.kernel, block: f.block, thread: f.thread, space: f.space, access: f.access, size: f.size, address: f.address,
        ...(f.allocation ? { allocation: f.allocation } : {}),
      };
    case 'api-error':
      return { kind: f.kind, file: f.file, line: f.line, kernel: null, block: null, thread: null, api: f.api, error: f.error, code: f.code };
    case 'uninitialized-read':
      return { kind: f.kind, file: f.file, line: f.line, kernel: f.kernel, block: f.block, thread: f.thread, space: f.space, access: 'read', size: f.size, address: f.address };
    case 'race':
      return {
        kind: f.kind, file: f.file, line: f.line, kernel: f.kernel, block: f.block, thread: f.thread, space: f.space, hazard: f.hazard, severity: f.severity, count: f.count,
        group: f.group, accesses: f.accesses.map((a) => ({ line: a.line, thread: a.thread, block: a.block, access: a.access })),
      };
    case 'barrier-divergence':
      return { kind: f.kind, file: f.file, line: f.line, kernel: f.kernel, block: f.block, thread: f.thread };
    case 'invalid-warp-sync':
      return { kind: f.kind, file: f.file, line: f.line, kernel: f.kernel, block: f.block, thread: f.thread, mask: f.mask >>> 0 };
    case 'deadlock':
      return { kind: f.kind, file: f.file, line: f.line, kernel: f.kernel, block: null, thread: null, detail: f.detail };
  }
}

/** The JSON document of a result. */
export function resultJson(r: CheckResult): string {
  const errors = r.findings.filter((f): f is Exclude<Finding, { kind: 'leak' }> => f.kind !== 'leak').map(errorJson);
  const leaks = r.findings.filter((f) => f.kind === 'leak');
  return JSON.stringify({ tool: r.tool, errors, leaks: { bytes: leaks.reduce((n, l) => n + l.size, 0), allocations: leaks.length } }, null, 2) + '\n';
}
