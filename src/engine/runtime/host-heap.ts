/**
 * glibc's heap checks for free(), realloc() and C++'s delete: a pointer malloc did not return,
 * or one already freed, kills the process as glibc 2.36 on x86-64 does (messages and outcomes
 * measured there, and on the H100 host for CUDA allocations), never passing silently.
 */
import { SIGSEGV_STATUS } from '../exec/env.js';
import type { SourceLoc } from '../front/token.js';
import type { AllocationInfo } from '../memory/index.js';
import type { RuntimeContext, RuntimeMemory } from './context.js';

/** What a process killed by SIGABRT exits with, as a shell reports it. */
export const SIGABRT_STATUS = 134;

/** A host process killed inside the C library: its stdout buffer is lost and `message` names why, at the call. */
export class HostCrash extends Error {
  constructor(
    message: string,
    readonly loc: SourceLoc,
    readonly status: number,
  ) {
    super(message);
  }
}

// The sizes of freed blocks by address: a second free of one is a double free, not a stray pointer.
const freedBlocks = new WeakMap<RuntimeMemory, Map<number, number>>();

const NULL_PAGE = 4096;
// Requests whose chunk fits a tcache bin (at most 1040 bytes with its header) are checked there first.
const TCACHE_MAX_REQUEST = 1032;
// M_MMAP_THRESHOLD's default: larger blocks are their own mappings, unmapped when freed.
const MMAP_THRESHOLD = 128 * 1024;
// What operator new[] may ask for before libstdc++ throws std::bad_array_new_length.
const MAX_ARRAY_BYTES = 2 ** 63 - 1;

/** free()/delete: releases a block malloc returned, or ends the process as glibc would. `fn` names the caller in messages. */
export function checkedFree(ctx: RuntimeContext, addr: number, loc: SourceLoc, fn: string): void {
  if (addr !== 0) releaseBlock(ctx.memory, heapBlock(ctx, addr, loc, fn, 'free()'));
}

/** The heap block malloc returned at `addr`, or the crash glibc's `api` (free(), realloc()) ends the process with. */
export function heapBlock(ctx: RuntimeContext, addr: number, loc: SourceLoc, fn: string, api: string): AllocationInfo {
  const block = ctx.memory.allocation(addr);
  if (block !== null && block.space === 'host' && block.base === addr) return block;
  throw badFree(ctx.memory, addr, block, loc, fn, api);
}

/** Gives a heap block back, remembering its size so a second free of it is a double free. */
export function releaseBlock(m: RuntimeMemory, block: AllocationInfo): void {
  m.freeHost(block.base);
  freedOf(m).set(block.base, block.size);
}

/** The crash a free() of something malloc did not hand out causes. `api`: glibc's name in its message (free(), realloc()). */
function badFree(m: RuntimeMemory, addr: number, block: AllocationInfo | null, loc: SourceLoc, fn: string, api: string): HostCrash {
  const hex = `0x${addr.toString(16)}`;
  // glibc reads the block header just before the pointer: where nothing is mapped for the host, that read faults.
  const segv = (why: string): HostCrash => new HostCrash(`segmentation fault: ${fn} was passed ${hex}, ${why}`, loc, SIGSEGV_STATUS);
  if (addr < NULL_PAGE) return segv('near a null pointer');
  if (block !== null && block.space === 'global') return segv('device memory from cudaMalloc (free it with cudaFree)');
  if (block !== null && block.space === 'managed') return segv('managed memory from cudaMallocManaged (free it with cudaFree)');
  if (block !== null && block.space === 'pinned') return segv('pinned memory from cudaMallocHost (free it with cudaFreeHost)');
  if (m.isDevice(addr) || !m.isHost(addr)) return segv('memory the program does not own');
  const freed = block === null ? freedBlocks.get(m)?.get(addr) : undefined;
  if (freed !== undefined) {
    if (freed + 23 >= MMAP_THRESHOLD) return segv('a block of more than 128 KiB that was already freed (glibc unmapped it)');
    const msg = freed <= TCACHE_MAX_REQUEST ? 'free(): double free detected in tcache 2' : 'double free or corruption (!prev)';
    return new HostCrash(`${msg} (glibc aborts: ${fn} of ${hex}, which was already freed)`, loc, SIGABRT_STATUS);
  }
  const what = block !== null ? `${addr - block.base} bytes into a block malloc returned` : 'not a pointer malloc returned';
  return new HostCrash(`${api}: invalid pointer (glibc aborts: ${fn} was passed ${hex}, ${what})`, loc, SIGABRT_STATUS);
}

function freedOf(m: RuntimeMemory): Map<number, number> {
  let f = freedBlocks.get(m);
  if (f === undefined) freedBlocks.set(m, (f = new Map()));
  return f;
}

/** operator new and new[]: a block from the heap, or the uncaught std::bad_alloc (or bad_array_new_length) that terminates the program. */
export function checkedNew(ctx: RuntimeContext, count: bigint, elemSize: number, loc: SourceLoc): number {
  const bytes = count * BigInt(elemSize);
  const badLength = count < 0n || bytes > BigInt(MAX_ARRAY_BYTES);
  const p = badLength ? null : ctx.memory.tryAllocHost(Math.max(1, Number(bytes)), 16);
  if (p !== null) return p;
  const what = badLength ? 'std::bad_array_new_length' : 'std::bad_alloc';
  const asked = badLength ? `${count} elements of ${elemSize} bytes` : `${bytes} bytes`;
  throw new HostCrash(`terminate called after throwing an instance of '${what}' (new asked for ${asked}; nothing catches it, so the program aborts)`, loc, SIGABRT_STATUS);
}
