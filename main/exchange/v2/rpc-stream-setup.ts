// Where the version 2 streams connect and how a trading or account connection logs in
// (api-v2.md "Authentication" 5, SUPPLEMENT §2): BASIC sends the secret, HS256 a random nonce
// and hex HMAC-SHA256(secret, nonce). A nonce carries no time, so no clock re-sync is involved.
import { randomBytes } from 'node:crypto';
import { ApiError } from '../errors';
import { AUTH_REFUSED_CODE, hmacSha256Hex, type AuthScheme } from '../signing';
import { ResilientSocket, type SocketOptions } from '../stream/socket';
import { socketOptions, type StreamSettings } from '../v3/stream-settings';

/** The streams as the app names them, and the version 2 location each connects to. */
export const V2_STREAM_LOCATIONS = { public: 'public', wallet: 'account', trading: 'trading' } as const;
export type V2StreamKind = keyof typeof V2_STREAM_LOCATIONS;

/** Version 3's options (limits, backoff, silence) with the version 2 location. */
export function socketOptionsV2(settings: StreamSettings, kind: V2StreamKind): Omit<SocketOptions, 'onOpen' | 'onNotification'> {
  return { ...socketOptions(settings, kind), url: `${settings.wsUrl.replace(/\/$/, '')}/api/2/ws/${V2_STREAM_LOCATIONS[kind]}` };
}

/** A started connection to the version 2 location of `kind`; `setUp` runs on every (re)connection before it counts as live. */
export function openSocketV2(
  settings: StreamSettings, kind: V2StreamKind, setUp: SocketOptions['onOpen'], onNotification: SocketOptions['onNotification'],
): ResilientSocket {
  const socket = new ResilientSocket({ ...socketOptionsV2(settings, kind), onOpen: setUp, onNotification });
  socket.start();
  return socket;
}

export type StreamLoginParamsV2 =
  | { algo: 'HS256'; pKey: string; nonce: string; signature: string }
  | { algo: 'BASIC'; pKey: string; sKey: string };

export function streamLoginParamsV2(scheme: AuthScheme, apiKey: string, secret: string, nonce: string): StreamLoginParamsV2 {
  if (scheme === 'BASIC') return { algo: 'BASIC', pKey: apiKey, sKey: secret };
  return { algo: 'HS256', pKey: apiKey, nonce, signature: hmacSha256Hex(secret, nonce) };
}

/** A fresh nonce per login: 16 random bytes as hex, so no signature is ever sent twice. */
export function loginNonce(): string {
  return randomBytes(16).toString('hex');
}

/** Logs a trading or account connection in; the secret is read here and dropped. */
export async function loginV2(socket: ResilientSocket, settings: StreamSettings): Promise<void> {
  const credentials = settings.credentials;
  if (credentials === undefined) throw new ApiError({ kind: 'input', message: 'This stream needs an API key', field: 'apiKey' });
  const secret = await credentials.readSecret();
  const result = await socket.request('login', streamLoginParamsV2(credentials.scheme, credentials.apiKey, secret, loginNonce()));
  if (result !== true) throw new ApiError({ kind: 'service', code: AUTH_REFUSED_CODE, message: 'Stream login refused' });
}
