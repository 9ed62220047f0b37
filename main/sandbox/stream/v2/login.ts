// Version 2's stream protocol (api-v2.md "Streaming", SUPPLEMENT.md §2): login with
// {algo: BASIC, pKey, sKey} or {algo: HS256, pKey, nonce, signature = hex HMAC-SHA256(secret, nonce)},
// requests without id taken as JSON-RPC notifications (executed, never answered), and the key
// right each private method needs.
import { hmacHex, sameText, type KeyLookup, type StoredKey } from '../../auth/authenticate';
import { errors } from '../../http/errors';
import type { KeyRight } from '../../auth/rights';
import type { MethodHandler, SessionDialect } from '../session';

/** A nonce this long is no nonce a client means; it only makes the HMAC slower. */
const MAX_NONCE_LENGTH = 256;

export function v2Dialect(openMethods: ReadonlySet<string>): SessionDialect {
  return { answerRequestsWithoutId: false, openMethods, authenticate: authenticateV2 };
}

function authenticateV2(params: Record<string, unknown>, keys: KeyLookup): StoredKey {
  const algo = typeof params.algo === 'string' ? params.algo.toUpperCase() : '';
  if (algo !== 'BASIC' && algo !== 'HS256') throw errors.unsupportedAuth();
  const key = typeof params.pKey === 'string' ? keys.findKey(params.pKey) : undefined;
  if (!key) throw errors.authFailed('pKey: unknown API key');
  if (algo === 'BASIC') {
    if (typeof params.sKey !== 'string' || !sameText(params.sKey, key.secretKey)) throw errors.authFailed('sKey: does not match the API key');
    return key;
  }
  const nonce = params.nonce;
  if (typeof nonce !== 'string' || nonce === '' || nonce.length > MAX_NONCE_LENGTH) {
    throw errors.authFailed(`nonce: must be a string of 1 to ${MAX_NONCE_LENGTH} characters`);
  }
  const signature = typeof params.signature === 'string' ? params.signature.toLowerCase() : '';
  if (!sameText(signature, hmacHex(key.secretKey, nonce))) throw errors.authFailed('signature: is not hex HMAC-SHA256 of the nonce with the secret key');
  return key;
}

/** The method, refused with 1003 to a key without `right` (as REST refuses it). */
export function needing(right: KeyRight, handler: MethodHandler): MethodHandler {
  return (session, request) => {
    if (!session.rights.includes(right)) throw errors.forbidden(right);
    return handler(session, request);
  };
}

/** Every method of the table, needing `right`. */
export function allNeeding(right: KeyRight, methods: Record<string, MethodHandler>): Record<string, MethodHandler> {
  return Object.fromEntries(Object.entries(methods).map(([name, handler]) => [name, needing(right, handler)]));
}
