// Failures cross the contract as data, never as thrown exceptions.
export interface AppError {
  /** Stable machine code, e.g. 'VALIDATION', 'KEYCHAIN_LOCKED', 'API_20001'. */
  code: string;
  /** Plain words for the user. Never contains a secret. */
  message: string;
  /** The request field the error is about, when there is one. */
  field?: string;
}

/** How an error reads on screen: its plain words, then its code for support, e.g. "Insufficient funds (API_20001)". */
export const appErrorText = (error: AppError): string => `${error.message} (${error.code})`;

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (code: string, message: string, field?: string): Result<never> => ({
  ok: false,
  error: field === undefined ? { code, message } : { code, message, field },
});
