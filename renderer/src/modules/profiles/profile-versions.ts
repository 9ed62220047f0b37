// What the form says about each API version's endpoints, and the streaming URL an empty field
// stands for.
import type { ApiVersion } from '../../../../preload/contract';

/** Where each API version lives under the profile's URLs, for the form to say what Coffer calls. */
export const VERSION_PATHS = {
  '3': { rest: '/api/3/…', stream: '/api/3/ws/…' },
  '2': { rest: '/api/2/…', stream: '/api/2/ws/…' },
} as const satisfies Record<ApiVersion, { rest: string; stream: string }>;

/**
 * The streaming URL an empty field stands for: the REST URL's own host and path over ws:// or
 * wss:// (http → ws, https → wss), as the service serves both from one origin. null when the REST
 * URL is not an http(s) URL, so nothing can be derived from it.
 */
export function streamUrlFor(restUrl: string): string | null {
  const match = /^(https?)(:\/\/.+)$/i.exec(restUrl.trim());
  if (match === null) return null;
  const [, scheme = '', rest = ''] = match;
  return `${scheme.toLowerCase() === 'https' ? 'wss' : 'ws'}${rest.replace(/\/+$/, '')}`;
}

/** The line under the version choice: which paths Coffer calls under the profile's URLs. */
export function versionPathsHint(version: string): string | null {
  const paths = (VERSION_PATHS as Record<string, { rest: string; stream: string } | undefined>)[version];
  return paths === undefined ? null : `Coffer calls ${paths.rest} and ${paths.stream}`;
}
