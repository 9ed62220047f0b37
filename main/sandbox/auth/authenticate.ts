// Verifies the Authorization header of a REST request (SUPPLEMENT.md §1): Basic, or HS256 over
// METHOD + PATH + ?query (GET) + raw body (non-GET) + timestamp + window, with the exact bytes
// received; under /api/2, version 2's HS256 (seconds, apiKey:timestamp:signature). Responses
// carry the sandbox clock in their Date header, as a real service's carry its time; timestamps
// are accepted against that clock or the wall clock (see inReceiveWindow).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { errors } from '../http/errors';
import type { AuthenticatedKey } from '../http/route';
import type { KeyRight } from './rights';

export interface StoredKey {
  accountId: number;
  apiKey: string;
  secretKey: string;
  rights: readonly KeyRight[];
}

export interface KeyLookup {
  findKey(apiKey: string): StoredKey | undefined;
}

export interface SignedRequest {
  method: string;
  path: string;
  /** Query string as received, without '?'; '' when none. */
  rawQuery: string;
  rawBody: string;
}

export const DEFAULT_WINDOW_MS = 10_000;
export const MAX_WINDOW_MS = 60_000;
/** How far ahead of our clock a timestamp may be. */
export const FUTURE_SKEW_MS = 1_000;

/**
 * Whether a signed timestamp falls in its receive window. `nows` are the clocks the sandbox
 * accepts: the wall clock and its own (ahead of it once a test advanced it). A client that learns
 * the service's time from the Date header signs with the second; hand-made test requests sign
 * with the first. Before any advance they are the same clock.
 */
export function inReceiveWindow(timestamp: number, window: number, nows: readonly number[]): boolean {
  return nows.some((now) => timestamp >= now - window && timestamp <= now + FUTURE_SKEW_MS);
}

export function authenticate(header: string | undefined, request: SignedRequest, keys: KeyLookup, nowMs: number | readonly number[]): AuthenticatedKey {
  if (header === undefined || header.trim() === '') throw errors.authRequired();
  const space = header.indexOf(' ');
  const scheme = (space < 0 ? header : header.slice(0, space)).toUpperCase();
  const credentials = space < 0 ? '' : header.slice(space + 1).trim();
  if (scheme === 'BASIC') return verifyBasic(credentials, keys);
  if (scheme === 'HS256') {
    return isVersion2Path(request.path) ? verifyHs256V2(credentials, request, keys, nowMs) : verifyHs256(credentials, request, keys, nowMs);
  }
  throw errors.unsupportedAuth();
}

function verifyBasic(credentials: string, keys: KeyLookup): AuthenticatedKey {
  const decoded = Buffer.from(credentials, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw errors.authFailed('Basic credentials must be apiKey:secretKey');
  const key = keys.findKey(decoded.slice(0, colon));
  if (!key || !sameText(decoded.slice(colon + 1), key.secretKey)) throw errors.authFailed('Invalid API key or secret key');
  return toAuthenticated(key);
}

function verifyHs256(credentials: string, request: SignedRequest, keys: KeyLookup, nowMs: number | readonly number[]): AuthenticatedKey {
  const parts = Buffer.from(credentials, 'base64').toString('utf8').split(':');
  if (parts.length !== 3 && parts.length !== 4) throw errors.authFailed('HS256 credentials must be apiKey:signature:timestamp[:window]');
  const [apiKey = '', signature = '', timestampText = '', windowText] = parts;
  const timestamp = parseMillis(timestampText, 'timestamp');
  const window = windowText === undefined ? DEFAULT_WINDOW_MS : parseMillis(windowText, 'window');
  if (window > MAX_WINDOW_MS) throw errors.authFailed(`window must be at most ${MAX_WINDOW_MS} ms`);
  if (!inReceiveWindow(timestamp, window, typeof nowMs === 'number' ? [nowMs] : nowMs)) {
    throw errors.authFailed('Timestamp is outside the receive window; check the clock (milliseconds)');
  }
  const key = keys.findKey(apiKey);
  if (!key) throw errors.authFailed('Invalid API key');
  const suffix = timestampText + (windowText ?? '');
  const matches = signedTexts(request).some((text) => sameText(hmacHex(key.secretKey, text + suffix), signature.toLowerCase()));
  if (!matches) throw errors.authFailed('Invalid signature');
  return toAuthenticated(key);
}

/** Under /api/2 HS256 is version 2's: the version 3 form is refused there, and the reverse. */
function isVersion2Path(path: string): boolean {
  return path === '/api/2' || path.startsWith('/api/2/');
}

/**
 * Version 2 timestamps are integer seconds with no window field. They are accepted within
 * ±V2_WINDOW_SECONDS of our clock (either clock of `nows`, as for version 3): the default
 * version 3 window of 10 s, both ways, since a version 2 client cannot send a window of its own.
 */
export const V2_WINDOW_SECONDS = DEFAULT_WINDOW_MS / 1000;

function verifyHs256V2(credentials: string, request: SignedRequest, keys: KeyLookup, nowMs: number | readonly number[]): AuthenticatedKey {
  const parts = Buffer.from(credentials, 'base64').toString('utf8').split(':');
  if (parts.length !== 3) throw errors.authFailed('HS256 credentials under /api/2 must be apiKey:timestamp:signature');
  const [apiKey = '', timestampText = '', signature = ''] = parts;
  if (!/^\d{1,16}$/.test(timestampText)) throw errors.authFailed('timestamp must be an integer number of seconds');
  const seconds = Number.parseInt(timestampText, 10);
  const nowSeconds = (typeof nowMs === 'number' ? [nowMs] : nowMs).map((ms) => Math.floor(ms / 1000));
  if (!nowSeconds.some((now) => Math.abs(seconds - now) <= V2_WINDOW_SECONDS)) {
    throw errors.authFailed(`Timestamp is more than ${V2_WINDOW_SECONDS} s away from the server time; check the clock (seconds)`);
  }
  const key = keys.findKey(apiKey);
  if (!key) throw errors.authFailed('Invalid API key');
  const matches = signedTextsV2(request, timestampText).some((text) => sameText(hmacHex(key.secretKey, text), signature.toLowerCase()));
  if (!matches) throw errors.authFailed('Invalid signature');
  return toAuthenticated(key);
}

/** METHOD + timestamp + PATH (+ ?query) + body; for a non-GET call with a query string also the
 * text without it (clients differ; the sandbox accepts every variant). */
function signedTextsV2({ method, path, rawQuery, rawBody }: SignedRequest, timestampText: string): string[] {
  const head = method + timestampText + path;
  if (rawQuery === '') return [head + rawBody];
  const texts = [`${head}?${rawQuery}${rawBody}`];
  if (method !== 'GET') texts.push(head + rawBody);
  return texts;
}

/** The texts a client may have signed: the documented one, and for a non-GET call carrying a
 * query string also the variant with it (clients differ; the sandbox accepts every variant). */
function signedTexts({ method, path, rawQuery, rawBody }: SignedRequest): string[] {
  if (method === 'GET') return [method + path + (rawQuery === '' ? '' : `?${rawQuery}`)];
  const texts = [method + path + rawBody];
  if (rawQuery !== '') texts.push(`${method}${path}?${rawQuery}${rawBody}`);
  return texts;
}

export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text, 'utf8').digest('hex');
}

function parseMillis(text: string, name: string): number {
  if (!/^\d{1,16}$/.test(text)) throw errors.authFailed(`${name} must be an integer number of milliseconds`);
  return Number.parseInt(text, 10);
}

/** Constant-time comparison (length leaks, content does not). */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) {
    timingSafeEqual(right, right);
    return false;
  }
  return timingSafeEqual(left, right);
}

function toAuthenticated(key: StoredKey): AuthenticatedKey {
  return { accountId: key.accountId, apiKey: key.apiKey, rights: key.rights };
}
