// An error a service throws on purpose, carrying the code and plain-words message the user sees,
// and failureFrom, which turns it into a failed Result, a keychain or service failure into its own
// words, and any other thrown error into a generic INTERNAL one. Light on purpose: the web host
// answers with it before the contract's schemas load.
import type { Result } from '../../preload/contract/result';
import { isCancelled } from '../exchange/cancellation';
import { isApiError } from '../exchange/errors';
import { KeychainError } from '../keychain/keychain-error';

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

/** Thrown AppFailures become their own Result; anything else is logged here and hidden. */
export function failureFrom(op: string, error: unknown): Result<never> {
  if (error instanceof AppFailure) {
    const { code, message, field } = error;
    return { ok: false, error: field === undefined ? { code, message } : { code, message, field } };
  }
  // A read nobody waits for any more, dropped before it was sent: expected, not worth a log line.
  if (isCancelled(error)) return { ok: false, error: { code: CANCELLED, message: error.message } };
  // A cause already known in words (keychain unreachable or locked, network, maintenance, a missing
  // right) that a handler let through: said as it is, never hidden behind INTERNAL.
  if (error instanceof KeychainError) return { ok: false, error: { code: error.code, message: error.message } };
  if (isApiError(error)) return { ok: false, error: { code: error.appCode, message: error.words } };
  // The log stays in main; secrets never enter an Error (they go straight to the keychain).
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : typeof error;
  console.error(`[dispatch] ${op} failed unexpectedly: ${detail}`);
  return { ok: false, error: { code: 'INTERNAL', message: `Coffer could not complete ${op}; see the log for details` } };
}
