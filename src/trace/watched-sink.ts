import type { Recycled, SinkChannel } from './sink-channel.js';

/*
 * A sink that remembers why storing failed (a full disk, a folder made read-only), so the command
 * that recorded can tell a trace it could not write from a bug of the engine, wherever the error
 * surfaced: in a statement's listener call, in the run's end or in the close.
 */

/** `inner`, remembering the first error it threw. */
export class WatchedSink implements SinkChannel {
  /** What storing threw first; null while it works. */
  failure: unknown = null;

  constructor(private readonly inner: SinkChannel) {}

  get transfers(): boolean {
    return this.inner.transfers;
  }

  send(...args: Parameters<SinkChannel['send']>): void {
    this.watch(() => this.inner.send(...args));
  }

  drain(): void {
    this.watch(() => this.inner.drain());
  }

  recycled(): Recycled | null {
    return this.inner.recycled();
  }

  behind(): boolean {
    return this.inner.behind();
  }

  private watch(f: () => void): void {
    try {
      f();
    } catch (e) {
      this.failure ??= e;
      throw e;
    }
  }
}
