// A real sandbox on loopback and, per account, the app's profile core with a history store in its
// own data directory (the scope opens <dataDir>/history/<profileId>.db and syncs it). What the
// service really holds is read over plain HTTP with Basic auth, taking turns in the client's
// limiter; the stores are read back through their own files.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Events } from '../../../preload/contract';
import type { HistoryEntry } from '../../../preload/contract/history';
import { openAuditLog } from '../../../main/core/audit/audit-log';
import { createHistoryQuery } from '../../../main/core/history/query';
import { historyStoreFile } from '../../../main/core/history/store-file';
import { createPendingStore } from '../../../main/core/pending/store';
import type { LiveFeeds } from '../../../main/core/session/ports';
import { openWithdrawalStore } from '../../../main/core/withdrawals/store';
import { openDatabase } from '../../../main/db/database';
import { RateLimiter } from '../../../main/exchange/limiter';
import type { TreasuryApi } from '../../../main/exchange/treasury-api';
import { createV2Api } from '../../../main/exchange/v2/api';
import { createV3Api } from '../../../main/exchange/v3/api';
import type { RunningSandbox } from '../../../main/sandbox/index';
import { startSandbox } from '../../../main/sandbox/server';
import { openProfileCore, type ProfileCore } from '../support/profile-core';
import { sandboxControl, waitForEmitted, type ControlCall, type EmittedEvent } from '../support/sandbox-support';

const TOKEN = 'history-tests';

interface SandboxKey { api_key: string; secret_key: string; label?: string }
interface SandboxAccount { id: number; email: string; keys: SandboxKey[] }

/** A transaction as the service lists it (the fields the tests compare). */
export interface ServiceTx {
  id: number;
  status: string;
  type: string;
  subtype: string;
  updated_at: string;
  native: { tx_id: string; amount: string; currency: string; fee?: string; offchain_id?: string; address?: string; operation_type?: string };
}

/** A spot trade as the service lists it. */
export interface ServiceTrade {
  id: number;
  client_order_id: string;
  symbol: string;
  side: 'buy' | 'sell';
  quantity: string;
  price: string;
  fee: string;
  timestamp: string;
}

export interface DeskOptions {
  /** Reuse a data directory (a restart); a new one otherwise. */
  dataDir?: string;
  /** false: no wallet stream, so only the sync's own reads bring changes. */
  live?: boolean;
  /** The API version the desk's client speaks (3 unless given). */
  apiVersion?: '2' | '3';
  /** Symbols the desk's client leaves out of the service's symbol list (as if no longer listed); changeable while open. */
  hiddenSymbols?: Set<string>;
  /** The label of the account's key the desk signs with (its first key unless given). */
  keyLabel?: string;
}

export interface Desk {
  core: ProfileCore;
  profileId: string;
  dataDir: string;
  events: EmittedEvent[];
  /** Requests the sync sent (counted when sent): the id walk's pages and the reads by updated_at. */
  listRequests(): number;
  /** Requests sent to the trade history. */
  tradeRequests(): number;
  /** The afterId each first read (or its resumption) started from. */
  firstReadsFrom: Array<string | undefined>;
  /** Every stored entry, oldest first, read from the store's file. */
  stored(): HistoryEntry[];
  /** The store's sync cursors, read from its file. */
  cursors(): { id_cursor: string | null; watermark: string | null; initial_done: number; trade_cursor: string | null; trades_done: number };
  close(): void;
}

export interface Harness {
  sandbox: RunningSandbox;
  control: ControlCall;
  openDesk(email: string, options?: DeskOptions): Promise<Desk>;
  /** GET on the service with the account's key over Basic auth. */
  truth<T>(email: string, path: string, init?: { method: string; body: Record<string, unknown> }): Promise<T>;
  /** Every transaction of the account, ascending ids, as the service lists them. */
  serviceHistory(email: string): Promise<ServiceTx[]>;
  /** Every spot trade of the account, ascending ids, as the service lists them. */
  serviceTrades(email: string): Promise<ServiceTrade[]>;
  close(): Promise<void>;
}

/** A light sandbox (a few hours of market history, no seeded transactions) unless the options say otherwise. */
export async function startHistoryHarness(sandboxOptions: { lightSeed?: boolean; seededHistory?: number } = {}): Promise<Harness> {
  const sandbox = await startSandbox({ lightSeed: true, controlToken: TOKEN, ...sandboxOptions });
  const control = sandboxControl(sandbox.restUrl, TOKEN);
  let accounts = (await control('GET', '/sandbox/accounts')) as SandboxAccount[];
  const limiter = new RateLimiter();
  const dirs = new Set<string>();
  const desks: Desk[] = [];
  const keyOf = (email: string, label?: string): SandboxKey => {
    const keys = accounts.find((a) => a.email === email)?.keys ?? [];
    const key = label === undefined ? keys[0] : keys.find((k) => k.label === label);
    if (key === undefined) throw new Error(`no key for ${email}`);
    return key;
  };

  const truth: Harness['truth'] = async <T>(email: string, path: string, init?: { method: string; body: Record<string, unknown> }) => {
    if (!accounts.some((a) => a.email === email && a.keys.length > 0)) accounts = (await control('GET', '/sandbox/accounts')) as SandboxAccount[];
    const key = keyOf(email);
    const scope = { host: new URL(sandbox.restUrl).host, account: key.api_key };
    const release = await limiter.acquire(path, scope);
    try {
      const response = await fetch(`${sandbox.restUrl}${path}`, {
        method: init?.method ?? 'GET',
        headers: { Authorization: `Basic ${Buffer.from(`${key.api_key}:${key.secret_key}`).toString('base64')}`, 'Content-Type': 'application/json' },
        body: init === undefined ? undefined : JSON.stringify(init.body),
      });
      const json: unknown = await response.json();
      if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${path} failed: ${JSON.stringify(json)}`);
      return json as T;
    } finally {
      release();
    }
  };

  const serviceHistory = async (email: string) => {
    const all: ServiceTx[] = [];
    for (;;) {
      const from = all.length === 0 ? 0 : (all[all.length - 1] as ServiceTx).id + 1;
      const page = await truth<ServiceTx[]>(email, `/api/3/wallet/transactions?order_by=id&sort=ASC&limit=1000&id_from=${from}`);
      all.push(...page);
      if (page.length < 1000) return all;
    }
  };

  const serviceTrades = async (email: string) => {
    const all: ServiceTrade[] = [];
    for (;;) {
      const from = all.length === 0 ? 0 : (all[all.length - 1] as ServiceTrade).id + 1;
      const page = await truth<ServiceTrade[]>(email, `/api/3/spot/history/trade?by=id&sort=ASC&limit=1000&from=${from}`);
      all.push(...page);
      if (page.length < 1000) return all;
    }
  };

  const openDesk = async (email: string, options: DeskOptions = {}): Promise<Desk> => {
    // Accounts and keys made by a control after the start are read again.
    accounts = (await control('GET', '/sandbox/accounts')) as SandboxAccount[];
    const key = keyOf(email, options.keyLabel);
    const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'coffer-history-'));
    dirs.add(dataDir);
    let listRequests = 0;
    let tradeRequests = 0;
    const firstReadsFrom: Array<string | undefined> = [];
    // The transport logs each request as it leaves; only the sync asks by updated_at or walks ids with offsets.
    const countSync = (message: string, fields?: Record<string, unknown>) => {
      const query = typeof fields?.query === 'string' ? fields.query : '';
      if (message === 'request' && fields?.path === '/api/3/wallet/transactions' && /order_by=updated_at|order_by=id&.*offset=/.test(query)) listRequests += 1;
      if (message === 'request' && (fields?.path === '/api/3/spot/history/trade' || fields?.path === '/api/2/history/trades')) tradeRequests += 1;
    };
    const api = (options.apiVersion === '2' ? createV2Api : createV3Api)({
      baseUrl: sandbox.restUrl, wsUrl: sandbox.wsUrl, limiter,
      credentials: { apiKey: key.api_key, scheme: 'HS256', readSecret: async () => key.secret_key },
      logger: { debug: countSync, info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    const watched = (client: TreasuryApi): TreasuryApi => ({
      ...client,
      withPriority: (priority) => watched(client.withPriority(priority)),
      transactionsAfterId: (afterId) => {
        firstReadsFrom.push(afterId);
        return client.transactionsAfterId(afterId);
      },
      symbols: async () => (await client.symbols()).filter((symbol) => options.hiddenSymbols?.has(symbol.id) !== true),
    });
    const audit = openAuditLog(dataDir, { osUser: 'tester' });
    const withdrawals = openWithdrawalStore(dataDir);
    const db = openDatabase(dataDir);
    const events: EmittedEvent[] = [];
    const profileId = `profile-${email.split('@')[0]}`;
    const quiet: LiveFeeds = () => () => undefined;
    // One client object for the desk's life: the scopes reopen when the session's client changes.
    const client = watched(api);
    const core = openProfileCore({
      audit, store: withdrawals, pending: createPendingStore(db), osUser: 'tester', dataDir,
      historySync: { retryDelaysMs: [300, 600], catchUpEveryMs: 60_000 },
      events: { emit: (event: keyof Events, payload: unknown) => void events.push({ event, payload }) },
      session: async () => ({ profile: { id: profileId, name: email }, api: client, feeds: options.live === false ? quiet : undefined }),
    });
    await core.activate();
    const readStore = <T>(read: (store: Database.Database) => T): T => {
      const file = new Database(historyStoreFile(dataDir, profileId), { readonly: true });
      try {
        return read(file);
      } finally {
        file.close();
      }
    };
    let closed = false;
    const desk: Desk = {
      core, profileId, dataDir, events, firstReadsFrom,
      listRequests: () => listRequests,
      tradeRequests: () => tradeRequests,
      stored: () => readStore((file) => Array.from(createHistoryQuery(file).iterate({}))),
      cursors: () => readStore((file) => file.prepare('SELECT id_cursor, watermark, initial_done, trade_cursor, trades_done FROM history_sync_state').get() as ReturnType<Desk['cursors']>),
      close() {
        if (closed) return;
        closed = true;
        core.close();
        api.close();
        audit.close();
        withdrawals.close();
        db.close();
      },
    };
    desks.push(desk);
    return desk;
  };

  return {
    sandbox, control, openDesk, truth, serviceHistory, serviceTrades,
    close: async () => {
      for (const desk of desks) desk.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sandbox.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The first historySyncProgress (from `fromIndex` on) whose status matches. */
export function waitForSync(desk: Desk, predicate: (status: Events['historySyncProgress']['status']) => boolean, timeoutMs = 15_000, fromIndex = 0) {
  return waitForEmitted<Events['historySyncProgress']>(desk.events, 'historySyncProgress', (payload) => predicate(payload.status), timeoutMs, fromIndex);
}
