import Decimal from './decimal';

// Retry timing: exponential backoff with "equal jitter" (half fixed, half random, so two clients
// never retry in lockstep yet no retry is instant), and the service's Retry-After honoured.
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
  /** Attempts including the first. */
  maxAttempts: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 250, capMs: 8_000, maxAttempts: 5 };
export const STREAM_BACKOFF: BackoffPolicy = { baseMs: 500, capMs: 30_000, maxAttempts: Number.POSITIVE_INFINITY };

/** Delay before retry number `attempt` (0 = the first retry). */
export function backoffDelayMs(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const exponential = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt));
  const half = exponential / 2;
  return Math.round(half + random() * half);
}

/** Retry-After is either delta-seconds or an HTTP date; returns milliseconds to wait. */
export function parseRetryAfter(header: string | undefined, nowMs: number): number | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const trimmed = header.trim();
  // Decimal seconds are read with decimal.js like every number the service sends: no binary float.
  if (/^\d+(\.\d+)?$/.test(trimmed)) return new Decimal(trimmed).times(1_000).round().toNumber();
  const at = Date.parse(trimmed);
  return Number.isFinite(at) ? Math.max(0, at - nowMs) : undefined;
}

/** The service counts requests in a one-second sliding window (api-v3.md "Limits"). */
export const SERVICE_LIMIT_WINDOW_MS = 1_000;
/** The longest a 429 holds a class of requests back, whatever the service asks. */
export const MAX_RATE_LIMIT_HOLD_MS = 60_000;

/**
 * How long a 429 holds its class of requests back: the service's Retry-After when it sends one,
 * else one window of the service's count, after which what it counted has aged out.
 */
export function rateLimitHoldMs(retryAfterMs: number | undefined): number {
  return Math.min(retryAfterMs ?? SERVICE_LIMIT_WINDOW_MS, MAX_RATE_LIMIT_HOLD_MS);
}

export function retryDelayMs(
  attempt: number,
  policy: BackoffPolicy,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  const jittered = backoffDelayMs(attempt, policy, random);
  return retryAfterMs === undefined ? jittered : Math.max(retryAfterMs, jittered);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
