// A real sandbox on loopback and the app's core for one or more of its accounts, each with a real
// client (short signature window, so a lost reply settles in seconds) and its own SQLite files.
// What the service really did is read over plain HTTP with Basic auth: the ground truth never
// goes through the client under test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Events } from '../../../preload/contract';
import { openAuditLog, type AuditLog } from '../../../main/core/audit/audit-log';
import { createPendingStore } from '../../../main/core/pending/store';
import { openWithdrawalStore } from '../../../main/core/withdrawals/store';
import { openDatabase } from '../../../main/db/database';
import { RateLimiter } from '../../../main/exchange/limiter';
import type { TreasuryApi } from '../../../main/exchange/treasury-api';
import { createV3Api } from '../../../main/exchange/v3/api';
import type { RunningSandbox } from '../../../main/sandbox/index';
import { startSandbox } from '../../../main/sandbox/server';
import { openProfileCore, type ProfileCore } from '../support/profile-core';
import { sandboxControl, waitForEmitted } from '../support/sandbox-support';

export const CONTROL_TOKEN = 'transfers-tests';
export const SIGNATURE_WINDOW_MS = 2_000;
export const SETTLE_GRACE_MS = 500;

type ProfileEvents = Omit<Events, 'profilesChanged' | 'connectionState'>;
export type Emitted = { [E in keyof ProfileEvents]: { event: E; payload: ProfileEvents[E] } }[keyof ProfileEvents];

interface SandboxKey { label: string; api_key: string; secret_key: string }
interface SandboxAccount { id: number; email: string; username: string; keys: SandboxKey[] }

/** One profile's app side: its core, its client, what it emitted and what it put on the wire. */
export interface Desk {
  core: ProfileCore;
  api: TreasuryApi;
  audit: AuditLog;
  events: Emitted[];
  /** Every request the client sent, as "METHOD /path". */
  wire: string[];
  close(): void;
}

export interface Harness {
  sandbox: RunningSandbox;
  /** The master account's desk (the default profile). */
  desk: Desk;
  /** A desk on another sandbox account, by email. */
  openDesk(email: string): Promise<Desk>;
  control(method: 'GET' | 'POST' | 'DELETE', path: string, body?: Record<string, unknown>): Promise<unknown>;
  /** GET on the service with the account's key over Basic auth: the test's own view of the truth. */
  truth<T>(email: string, path: string): Promise<T>;
  walletAvailable(email: string, currency: string): Promise<string>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const sandbox = await startSandbox({ lightSeed: true, controlToken: CONTROL_TOKEN });
  const dirs: string[] = [];
  const desks: Desk[] = [];
  const limiter = new RateLimiter();

  const control: Harness['control'] = sandboxControl(sandbox.restUrl, CONTROL_TOKEN);
  const accounts = (await control('GET', '/sandbox/accounts')) as SandboxAccount[];
  const keyOf = (email: string): SandboxKey => {
    const key = accounts.find((a) => a.email === email)?.keys[0];
    if (key === undefined) throw new Error(`no key for ${email}`);
    return key;
  };

  const open = async (email: string): Promise<Desk> => {
    const key = keyOf(email);
    const dir = mkdtempSync(join(tmpdir(), 'coffer-transfers-'));
    dirs.push(dir);
    const wire: string[] = [];
    const events: Emitted[] = [];
    const api = createV3Api({
      baseUrl: sandbox.restUrl,
      wsUrl: sandbox.wsUrl,
      credentials: { apiKey: key.api_key, scheme: 'HS256', windowMs: SIGNATURE_WINDOW_MS, readSecret: async () => key.secret_key },
      onExchange: (event) => wire.push(`${event.method} ${event.path.split('?')[0]}`),
      settleGraceMs: SETTLE_GRACE_MS,
      limiter,
    });
    const audit = openAuditLog(dir, { osUser: 'tester' });
    const store = openWithdrawalStore(dir);
    const db = openDatabase(dir);
    const core = openProfileCore({
      audit, store, pending: createPendingStore(db), osUser: 'tester', reconcilePollMs: 150, deadlineCheckMs: 1_000,
      events: { emit: (event, payload) => void (event === 'connectionState' ? undefined : events.push({ event, payload } as Emitted)) },
      session: async () => ({ profile: { id: `profile-${email}`, name: email }, api }),
    });
    await core.activate();
    const desk: Desk = {
      core, api, audit, events, wire,
      close() {
        core.close();
        api.close();
        audit.close();
        store.close();
        db.close();
      },
    };
    desks.push(desk);
    return desk;
  };

  const truth: Harness['truth'] = async <T>(email: string, path: string) => {
    const key = keyOf(email);
    const authorization = `Basic ${Buffer.from(`${key.api_key}:${key.secret_key}`).toString('base64')}`;
    // These reads share the service's per-IP limits with the app's client, so they take their turn
    // from its limiter: reads it did not know of would spend the budget and leave the next money
    // move a 429 (sent again only after a wait, and told). A 429 from elsewhere is still waited out.
    const scope = { host: new URL(sandbox.restUrl).host, account: key.api_key };
    for (let attempt = 0; ; attempt += 1) {
      const release = await limiter.acquire(path, scope);
      let response: Response;
      let json: unknown;
      try {
        response = await fetch(`${sandbox.restUrl}${path}`, { headers: { Authorization: authorization } });
        json = await response.json();
      } finally {
        release();
      }
      if (response.ok) return json as T;
      if (response.status !== 429 || attempt >= 20) throw new Error(`GET ${path} failed: ${JSON.stringify(json)}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  };

  const desk = await open('master@sandbox.test');
  return {
    sandbox,
    desk,
    openDesk: open,
    control,
    truth,
    walletAvailable: async (email, currency) => (await truth<{ available: string }>(email, `/api/3/wallet/balance/${currency}`)).available,
    close: async () => {
      for (const d of desks) d.close();
      // Let the sandbox finish what it scheduled for the closed streams before its database closes.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sandbox.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves with the first event (already emitted or coming, from `fromIndex` on) that matches. */
export async function waitForEvent<E extends keyof ProfileEvents>(
  desk: Desk,
  event: E,
  predicate: (payload: ProfileEvents[E]) => boolean,
  timeoutMs = 10_000,
  fromIndex = 0,
): Promise<ProfileEvents[E]> {
  return waitForEmitted<ProfileEvents[E]>(desk.events, event, predicate, timeoutMs, fromIndex);
}

export function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: { code: string; message: string; field?: string } }): T {
  if (!result.ok) throw new Error(`${result.error.code} on ${result.error.field ?? '-'}: ${result.error.message}`);
  return result.value;
}

/** The failure of a result expected to fail. */
export function failure(result: { ok: true; value: unknown } | { ok: false; error: { code: string; message: string; field?: string } }) {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  return result.error;
}

/** How many of the desk's requests went to `path` (any method when none is given). */
export function sentTo(desk: Desk, path: string, method?: string): number {
  return desk.wire.filter((line) => (method === undefined ? line.endsWith(` ${path}`) : line === `${method} ${path}`)).length;
}
