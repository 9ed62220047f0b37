// A real sandbox on loopback and the app's core for its master account: a real client (short
// signature window, so a lost reply settles in seconds), its own SQLite files, short follow-up
// pauses. Every request the client sends is kept with its query, so a test can tell which payment
// method was asked; what the service really holds is read over plain HTTP with Basic auth.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BuyOrderView, Events } from '../../../preload/contract';
import { profileDomainHandlers } from '../../../main/core/app';
import { openAuditLog, type AuditLog } from '../../../main/core/audit/audit-log';
import { CheckoutLinks } from '../../../main/core/buycrypto/checkout-links';
import { BuyCryptoService, type BuyCryptoApi } from '../../../main/core/buycrypto/service';
import { createPendingStore } from '../../../main/core/pending/store';
import type { ProfileScope } from '../../../main/core/session/scope';
import { createScopes, type Scopes } from '../../../main/core/session/scopes';
import { openWithdrawalStore } from '../../../main/core/withdrawals/store';
import { openDatabase } from '../../../main/db/database';
import { RateLimiter } from '../../../main/exchange/limiter';
import type { TreasuryApi } from '../../../main/exchange/treasury-api';
import { createV3Api } from '../../../main/exchange/v3/api';
import type { RunningSandbox } from '../../../main/sandbox/index';
import { startSandbox } from '../../../main/sandbox/server';
import { sandboxControl, waitForEmitted, type ControlCall } from '../support/sandbox-support';

export { failure, unwrap } from '../transfers/harness';

export const CONTROL_TOKEN = 'buycrypto-tests';
const SIGNATURE_WINDOW_MS = 2_000;
const SETTLE_GRACE_MS = 500;
/** Short pauses between follow-up reads, so a status change shows within a second. */
const FOLLOW_BACKOFF_MS = [100, 150, 250, 400];

interface SandboxKey { api_key: string; secret_key: string }
interface SandboxAccount { email: string; keys: SandboxKey[] }

export type Emitted = { event: keyof Events; payload: unknown };

export interface Harness {
  sandbox: RunningSandbox;
  api: TreasuryApi;
  scope: ProfileScope;
  handlers: ReturnType<typeof profileDomainHandlers>;
  links: CheckoutLinks;
  audit: AuditLog;
  events: Emitted[];
  /** Every request the client sent, as "METHOD /path". */
  wire: string[];
  /** Every rate the core asked, as "provider/method" (the wire does not show the query). */
  rateAsks: string[];
  control: ControlCall;
  /** GET on the service with the master's key over Basic auth: the test's own view of the truth. */
  truth<T>(path: string): Promise<T>;
  /** Another service on the same scope's ledger, with its own clock or client (for what tests inject). */
  service(options: { now?: () => number; api?: BuyCryptoApi }): BuyCryptoService;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const sandbox = await startSandbox({ lightSeed: true, controlToken: CONTROL_TOKEN });
  const control = sandboxControl(sandbox.restUrl, CONTROL_TOKEN);
  const accounts = (await control('GET', '/sandbox/accounts')) as SandboxAccount[];
  const key = accounts.find((a) => a.email === 'master@sandbox.test')?.keys[0];
  if (key === undefined) throw new Error('no key for the master account');
  const dir = mkdtempSync(join(tmpdir(), 'coffer-buycrypto-'));
  const wire: string[] = [];
  const events: Emitted[] = [];
  const limiter = new RateLimiter();
  const client = createV3Api({
    baseUrl: sandbox.restUrl,
    wsUrl: sandbox.wsUrl,
    credentials: { apiKey: key.api_key, scheme: 'HS256', windowMs: SIGNATURE_WINDOW_MS, readSecret: async () => key.secret_key },
    onExchange: (event) => wire.push(`${event.method} ${event.path}`),
    settleGraceMs: SETTLE_GRACE_MS,
    limiter,
  });
  const rateAsks: string[] = [];
  const api: TreasuryApi = {
    ...client,
    buyCryptoRate: (query) => {
      rateAsks.push(`${query.providerId}/${query.paymentMethodId ?? '*'}`);
      return client.buyCryptoRate(query);
    },
  };
  const audit = openAuditLog(dir, { osUser: 'tester' });
  const store = openWithdrawalStore(dir);
  const db = openDatabase(dir);
  const links = new CheckoutLinks();
  const profile = { id: 'profile-buy', name: 'Buyer' };
  const scopes: Scopes = createScopes({
    audit, store, pending: createPendingStore(db), osUser: 'tester', reconcilePollMs: 150, deadlineCheckMs: 1_000,
    checkoutLinks: links, buyFollowBackoffMs: FOLLOW_BACKOFF_MS,
    events: { emit: (event, payload) => void (event === 'connectionState' ? undefined : events.push({ event, payload })) },
    session: async () => ({ profile, api }),
  });
  const scope = await scopes.current();
  const extra: BuyCryptoService[] = [];

  return {
    sandbox, api, scope, links, audit, events, wire, rateAsks, control,
    handlers: profileDomainHandlers(scopes),
    truth: async <T>(path: string) => {
      const authorization = `Basic ${Buffer.from(`${key.api_key}:${key.secret_key}`).toString('base64')}`;
      // These reads take their turn from the client's limiter (they share the service's limits),
      // and a 429 from elsewhere is waited out.
      const scope = { host: new URL(sandbox.restUrl).host, account: key.api_key };
      for (let attempt = 0; ; attempt += 1) {
        const release = await limiter.acquire(path, scope);
        let response: Response;
        try {
          response = await fetch(`${sandbox.restUrl}${path}`, { headers: { Authorization: authorization } });
        } finally {
          release();
        }
        const json: unknown = await response.json();
        if (response.ok) return json as T;
        if (response.status !== 429 || attempt >= 20) throw new Error(`GET ${path} failed: ${JSON.stringify(json)}`);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    },
    service: (options) => {
      const service = new BuyCryptoService({
        api: options.api ?? api, ledger: scope.ledger, profile, currencies: () => scope.withdrawals.currencies(), links,
        notices: { orderUpdated: () => undefined }, now: options.now, followBackoffMs: FOLLOW_BACKOFF_MS,
      });
      extra.push(service);
      return service;
    },
    close: async () => {
      for (const service of extra) service.close();
      scopes.close();
      client.close();
      audit.close();
      store.close();
      db.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sandbox.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** How many requests went to `path`. */
export function sent(h: Harness, method: string, path: string): number {
  return h.wire.filter((line) => line === `${method} ${path}`).length;
}

/** How many rates the core asked of this provider's method. */
export function asked(h: Harness, providerMethod: string): number {
  return h.rateAsks.filter((a) => a === providerMethod).length;
}

export interface OrderUpdate {
  order: BuyOrderView;
  arrived: boolean;
}

/** The first buyOrderUpdated (from `fromIndex` on) that matches. */
export function waitForUpdate(h: Harness, predicate: (update: OrderUpdate) => boolean, timeoutMs = 8_000, fromIndex = 0): Promise<OrderUpdate> {
  return waitForEmitted<OrderUpdate>(h.events, 'buyOrderUpdated', predicate, timeoutMs, fromIndex);
}

export function updatesOf(h: Harness, orderId: string): OrderUpdate[] {
  return h.events.filter((e) => e.event === 'buyOrderUpdated').map((e) => e.payload as OrderUpdate).filter((u) => u.order.id === orderId);
}
