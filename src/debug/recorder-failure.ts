/*
 * What a live recording throws when recording itself broke (its trace could not be stored, its
 * thread died), as opposed to the program's failing: the session says so in one line and stops
 * the program, since no more of it can be recorded; it never reads as the end of the history.
 */

/** The recording of a live session failed; `reason` says why ("disk I/O error"). */
export class RecorderFailure extends Error {
  constructor(readonly reason: string) {
    super(`the recording failed (${reason})`);
  }
}

/** The reason an error thrown while recording gives, for a RecorderFailure made of it. */
export function failureReason(e: unknown): string {
  return e instanceof RecorderFailure ? e.reason : e instanceof Error ? e.message : String(e);
}
