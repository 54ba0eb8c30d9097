import { SimulatorError } from '../exec/env.js';

/** A byte count in GiB, to a tenth ("5 GiB", "4.5 GiB"). */
function gib(bytes: number): string {
  return `${Math.round((bytes / 2 ** 30) * 10) / 10} GiB`;
}

/**
 * An access to device memory past the 4 GiB the simulator backs (typed arrays, and the fast
 * paths' `>>> 0` offsets): a limit of Warpscope's, not a fault of the program.
 */
export class DeviceMemoryLimit extends SimulatorError {
  /** `reach`: the offset past the start of device memory the access went to; `api`: whether a runtime call made it (by() names the call). */
  constructor(readonly reach: number, private subject: string, private api: boolean) {
    super('');
    this.name = 'DeviceMemoryLimit';
    this.by(null);
  }

  /** Names the runtime call that made the access (the innermost call to hear of it knows), leaving device and host accesses as they are. */
  by(call: string | null): void {
    if (this.api && call !== null) {
      this.subject = `this ${call}`;
      this.api = false;
    }
    this.message = `Warpscope cannot back more than 4 GiB of device memory (${this.subject} reaches ${gib(this.reach)} past the start of device memory)`;
  }
}
