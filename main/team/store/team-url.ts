// The team store's address as the user types it: postgres://user@host:port/database?sslmode=…
// The password never rides in it (it is kept in the keychain, and settings hold the URL), and a
// store off this machine is reached only over TLS with its certificate and host name checked.
import { AppFailure } from '../../core/app-error';

export const SSL_MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'] as const;
export type SslMode = (typeof SSL_MODES)[number];

export interface TeamServer {
  host: string;
  port: number;
  database: string;
  user: string;
  /** null when the URL names none (allowed on loopback only). */
  sslmode: SslMode | null;
  /** The server is on this machine (127.0.0.1, ::1 or localhost). */
  loopback: boolean;
  /** user@host:port/database — what the screen shows; never a password. */
  display: string;
}

const DEFAULT_PORT = 5432;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

function refuse(words: string): never {
  throw new AppFailure('BAD_TEAM_URL', words, 'url');
}

export function parseTeamUrl(url: string): TeamServer {
  const parsed = parseUrl(url.trim());
  if (parsed.password !== '') {
    refuse('Put the password in the password field: it is kept in the keychain, never in settings.');
  }
  const user = decoded(parsed.username, 'user name');
  if (user === '') refuse('The URL needs a user name: postgres://user@host:port/database.');
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === '') refuse('The URL needs a host: postgres://user@host:port/database.');
  const port = parsed.port === '' ? DEFAULT_PORT : Number(parsed.port);
  if (port === 0) refuse('The URL\'s port must be between 1 and 65535.');
  const database = databaseOf(parsed.pathname);
  const sslmode = sslModeOf(parsed.searchParams);
  const loopback = LOOPBACK_HOSTS.has(host.toLowerCase());
  if (!loopback && sslmode !== 'verify-full') {
    refuse(`A team store on another machine must be reached with sslmode=verify-full (TLS, its certificate and host name checked): add ?sslmode=verify-full to the URL.`);
  }
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return { host, port, database, user, sslmode, loopback, display: `${user}@${hostPart}:${port}/${database}` };
}

function parseUrl(text: string): URL {
  if (!/^postgres(ql)?:\/\//i.test(text)) refuse('The URL must start with postgres:// (or postgresql://).');
  try {
    return new URL(text);
  } catch {
    return refuse('This is not a valid URL: postgres://user@host:port/database?sslmode=verify-full.');
  }
}

function decoded(part: string, what: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return refuse(`The URL's ${what} is not validly percent-encoded.`);
  }
}

function databaseOf(pathname: string): string {
  const database = decoded(pathname.replace(/^\//, ''), 'database name');
  if (database === '') refuse('The URL needs a database name: postgres://user@host:port/database.');
  if (database.includes('/')) refuse('The URL names more than a database after the port: postgres://user@host:port/database.');
  return database;
}

function sslModeOf(params: URLSearchParams): SslMode | null {
  const unknown = [...params.keys()].filter((key) => key !== 'sslmode');
  if (unknown.length > 0) refuse(`Coffer reads only sslmode from the URL; remove ${unknown.join(', ')}.`);
  const values = params.getAll('sslmode');
  if (values.length === 0) return null;
  const mode = SSL_MODES.find((known) => known === values[0]);
  if (values.length > 1 || mode === undefined) refuse(`sslmode must be one of ${SSL_MODES.join(', ')}; use sslmode=verify-full.`);
  return mode;
}
