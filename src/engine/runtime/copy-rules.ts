import { cudaErrorInvalidMemcpyDirection, cudaErrorInvalidValue, cudaSuccess } from './api-common.js';
import type { RuntimeContext } from './context.js';
import type { CopyDirection } from './timing.js';

/*
 * What CUDA checks in a copy's arguments before it moves a byte: the direction it names against
 * where the pointers live, (for 2D copies) the pitches, and a symbol copy's range and kind.
 * Blocking and async copies share them.
 */

const cudaErrorInvalidPitchValue = 12;

/** Checks a memcpy's direction against where its pointers live (UVA lets the runtime tell); returns the direction or an error code. */
export function direction(ctx: RuntimeContext, dst: number, src: number, kind: number): CopyDirection | number {
  const m = ctx.memory;
  const dstDev = m.isDevice(dst);
  const srcDev = m.isDevice(src);
  if (!(dstDev || m.isHost(dst)) || !(srcDev || m.isHost(src))) return cudaErrorInvalidValue;
  const actual: CopyDirection = srcDev ? (dstDev ? 'DtoD' : 'DtoH') : dstDev ? 'HtoD' : 'HtoH';
  switch (kind) {
    case 0:
    case 4:
      return actual;
    case 1:
      return actual === 'HtoD' ? actual : cudaErrorInvalidValue;
    case 2:
      return actual === 'DtoH' ? actual : cudaErrorInvalidValue;
    case 3:
      return actual === 'DtoD' ? actual : cudaErrorInvalidValue;
    default:
      return cudaErrorInvalidMemcpyDirection;
  }
}

/** The error a 2D copy gets for its pitches (a row wider than a pitch, or a pitch above the device's memPitch), or cudaSuccess. */
export function pitchError(maxPitch: number, width: number, dpitch: number, spitch: number): number {
  return width > dpitch || width > spitch || dpitch > maxPitch || spitch > maxPitch ? cudaErrorInvalidPitchValue : cudaSuccess;
}


/**
 * What a symbol copy (cudaMemcpyToSymbol/FromSymbol and their Async forms) answers before it copies:
 * `inRange` whether the bytes lie inside the variable, `kind` its cudaMemcpyKind. Where both are wrong,
 * a copy to the symbol reports the range and a copy from it the direction.
 */
export function symbolCopyError(inRange: boolean, kind: number, toSymbol: boolean): number {
  if (toSymbol && !inRange) return cudaErrorInvalidValue;
  if (kind !== (toSymbol ? 1 : 2) && kind !== 4 && kind !== 3) return cudaErrorInvalidMemcpyDirection;
  return inRange ? cudaSuccess : cudaErrorInvalidValue;
}
