import { EffectColumns, StepColumns, encodeEffects, encodeSteps, valuesAt } from './codec.js';
import { CHUNK_EVENTS } from './schema.js';
import type { EncodedChunks } from './batch.js';

/*
 * Compression of a batch's step and effect chunks on the writer's side, for when the store is
 * behind. The encoders rewrite columns in place and the store still reads the batch's columns
 * (its checkpoints follow them), so they run on copies in buffers kept for the purpose.
 */

/** Compresses chunks from copies of their columns. */
export class ChunkEncoder {
  private readonly steps = new StepColumns();
  private readonly fx = new EffectColumns();

  /** The compressed chunks of `steps` and `fx`, which are left as they are. */
  encode(steps: StepColumns, fx: EffectColumns): EncodedChunks {
    return { steps: steps.n > 0 ? this.encodeSteps(steps) : null, effects: fx.n > 0 ? this.encodeEffects(fx) : null };
  }

  private encodeSteps(from: StepColumns): Uint8Array {
    const c = this.steps;
    new Uint8Array(c.buffer).set(new Uint8Array(from.buffer));
    c.n = from.n;
    return own(encodeSteps(c));
  }

  private encodeEffects(from: EffectColumns): Uint8Array {
    const c = this.fx;
    // The row columns lie at fixed places before the values: a copy up to the last value in use holds every row.
    new Uint8Array(c.buffer).set(new Uint8Array(from.buffer, 0, valuesAt(CHUNK_EVENTS) + from.nv * 8));
    c.n = from.n;
    c.nv = from.nv;
    return own(encodeEffects(c));
  }
}

/** `b`'s bytes in a buffer of their own, which a worker can take without a copy (zlib's output may share a larger one). */
function own(b: Uint8Array): Uint8Array {
  return b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? b : b.slice();
}
