// A real sandbox on loopback, a real client (createV3Api) and the real wallet core over real
// SQLite files in a temp dir. The service clock the app sees follows the sandbox clock's
// advances, as a real client's clock follows the real service.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { Events } from '../../../preload/contract';
import { openDatabase } from '../../../main/db/database';
import { createPendingStore } from '../../../main/core/pending/store';
import { openAuditLog, type AuditLog } from '../../../main/core/audit/audit-log';
import { openWithdrawalStore, type WithdrawalStore } from '../../../main/core/withdrawals/store';
import type { TreasuryApi } from '../../../main/exchange/treasury-api';
import type { SessionProfile } from '../../../main/core/session/ports';
import { RateLimiter } from '../../../main/exchange/limiter';
import { createV3Api, type V3ApiOptions } from '../../../main/exchange/v3/api';
import type { RunningSandbox } from '../../../main/sandbox/index';
import { startSandbox } from '../../../main/sandbox/server';
import { openProfileCore, type ProfileCore } from '../support/profile-core';
import { sandboxControl, waitForEmitted } from '../support/sandbox-support';

export const CONTROL_TOKEN = 'approvals-tests';
export const PROFILE = { id: 'profile-1', name: 'Treasury desk' };
/** A valid BTC (bech32) address that belongs to no sandbox account. */
export const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

type WalletEvents = Omit<Events, 'profilesChanged' | 'connectionState'>;
export type Emitted = { [E in keyof WalletEvents]: { event: E; payload: WalletEvents[E] } }[keyof WalletEvents];

export interface Harness {
  sandbox: RunningSandbox;
  dataDir: string;
  core: ProfileCore;
  api: TreasuryApi;
  audit: AuditLog;
  store: WithdrawalStore;
  events: Emitted[];
  /** Connection states forwarded for the contract's connectionState event. */
  states: { profileId: string; stream: string; state: string }[];
  /** Every request the app's client put on the wire, as "METHOD /path". */
  wire: string[];
  /** One limiter for every client the test makes: the sandbox limits per IP, and all share 127.0.0.1. */
  limiter: RateLimiter;
  control(method: 'GET' | 'POST' | 'DELETE', path: string, body?: Record<string, unknown>): Promise<unknown>;
  advanceClock(ms: number): Promise<void>;
  /** Closes the app side only and opens it again on the same files (an app restart). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  client?: Partial<V3ApiOptions>;
  /** The profile as the session hands it to the scope (default PROFILE: one desk on the account). */
  profile?: SessionProfile;
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox({ lightSeed: true, controlToken: CONTROL_TOKEN });
  const dataDir = mkdtempSync(join(tmpdir(), 'coffer-approvals-'));
  let advancedMs = 0;
  const wire: string[] = [];
  const events: Emitted[] = [];
  const states: Harness['states'] = [];
  const limiter = new RateLimiter();

  const control: Harness['control'] = sandboxControl(sandbox.restUrl, CONTROL_TOKEN);

  function openApp(): { core: ProfileCore; api: TreasuryApi; audit: AuditLog; store: WithdrawalStore; db: Database.Database } {
    const api = createV3Api({
      baseUrl: sandbox.restUrl,
      wsUrl: sandbox.wsUrl,
      // A 4 s signature window (not the usual 10): a lost reply settles once its window has closed.
      credentials: { apiKey: sandbox.master.apiKey, scheme: 'HS256', windowMs: 4_000, readSecret: async () => sandbox.master.secretKey },
      onExchange: (event) => wire.push(`${event.method} ${event.path.split('?')[0]}`),
      settleGraceMs: 1_000,
      limiter,
      ...options.client,
    });
    const serviceNow = () => api.serviceNow() + advancedMs;
    const appApi: TreasuryApi = Object.assign(Object.create(api) as TreasuryApi, { serviceNow });
    const audit = openAuditLog(dataDir, { osUser: 'tester' });
    const store = openWithdrawalStore(dataDir);
    const db = openDatabase(dataDir);
    const core = openProfileCore({
      audit,
      store,
      pending: createPendingStore(db),
      osUser: 'tester',
      events: { emit: (event, payload) => void (event === 'connectionState' ? states.push(payload as Events['connectionState']) : events.push({ event, payload } as Emitted)) },
      session: async () => ({ profile: options.profile ?? PROFILE, api: appApi }),
      reconcilePollMs: 200,
      deadlineCheckMs: 100,
    });
    return { core, api, audit, store, db };
  }

  let app = openApp();
  const closeApp = () => {
    app.core.close();
    app.api.close();
    app.audit.close();
    app.store.close();
    app.db.close();
  };
  const harness: Harness = {
    sandbox,
    dataDir,
    get core() { return app.core; },
    get api() { return app.api; },
    get audit() { return app.audit; },
    get store() { return app.store; },
    events,
    states,
    wire,
    limiter,
    control,
    advanceClock: async (ms) => {
      await control('POST', '/sandbox/clock/advance', { ms });
      advancedMs += ms;
    },
    restart: async () => {
      closeApp();
      app = openApp();
      await app.core.activate();
    },
    close: async () => {
      closeApp();
      // Let the sandbox finish replies it scheduled for the closed streams (it answers a
      // subscription on setImmediate and would read its closed database otherwise).
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** Resolves with the first event (already emitted or coming) that satisfies the predicate. */
export async function waitForEvent<E extends keyof WalletEvents>(
  harness: Harness,
  event: E,
  predicate: (payload: WalletEvents[E]) => boolean,
  timeoutMs = 10_000,
  /** Only events emitted at or after this index of harness.events. */
  fromIndex = 0,
): Promise<WalletEvents[E]> {
  return waitForEmitted<WalletEvents[E]>(harness.events, event, predicate, timeoutMs, fromIndex);
}

export function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: { code: string; message: string } }): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}
