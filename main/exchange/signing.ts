// Request signing per SUPPLEMENT §1 (REST) and §2 (stream login), version 3.
// Every function here is pure: the caller reads the secret, signs, and drops it.
import { createHmac } from 'node:crypto';
import type { ServiceClock } from './clock';
import { inputError } from './errors';

export const AUTH_SCHEMES = ['HS256', 'BASIC'] as const;
export type AuthScheme = (typeof AUTH_SCHEMES)[number];

/** The window the client signs with when the credentials name none (SUPPLEMENT §1's usual default). */
export const DEFAULT_WINDOW_MS = 10_000;
/** The largest window a service accepts (SUPPLEMENT §1's usual maximum). */
export const MAX_WINDOW_MS = 60_000;

/**
 * The window a version 3 HS256 signature is sent with: always explicit, so when the service stops
 * accepting a request is what we sent rather than a default of its own we would have to guess.
 */
export function signatureWindowMs(windowMs: number | undefined): number {
  if (windowMs === undefined) return DEFAULT_WINDOW_MS;
  if (!Number.isSafeInteger(windowMs) || windowMs < 1 || windowMs > MAX_WINDOW_MS) {
    throw inputError('windowMs', `must be a whole number of milliseconds from 1 to ${MAX_WINDOW_MS}`);
  }
  return windowMs;
}

/** The service's code for a refused login or signature: wrong key, wrong signature, or stale timestamp. */
export const AUTH_REFUSED_CODE = 1002;

/**
 * Asked after a refusal, once the clock has heard from the service again: was it a 1002 for a
 * timestamp that now falls outside the window? Then clock skew caused it, and one re-sync and one
 * more try are worth it; otherwise the key or signature is wrong and retrying cannot help.
 */
export function refusedForSkew(code: number | null, signedAtMs: number, clock: Pick<ServiceClock, 'wouldReject'>, windowMs: number): boolean {
  return code === AUTH_REFUSED_CODE && clock.wouldReject(signedAtMs, windowMs);
}

export interface SignableRequest {
  method: string;
  /** Path starting with /api/3/, exactly as sent. */
  path: string;
  /** Query string without '?', exactly as sent; '' when none. */
  query: string;
  /** Raw body bytes as sent; '' when none. */
  body: string;
  timestampMs: number;
  /** Optional validity window in milliseconds. */
  windowMs?: number;
}

export function hmacSha256Hex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

/** METHOD + PATH (+ ?query for GET) (+ body for other methods) + TIMESTAMP (+ WINDOW). */
export function stringToSignV3(request: SignableRequest): string {
  const method = request.method.toUpperCase();
  const queryPart = method === 'GET' && request.query !== '' ? `?${request.query}` : '';
  const bodyPart = method !== 'GET' ? request.body : '';
  const windowPart = request.windowMs === undefined ? '' : String(request.windowMs);
  return `${method}${request.path}${queryPart}${bodyPart}${request.timestampMs}${windowPart}`;
}

export function hs256AuthorizationV3(apiKey: string, secret: string, request: SignableRequest): string {
  const signature = hmacSha256Hex(secret, stringToSignV3(request));
  const fields = [apiKey, signature, String(request.timestampMs)];
  if (request.windowMs !== undefined) fields.push(String(request.windowMs));
  return `HS256 ${Buffer.from(fields.join(':'), 'utf8').toString('base64')}`;
}

export function basicAuthorization(apiKey: string, secret: string): string {
  return `Basic ${Buffer.from(`${apiKey}:${secret}`, 'utf8').toString('base64')}`;
}

export interface SignedAuthorization {
  /** The Authorization header's value. */
  header: string;
  /**
   * Service time after which the service refuses this signature as stale, so a request held on
   * the way can no longer run; null when nothing bounds it (Basic carries no time at all).
   */
  acceptedUntilMs: number | null;
}

/** The Authorization header of one request, by scheme; each API version signs its own way. */
export type RequestSigner = (scheme: AuthScheme, apiKey: string, secret: string, request: SignableRequest) => SignedAuthorization;

/** Basic in either version: the secret itself, valid whenever it arrives. */
export function unboundedBasic(apiKey: string, secret: string): SignedAuthorization {
  return { header: basicAuthorization(apiKey, secret), acceptedUntilMs: null };
}

/** HS256 always names its window, and the service accepts it until timestamp + window. */
export const signRequestV3: RequestSigner = (scheme, apiKey, secret, request) => {
  if (scheme === 'BASIC') return unboundedBasic(apiKey, secret);
  const windowMs = signatureWindowMs(request.windowMs);
  return { header: hs256AuthorizationV3(apiKey, secret, { ...request, windowMs }), acceptedUntilMs: request.timestampMs + windowMs };
};

export type StreamLoginParams =
  | { type: 'HS256'; api_key: string; timestamp: number; window?: number; signature: string }
  | { type: 'BASIC'; api_key: string; secret_key: string };

/** Stream login (SUPPLEMENT §2): signature = hex HMAC(secret, timestamp + (window or '')). */
export function streamLoginParamsV3(
  scheme: AuthScheme,
  apiKey: string,
  secret: string,
  timestampMs: number,
  windowMs?: number,
): StreamLoginParams {
  if (scheme === 'BASIC') return { type: 'BASIC', api_key: apiKey, secret_key: secret };
  const signature = hmacSha256Hex(secret, `${timestampMs}${windowMs ?? ''}`);
  return windowMs === undefined
    ? { type: 'HS256', api_key: apiKey, timestamp: timestampMs, signature }
    : { type: 'HS256', api_key: apiKey, timestamp: timestampMs, window: windowMs, signature };
}
