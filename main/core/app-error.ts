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
