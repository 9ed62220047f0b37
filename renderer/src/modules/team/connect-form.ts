// The "connect to a team" form's rules, pure: the server address is a postgres:// URL without a
// password in it (the password has its own field and goes to the keychain), with
// sslmode=verify-full unless the server is on this computer — anything less lets whoever sits on
// the network read or change the team's entries in transit. Main checks again.
import type { ConnectTeamInput } from '../../../../preload/contract/team';

export const CONNECT_FIELDS = ['url', 'password', 'deskName', 'action', 'teamName', 'referenceCurrency'] as const;
export type ConnectField = (typeof CONNECT_FIELDS)[number];
export type ConnectErrors = Partial<Record<ConnectField, string>>;

export const SERVER_PLACEHOLDER = 'postgres://coffer@db.example.com:5432/coffer?sslmode=verify-full';
export const NAME_MAX = 80;

export interface ConnectDraft {
  url: string;
  password: string;
  deskName: string;
  action: 'create' | 'join';
  teamName: string;
  referenceCurrency: string;
}

export function emptyConnectDraft(): ConnectDraft {
  return { url: '', password: '', deskName: '', action: 'create', teamName: '', referenceCurrency: 'USDT' };
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Host names that mean this computer: the connection never leaves it, so TLS may be off. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export function checkServerUrl(text: string): string | undefined {
  const url = text.trim();
  if (url === '') return 'Enter the server address.';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `Not a server address: write it as ${SERVER_PLACEHOLDER}.`;
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') return 'The address starts with postgres://.';
  if (parsed.hostname === '') return 'The address names no server.';
  if (parsed.password !== '') return 'Take the password out of the address and type it in the Password field.';
  if (parsed.pathname.replace(/^\//, '') === '') return 'The address names no database: add /coffer (or its name) after the port.';
  const sslmode = parsed.searchParams.get('sslmode');
  if (sslmode !== 'verify-full' && !isLoopbackHost(parsed.hostname)) {
    return 'Add ?sslmode=verify-full: a server on another computer must prove who it is.';
  }
  return undefined;
}

function checkName(text: string, what: string): string | undefined {
  if (text.trim() === '') return `Enter ${what}.`;
  if (text.trim().length > NAME_MAX) return `At most ${NAME_MAX} characters (now ${text.trim().length}).`;
  return undefined;
}

export function validateConnect(draft: ConnectDraft): ConnectErrors {
  const errors: ConnectErrors = {};
  const url = checkServerUrl(draft.url);
  if (url) errors.url = url;
  const deskName = checkName(draft.deskName, 'a name for this desk');
  if (deskName) errors.deskName = deskName;
  if (draft.action === 'create') {
    const teamName = checkName(draft.teamName, 'the team’s name');
    if (teamName) errors.teamName = teamName;
    if (draft.referenceCurrency.trim() === '') errors.referenceCurrency = 'Choose the currency the policy counts in.';
  }
  return errors;
}

/** The request for a draft that passed validateConnect: a join sends no team name or currency. */
export function toConnectInput(draft: ConnectDraft): ConnectTeamInput {
  const input: ConnectTeamInput = { url: draft.url.trim(), deskName: draft.deskName.trim(), action: draft.action };
  if (draft.password !== '') input.password = draft.password;
  if (draft.action === 'create') {
    input.teamName = draft.teamName.trim();
    input.referenceCurrency = draft.referenceCurrency.trim();
  }
  return input;
}
