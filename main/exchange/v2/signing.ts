// Version 2 request signing (api-v2.md "Authentication", SUPPLEMENT §1): the timestamp is whole
// SECONDS, it comes before the path in the signed text, and the header joins key, timestamp and
// signature in that order (version 3 puts the signature second). Basic is the same in both.
import { hmacSha256Hex, unboundedBasic, type RequestSigner, type SignableRequest } from '../signing';

/**
 * How far, in whole seconds, the service lets a version 2 timestamp stray from its own clock's
 * second, either way. Version 2 sends no window, and api-v2.md names no bound; this is what the
 * service does (the sandbox mirrors it: the version 3 default window of 10 s, both ways).
 */
export const V2_TIMESTAMP_TOLERANCE_SECONDS = 10;

/** The service's clock in ms, as whole seconds (floored: a timestamp ahead of the service is refused). */
export function timestampSecondsV2(timestampMs: number): number {
  return Math.floor(timestampMs / 1_000);
}

/** METHOD + TIMESTAMP (s) + PATH (+ ?query when one exists) (+ body when one exists). */
export function stringToSignV2(request: SignableRequest): string {
  const method = request.method.toUpperCase();
  const queryPart = request.query === '' ? '' : `?${request.query}`;
  return `${method}${timestampSecondsV2(request.timestampMs)}${request.path}${queryPart}${request.body}`;
}

export function hs256AuthorizationV2(apiKey: string, secret: string, request: SignableRequest): string {
  const signature = hmacSha256Hex(secret, stringToSignV2(request));
  const fields = [apiKey, String(timestampSecondsV2(request.timestampMs)), signature];
  return `HS256 ${Buffer.from(fields.join(':'), 'utf8').toString('base64')}`;
}

/**
 * The service time after which a version 2 signature is refused: its second is compared with the
 * service's, so the request runs while the service's second is at most the tolerance later, that
 * is until the end of that last second.
 */
export function acceptedUntilMsV2(timestampMs: number): number {
  return (timestampSecondsV2(timestampMs) + V2_TIMESTAMP_TOLERANCE_SECONDS + 1) * 1_000;
}

export const signRequestV2: RequestSigner = (scheme, apiKey, secret, request) =>
  scheme === 'BASIC'
    ? unboundedBasic(apiKey, secret)
    : { header: hs256AuthorizationV2(apiKey, secret, request), acceptedUntilMs: acceptedUntilMsV2(request.timestampMs) };
