// The web host's admission rules, as plain functions: the per-launch token, and the Host and
// Origin headers that prove a request comes from our own page on the loopback interface.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const LOOPBACK_ADDRESS = '127.0.0.1';

/** 32 random bytes, base64url: the secret a socket must present. */
export const createToken = (): string => randomBytes(32).toString('base64url');

/** Constant-time comparison; hashing first makes the lengths equal and hides the token's. */
export function tokenMatches(presented: string | null | undefined, expected: string): boolean {
  if (typeof presented !== 'string' || presented.length === 0) return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/** Host header values we answer to; anything else is DNS rebinding or a foreign client. */
export const allowedHosts = (port: number): string[] => [`${LOOPBACK_ADDRESS}:${port}`, `localhost:${port}`];

/** Page origins allowed to open the contract socket. */
export const allowedOrigins = (port: number): string[] => allowedHosts(port).map((host) => `http://${host}`);

export function isAllowedHost(host: string | undefined, port: number): boolean {
  return host !== undefined && allowedHosts(port).includes(host.toLowerCase());
}

/** For the socket an Origin is mandatory (browsers always send one on WebSocket upgrades). */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  return origin !== undefined && allowedOrigins(port).includes(origin.toLowerCase());
}

/** Plain HTTP GETs from a navigation carry no Origin; when one is present it must be ours. */
export function isAllowedHttpOrigin(origin: string | undefined, port: number): boolean {
  return origin === undefined || isAllowedOrigin(origin, port);
}

/** The URL the user opens: the token travels in the fragment, which browsers never send. */
export const launchUrl = (port: number, token: string): string =>
  `http://${LOOPBACK_ADDRESS}:${port}/#token=${token}`;
