// One error type for everything that can go wrong talking to the service, with plain words for
// users. It never carries a secret: messages come from the service or from this table.
import { missingRightWords } from '../../preload/contract/key-rights';
import type { KeyRight } from './domain';

export const FAILURE_KINDS = ['service', 'network', 'timeout', 'response', 'input'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

export interface ApiErrorInit {
  kind: FailureKind;
  status?: number | null;
  code?: number | null;
  message: string;
  description?: string;
  requestId?: string;
  /** The request parameter the error is about (10001 or client-side validation). */
  field?: string;
  /** Milliseconds the service asked us to wait (Retry-After). */
  retryAfterMs?: number;
  /** The request certainly never reached the service (connection refused, no such host). */
  notSent?: boolean;
  /** The key right the refused call needs (from its endpoint), named when the key lacks it. */
  neededRight?: KeyRight;
}

const PLAIN_WORDS: Readonly<Record<number, string>> = {
  429: 'Too many requests: the service refused the request before acting on it and asked us to slow down. Try again in a moment.',
  500: 'The service reported an internal error.',
  503: 'The service is down for maintenance. Try again later.',
  504: 'The service timed out. The outcome is unknown until it has been checked.',
  600: 'This action is not allowed.',
  1001: 'The service requires authorization: check the API key.',
  1002: 'Authorization failed: check the API key and secret, and the computer clock.',
  1003: 'This API key lacks the right needed for this action.',
  1004: 'The service does not support this authorization method.',
  2001: 'Unknown symbol.',
  2002: 'Unknown currency.',
  10021: 'The sub-account is frozen or disabled.',
  20001: 'Insufficient funds: the balance does not cover the amount and fees.',
  20002: 'Order not found.',
  20003: 'Limit exceeded: the withdrawal limit has been reached.',
  20018: 'Withdrawals are unavailable under the current configuration.',
  21004: 'The sub-account is already frozen or disabled.',
  22004: 'User not found.',
  22008: 'The service gateway timed out. The outcome is unknown until it has been checked.',
};

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: FailureKind;
  readonly status: number | null;
  readonly code: number | null;
  readonly description: string | undefined;
  readonly requestId: string | undefined;
  readonly field: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly notSent: boolean;
  readonly neededRight: KeyRight | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.code = init.code ?? null;
    this.description = init.description;
    this.requestId = init.requestId;
    this.field = init.field ?? (init.code === 10001 ? fieldFromDescription(init.description) : undefined);
    this.retryAfterMs = init.retryAfterMs;
    this.notSent = init.notSent ?? false;
    this.neededRight = init.neededRight;
  }

  /** What a log or audit entry keeps: the plain words and the service's code. */
  get userMessage(): string {
    const code = this.code ?? this.status;
    if (this.kind !== 'service' && this.kind !== 'response') return this.words;
    return code === null ? this.words : `${this.words} (code ${code})`;
  }

  /** The plain words alone, for the contract: the screen adds the code once (appErrorText). */
  get words(): string {
    const code = this.code ?? this.status;
    if (this.kind === 'network') return 'The service could not be reached. Check the connection.';
    if (this.kind === 'timeout') return 'The service did not answer in time.';
    if (this.kind === 'input') return this.message;
    if (code === 10001 || this.kind === 'response') {
      const what = this.field === undefined ? '' : ` for ${this.field}`;
      return `Invalid value${what}: ${this.description ?? this.message}`;
    }
    if (this.isMissingRight && this.neededRight !== undefined) return `${missingRightWords(this.neededRight)}.`;
    return (code !== null ? PLAIN_WORDS[code] : undefined) ?? this.statusWords();
  }

  /** The key lacks the right the call needs (HTTP 403, code 1003, in every API version). */
  get isMissingRight(): boolean {
    return this.kind === 'service' && (this.code === 1003 || (this.status === 403 && this.code === 403));
  }

  /** Stable code for the app's contract, e.g. 'API_20001', 'NETWORK'. */
  get appCode(): string {
    if (this.kind === 'service') return `API_${this.code ?? this.status ?? 'UNKNOWN'}`;
    return this.kind.toUpperCase();
  }

  private statusWords(): string {
    if (this.status !== null && PLAIN_WORDS[this.status] !== undefined) return PLAIN_WORDS[this.status] ?? '';
    return this.description ?? this.message;
  }
}

/** The sandbox and real service put the parameter first: "amount: must be positive". */
function fieldFromDescription(description: string | undefined): string | undefined {
  const leading = description?.match(/^\s*([A-Za-z_][A-Za-z0-9_.]*)\s*:/);
  const quoted = description?.match(/['"`]([A-Za-z_][A-Za-z0-9_.]*)['"`]/);
  return leading?.[1] ?? quoted?.[1];
}

export function inputError(field: string, problem: string): ApiError {
  return new ApiError({ kind: 'input', message: `${field}: ${problem}`, field });
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The service's code (both versions) for a client order id no active order has. */
export const ORDER_NOT_FOUND = 20002;

export const isOrderNotFound = (error: unknown): boolean => isApiError(error) && error.code === ORDER_NOT_FOUND;
