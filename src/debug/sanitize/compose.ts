import type { ExecutionListener } from '../../engine/runtime/listener.js';

/*
 * One ExecutionListener made of a trace writer and analyses, so a recording can run sanitizers
 * without the writer doing any work for them: a recording with none uses the writer alone. A hook
 * is present only when a member has it, because the engine changes what it does on the presence
 * of some (`guard` compiles access checks in, `traffic` counts every instruction).
 *
 * Order: analyses hear a statement before the writer, so a sanitizer that stops the launch there
 * (memcheck throws at the next statement after a fault) leaves it unrecorded, as it never ran;
 * every other event happened already, so the writer records it first and the analyses react.
 */

type Members = readonly ExecutionListener[];

/** The members that have hook `k`. */
function having<K extends keyof ExecutionListener>(members: Members, k: K): ExecutionListener[] {
  return members.filter((m) => m[k] !== undefined);
}

/** A listener telling `writer` and then each analysis of every event (statements: the analyses first); `writer` alone decides when to suspend. */
export function composeListeners(writer: ExecutionListener, analyses: Members): ExecutionListener {
  const all: Members = [writer, ...analyses];
  const out: ExecutionListener = {
    suspends: writer.suspends,
    statement(w, mask, loc, site) {
      for (const a of analyses) a.statement(w, mask, loc, site);
      return writer.statement(w, mask, loc, site);
    },
    access(kind, space, address, bytes, value, lane, w, old, code, atomic) {
      for (const m of all) m.access(kind, space, address, bytes, value, lane, w, old, code, atomic);
    },
    apiCall(e) {
      for (const m of all) m.apiCall(e);
    },
    launch(e) {
      for (const m of all) m.launch(e);
    },
  };
  const guards = having(all, 'guard');
  // Every guard is asked (each keeps its own count of the instruction's lanes); any may refuse.
  if (guards.length) out.guard = (kind, space, address, bytes, lane, w, atomic) => guards.reduce((ok, m) => m.guard!(kind, space, address, bytes, lane, w, atomic) && ok, true);
  const warpSync = having(all, 'warpSync');
  if (warpSync.length) out.warpSync = (w, active, masks, loc) => warpSync.forEach((m) => m.warpSync!(w, active, masks, loc));
  const enter = having(all, 'enter');
  if (enter.length) out.enter = (w, fn, fp, regs) => enter.forEach((m) => m.enter!(w, fn, fp, regs));
  const leave = having(all, 'leave');
  if (leave.length) out.leave = (w, rv, slot) => leave.forEach((m) => m.leave!(w, rv, slot));
  const warpOp = having(all, 'warpOp');
  if (warpOp.length) out.warpOp = (w, op, mask) => warpOp.forEach((m) => m.warpOp!(w, op, mask));
  const barrier = having(all, 'barrier');
  if (barrier.length) out.barrier = (kind, block, warp, mask, loc) => barrier.forEach((m) => m.barrier!(kind, block, warp, mask, loc));
  const warpMask = having(all, 'warpMask');
  if (warpMask.length) out.warpMask = (e) => warpMask.forEach((m) => m.warpMask!(e));
  const turnEnd = having(all, 'turnEnd');
  if (turnEnd.length) out.turnEnd = (w) => turnEnd.forEach((m) => m.turnEnd!(w));
  const fence = having(all, 'fence');
  if (fence.length) out.fence = (w, lane, scope) => fence.forEach((m) => m.fence!(w, lane, scope));
  const diverge = having(all, 'diverge');
  if (diverge.length) out.diverge = (w, mask, targets, loc) => diverge.forEach((m) => m.diverge!(w, mask, targets, loc));
  const traffic = having(all, 'traffic');
  if (traffic.length) out.traffic = (sites) => traffic.forEach((m) => m.traffic!(sites));
  const operation = having(all, 'operation');
  if (operation.length) out.operation = (op) => operation.forEach((m) => m.operation!(op));
  const sources = having(all, 'sources');
  if (sources.length) out.sources = (files) => sources.forEach((m) => m.sources!(files));
  const symbols = having(all, 'symbols');
  if (symbols.length) out.symbols = (info) => symbols.forEach((m) => m.symbols!(info));
  const memory = having(all, 'memory');
  if (memory.length) out.memory = (view) => memory.forEach((m) => m.memory!(view));
  const memoryWrite = having(all, 'memoryWrite');
  if (memoryWrite.length) out.memoryWrite = (address, before, after, lane) => memoryWrite.forEach((m) => m.memoryWrite!(address, before, after, lane));
  const mapping = having(all, 'mapping');
  if (mapping.length) out.mapping = (e) => mapping.forEach((m) => m.mapping!(e));
  const deadlock = having(all, 'deadlock');
  // Every member hears of a hung launch; the first that ends it with an error code decides how.
  if (deadlock.length) {
    out.deadlock = (e) => {
      let code: number | undefined;
      for (const m of deadlock) {
        const c = m.deadlock!(e);
        code ??= c;
      }
      return code;
    };
  }
  return out;
}
