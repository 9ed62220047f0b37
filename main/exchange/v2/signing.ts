// Version 2 request signing (api-v2.md "Authentication", SUPPLEMENT §1): the timestamp is whole
// SECONDS, it comes before the path in the signed text, and the header joins key, timestamp and
// signature in that order (version 3 puts the signature second). Basic is the same in both.
import { basicAuthorization, hmacSha256Hex, type RequestSigner, type SignableRequest } from '../signing';

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

export const signRequestV2: RequestSigner = (scheme, apiKey, secret, request) =>
  scheme === 'BASIC' ? basicAuthorization(apiKey, secret) : hs256AuthorizationV2(apiKey, secret, request);
