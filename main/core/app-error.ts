// An error a service throws on purpose, carrying the code and plain-words message the user sees.
// dispatch() turns it into a failed Result; any other thrown error becomes a generic INTERNAL one.
export class AppFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppFailure';
  }
}

/** Answered at once when a window already has too many calls unanswered; nothing was run. */
export const BUSY = 'BUSY';
/** A read dropped before it reached the service because the window that asked for it had gone. */
export const CANCELLED = 'CANCELLED';
