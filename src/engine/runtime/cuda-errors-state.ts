import { isStickyError } from './errors.js';

/*
 * CUDA's error reporting: every call returns a code; a failed call also sets the
 * thread's "last error" (read and cleared by cudaGetLastError, read by
 * cudaPeekAtLastError). A sticky error (a kernel fault) corrupts the context: from
 * then on every call returns it and cudaGetLastError cannot clear it, until
 * cudaDeviceReset. A kernel's fault is asynchronous: it surfaces at the next call
 * that waits for the device.
 */

/** The CUDA runtime's error bookkeeping for one device context. */
export class CudaErrorState {
  private last = 0;
  private sticky = 0;
  private pendingFault = 0;

  /** Records a call's result: non-zero codes become the last error (and sticky ones stick). Returns the code. */
  record(code: number): number {
    if (code !== 0) {
      this.last = code;
      if (isStickyError(code)) this.sticky = code;
    }
    return code;
  }

  /** The error every call returns once the context is corrupted, or 0. */
  get stickyError(): number {
    return this.sticky;
  }

  /** A kernel faulted: the error waits for the next synchronising call. */
  kernelFault(code: number): void {
    if (this.pendingFault === 0) this.pendingFault = code;
  }

  /** A synchronising call (cudaDeviceSynchronize, blocking cudaMemcpy...) collects a pending kernel fault. Returns the code it must return. */
  synchronize(): number {
    if (this.pendingFault !== 0) {
      const code = this.pendingFault;
      this.pendingFault = 0;
      return this.record(code);
    }
    return this.sticky;
  }

  /** cudaGetLastError: returns and clears the last error (a sticky one stays). */
  takeLast(): number {
    const code = this.sticky !== 0 ? this.sticky : this.last;
    if (this.sticky === 0) this.last = 0;
    return code;
  }

  /** cudaPeekAtLastError. */
  peekLast(): number {
    return this.sticky !== 0 ? this.sticky : this.last;
  }

  /** cudaDeviceReset clears everything. */
  reset(): void {
    this.last = 0;
    this.sticky = 0;
    this.pendingFault = 0;
  }
}
