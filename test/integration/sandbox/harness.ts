// Conformance-test harness: starts a real sandbox on loopback and talks to it with hand-built
// HTTP requests and the tests' own HMAC code (checked against openssl vectors in auth.test.ts).
import { createHmac } from 'node:crypto';
import { startSandbox } from '../../../main/sandbox/server';
import type { RunningSandbox, SandboxOptions } from '../../../main/sandbox/index';

export const CONTROL_TOKEN = 'test-control-token';

export interface TestKey {
  label: string;
  api_key: string;
  secret_key: string;
  rights: string[];
}

export interface TestAccount {
  id: number;
  kind: 'master' | 'sub' | 'user';
  email: string;
  username: string;
  external_id: string;
  status: string;
  keys: TestKey[];
}

export interface Harness {
  sandbox: RunningSandbox;
  accounts: TestAccount[];
  master: TestAccount;
  /** The master account's key with the given label (master, pay-only, wdr-only, hist-only, ord-only, no-rights). */
  key(label?: string): TestKey;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  control(method: string, path: string, body?: unknown): Promise<Reply>;
  refreshAccounts(): Promise<void>;
  close(): Promise<void>;
}

export interface CallOptions {
  key?: TestKey | null;
  /** hs256 is version 3's header; hs256-v2 version 2's (seconds, key:timestamp:signature). */
  auth?: 'hs256' | 'basic' | 'hs256-v2';
  /** Raw query string without '?'. */
  query?: string;
  body?: unknown;
  form?: boolean;
  window?: number;
  timestamp?: number;
  headers?: Record<string, string>;
}

export interface Reply {
  status: number;
  json: unknown;
  text: string;
}

export function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

export function hs256Header(key: TestKey, method: string, pathWithQuery: string, body: string, timestamp: number, window?: number): string {
  const text = method + pathWithQuery + body + String(timestamp) + (window === undefined ? '' : String(window));
  const signature = hmacHex(key.secret_key, text);
  const parts = [key.api_key, signature, String(timestamp), ...(window === undefined ? [] : [String(window)])];
  return `HS256 ${Buffer.from(parts.join(':')).toString('base64')}`;
}

/** Version 2 (api-v2.md, SUPPLEMENT §1): HMAC over METHOD + seconds + PATH (+ ?query) + body. */
export function hs256V2Header(key: TestKey, method: string, pathWithQuery: string, body: string, timestampSeconds: number): string {
  const signature = hmacHex(key.secret_key, method + String(timestampSeconds) + pathWithQuery + body);
  return `HS256 ${Buffer.from([key.api_key, String(timestampSeconds), signature].join(':')).toString('base64')}`;
}

export function basicHeader(key: TestKey): string {
  return `Basic ${Buffer.from(`${key.api_key}:${key.secret_key}`).toString('base64')}`;
}

function encodeBody(body: unknown, form: boolean): string {
  if (body === undefined) return '';
  if (typeof body === 'string' && !form) return body; // raw JSON text, exactly as a client wrote it
  if (!form) return JSON.stringify(body);
  return new URLSearchParams(Object.entries(body as Record<string, unknown>).map(([k, v]): [string, string] => [k, String(v)])).toString();
}

export async function startHarness(options: SandboxOptions = {}): Promise<Harness> {
  // Limits off unless a test turns them on: conformance tests send bursts far above 20/s.
  const sandbox = await startSandbox({ lightSeed: true, controlToken: CONTROL_TOKEN, limits: { enabled: false }, ...options });
  const control = async (method: string, path: string, body?: unknown): Promise<Reply> => {
    const res = await fetch(sandbox.restUrl + path, {
      method, headers: { authorization: `Bearer ${CONTROL_TOKEN}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, json: text === '' ? null : JSON.parse(text) as unknown };
  };
  const first = await fetchAccounts(control);
  const harness: Harness = {
    sandbox,
    accounts: first.accounts,
    master: first.master,
    key(label = 'master') {
      const found = harness.master.keys.find((k) => k.label === label);
      if (!found) throw new Error(`no master key ${label}`);
      return found;
    },
    async call(method, path, options = {}) {
      const body = encodeBody(options.body, options.form === true);
      const pathWithQuery = path + (options.query ? `?${options.query}` : '');
      const headers: Record<string, string> = { ...options.headers };
      if (body !== '') headers['content-type'] = options.form ? 'application/x-www-form-urlencoded' : 'application/json';
      const key = options.key === undefined ? harness.key() : options.key;
      if (key) {
        headers.authorization = options.auth === 'basic' ? basicHeader(key)
          : options.auth === 'hs256-v2' ? hs256V2Header(key, method, pathWithQuery, body, options.timestamp ?? Math.floor(Date.now() / 1000))
          : hs256Header(key, method, method === 'GET' ? pathWithQuery : path, method === 'GET' ? '' : body, options.timestamp ?? Date.now(), options.window);
      }
      const res = await fetch(sandbox.restUrl + pathWithQuery, { method, headers, body: body === '' ? undefined : body });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = text === '' ? null : JSON.parse(text) as unknown;
      } catch {
        json = null;
      }
      return { status: res.status, text, json };
    },
    control,
    async refreshAccounts() {
      const fresh = await fetchAccounts(control);
      harness.accounts = fresh.accounts;
      harness.master = fresh.master;
    },
    close: () => sandbox.close(),
  };
  return harness;
}

async function fetchAccounts(control: Harness['control']): Promise<{ accounts: TestAccount[]; master: TestAccount }> {
  const accounts = (await control('GET', '/sandbox/accounts')).json as TestAccount[];
  const master = accounts.find((a) => a.kind === 'master');
  if (!master) throw new Error('the sandbox has no master account');
  return { accounts, master };
}

export function errorCode(reply: Reply): number | undefined {
  const body = reply.json as { error?: { code?: number } } | null;
  return body?.error?.code;
}

export function errorDescription(reply: Reply): string {
  const body = reply.json as { error?: { description?: string } } | null;
  return body?.error?.description ?? '';
}
