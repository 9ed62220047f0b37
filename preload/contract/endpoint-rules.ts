// Where a profile's key may go. An endpoint is https:// or wss:// anywhere, or plain http:// or
// ws:// only on this computer (loopback), and never carries credentials in the URL. Basic auth
// sends the secret itself, so it needs TLS or loopback too. A profile moved to another origin
// needs its secret entered again. Main enforces these; the profile form runs them for early
// feedback. Messages never quote the URL: it may hold a password.

export type EndpointKind = 'rest' | 'stream';

interface EndpointScheme {
  secure: string;
  plain: string;
  /** What the field expects, in the words of its messages. */
  what: string;
}

const SCHEMES: Record<EndpointKind, EndpointScheme> = {
  rest: { secure: 'https:', plain: 'http:', what: 'an http:// or https:// URL' },
  stream: { secure: 'wss:', plain: 'ws:', what: 'a ws:// or wss:// URL' },
};

export const CREDENTIALS_IN_URL_MESSAGE = 'Leave credentials out of the URL; the key fields hold them';
export const SECRET_FOR_NEW_HOST_MESSAGE =
  'Enter the secret again: the stored secret is never sent to a new host';

/** 127.0.0.0/8, ::1 and localhost, as the URL parser writes them (it normalises 127.1, 0x7f.1, [0:0::1]). */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** True when the URL carries user-info (user:password@host), also when it does not parse at all. */
export function carriesCredentials(value: string): boolean {
  const url = parse(value);
  if (url !== null) return url.username !== '' || url.password !== '';
  return /^[^@/?#]*:[/\\]*[^/\\?#]*@/.test(value);
}

/** null when `value` is an endpoint a key may be sent to, else the message for its field. */
export function endpointProblem(value: string, kind: EndpointKind): string | null {
  const scheme = SCHEMES[kind];
  if (value === '') return `Enter ${scheme.what}`;
  const url = parse(value);
  if (url === null || ![scheme.secure, scheme.plain].includes(url.protocol) || url.hostname === '') {
    return `Must be ${scheme.what}`;
  }
  if (carriesCredentials(value)) return CREDENTIALS_IN_URL_MESSAGE;
  if (url.protocol === scheme.plain && !isLoopbackHost(url.hostname)) {
    const secure = `${scheme.secure}//`;
    const plain = `${scheme.plain}//`;
    return `Use ${secure}; unencrypted ${plain} is allowed only on this computer`;
  }
  return null;
}

/** True when the URL is TLS, or plain on loopback; false for anything else, unparsable included. */
function protectsSecret(value: string): boolean {
  const url = parse(value);
  if (url === null) return false;
  return url.protocol === 'https:' || url.protocol === 'wss:' || isLoopbackHost(url.hostname);
}

/** null unless Basic auth would send the secret over a plain connection to another computer. */
export function basicAuthProblem(authMethod: string, restUrl: string, streamUrl: string): string | null {
  if (authMethod !== 'BASIC') return null;
  if (protectsSecret(restUrl) && protectsSecret(streamUrl)) return null;
  return 'Basic sends the secret itself: use it only over https:// and wss://, or on this computer';
}

export interface Endpoints {
  restUrl: string;
  streamUrl: string;
}

/** scheme://host:port, or null when the URL does not parse. */
function originOf(value: string): string | null {
  const url = parse(value);
  return url === null ? null : `${url.protocol}//${url.host}`;
}

/**
 * True when either endpoint would reach another origin (scheme, host or port) than before. A URL
 * that does not parse counts as moved: nothing can vouch that it is the same place.
 */
export function movesHost(before: Endpoints, after: Endpoints): boolean {
  return [
    [before.restUrl, after.restUrl],
    [before.streamUrl, after.streamUrl],
  ].some(([from = '', to = '']) => {
    const origin = originOf(from);
    return origin === null || origin !== originOf(to);
  });
}
